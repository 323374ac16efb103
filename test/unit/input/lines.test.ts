import { Readable } from 'node:stream'
import { gzipSync } from 'node:zlib'
import t from 'tap'
import { forEachLine } from '../../../src/input/lines.js'

const collect = async (chunks: (string | Buffer)[], label = 'x.log'): Promise<string[]> => {
  const lines: string[] = []
  const source = Readable.from(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c)), { objectMode: false })
  await forEachLine(source, label, (line) => lines.push(line))
  return lines
}

t.test('LF and CRLF endings, last line without newline', async (t) => {
  t.strictSame(await collect(['a\r\nb\n', 'c']), ['a', 'b', 'c'])
  t.strictSame(await collect(['a\n']), ['a'])
  t.strictSame(await collect([]), [])
})

t.test('a line split across chunks, and a UTF-8 character split across chunks', async (t) => {
  const e = Buffer.from('é')
  t.strictSame(await collect(['ab', 'c\nd', Buffer.from([0x78, e[0] as number]), Buffer.from([e[1] as number, 0x0a])]), ['abc', 'dxé'])
})

t.test('invalid UTF-8 bytes become U+FFFD', async (t) => {
  t.strictSame(await collect([Buffer.from([0x61, 0xff, 0x62, 0x0a])]), ['a\ufffdb'])
})

t.test('gzip by magic bytes, even when the first chunk has one byte', async (t) => {
  const gz = gzipSync('one\ntwo\n')
  t.strictSame(await collect([gz.subarray(0, 1), gz.subarray(1)]), ['one', 'two'])
  t.strictSame(await collect([Buffer.concat([gz, gzipSync('three\n')])]), ['one', 'two', 'three'])
})

t.test('a one-byte input that is not gzip', async (t) => {
  t.strictSame(await collect(['\x1f']), ['\x1f'])
})

t.test('truncated gzip is an input error naming the input', async (t) => {
  const gz = gzipSync('one\ntwo\n'.repeat(1000))
  await t.rejects(collect([gz.subarray(0, gz.length - 20)], 'old.log.gz'), {
    message: /^cannot read old\.log\.gz: the gzip data is truncated or corrupt/,
    exitCode: 2,
  })
})

t.test('an error thrown by the line callback stops reading and rejects', async (t) => {
  const seen: string[] = []
  const source = Readable.from([Buffer.from('a\nb\nc\n')], { objectMode: false })
  await t.rejects(forEachLine(source, 'x', (line) => {
    seen.push(line)
    if (line === 'b') throw new Error('stop here')
  }), { message: 'stop here' })
  t.strictSame(seen, ['a', 'b'])
})

t.test('a read error names the input', async (t) => {
  const source = new Readable({
    read() {
      this.destroy(Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' }))
    },
  })
  await t.rejects(forEachLine(source, 'disk.log', () => undefined), { message: 'cannot read disk.log: EIO: i/o error, read', exitCode: 2 })
})
