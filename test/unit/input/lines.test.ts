import { Readable } from 'node:stream'
import { gzipSync } from 'node:zlib'
import t from 'tap'
import type { LineSink } from '../../../src/input/line-splitter.js'
import { DECODE_BYTES, forEachLine } from '../../../src/input/lines.js'
import { isReadError } from '../../../src/input/read-error.js'
import { usageError } from '../../../src/errors.js'

/** A sink of callbacks: a line, and (dropped when not given) a line over the cap by its head. */
const sinkOf = (line: (text: string) => unknown, tooLong: (head: string) => unknown = () => undefined): LineSink =>
  ({ line: (text) => void line(text), tooLong: (head) => void tooLong(head) })

const collect = async (chunks: (string | Buffer)[], label = 'x.log'): Promise<string[]> => {
  const lines: string[] = []
  const source = Readable.from(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c)), { objectMode: false })
  await forEachLine(source, label, sinkOf((line) => lines.push(line)))
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
  await t.rejects(forEachLine(source, 'x', sinkOf((line) => {
    seen.push(line)
    if (line === 'b') throw new Error('stop here')
  })), { message: 'stop here' })
  t.strictSame(seen, ['a', 'b'])
})

t.test('a read error names the input', async (t) => {
  const source = new Readable({
    read() {
      this.destroy(Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' }))
    },
  })
  await t.rejects(forEachLine(source, 'disk.log', sinkOf(() => undefined)), { message: 'cannot read disk.log: EIO: i/o error, read', exitCode: 2 })
})

t.test('a line over 64 KiB is reported by its head, in order, and never handed over whole', async (t) => {
  const events: string[] = []
  const huge = 'x'.repeat(10 * 1024 * 1024)
  const chunks = ['first\n', ...Array.from({ length: 160 }, (_, i) => Buffer.from(huge.slice(i * 65536, (i + 1) * 65536))), '\nlast\n']
  const source = Readable.from(chunks.map((c) => (typeof c === 'string' ? Buffer.from(c) : c)), { objectMode: false })
  await forEachLine(source, 'big.log', sinkOf((line) => events.push(`line ${line.length}`), (head) => events.push(`too long ${head.length}`)))
  t.strictSame(events, ['line 5', 'too long 120', 'line 4'])
  const dropped: string[] = []
  await forEachLine(Readable.from([Buffer.from(`a\n${'y'.repeat(70000)}\nb\n`)], { objectMode: false }), 'x', sinkOf((line) => dropped.push(line)))
  t.strictSame(dropped, ['a', 'b'], 'a sink that drops long lines never sees them')
})

t.test('the cap may be given, in bytes: a line of exactly that many is read, one more is too long', async (t) => {
  const events: string[] = []
  // é is 2 bytes: 6 of them are 12 bytes in 6 characters
  const source = Readable.from([Buffer.from('abcdefghij\nééééé\néééééé\néééé\r\nééééé\r\nabcdefghijk\n')], { objectMode: false })
  await forEachLine(source, 'x', sinkOf((line) => events.push(`line ${line}`), (head) => events.push(`too long ${head}`)), 10)
  t.strictSame(events, ['line abcdefghij', 'line ééééé', 'too long éééééé', 'line éééé', 'too long ééééé\r', 'too long abcdefghijk'],
    'a CR of CRLF counts, as read from the end')
})

t.test('read errors are ReadErrors (what --partial-ok may pass over); errors of the callback are not', async (t) => {
  const gz = gzipSync('one\ntwo\n'.repeat(1000))
  const truncated = await collect([gz.subarray(0, gz.length - 20)], 'old.log.gz').catch((e: unknown) => e)
  t.ok(isReadError(truncated))
  const thrown = await forEachLine(Readable.from([Buffer.from('a\n')], { objectMode: false }), 'x', sinkOf(() => {
    throw usageError('a format problem')
  })).catch((e: unknown) => e)
  t.notOk(isReadError(thrown))
  t.match(thrown, { message: 'a format problem', exitCode: 2 })
})

t.test('a chunk larger than the decoding piece: characters across piece borders stay whole', async (t) => {
  const euro = '€' // 3 bytes in UTF-8
  // one line of 2-byte and 3-byte characters, long enough to cross 64 KiB borders at every offset
  const line = `${'é'.repeat(40_000)}${euro.repeat(30_000)}`
  const before = 'y'.repeat(99)
  const other = 'x'.repeat(DECODE_BYTES - 101)
  const bytes = Buffer.from(`${before}\n${other}é\n${line}\nlast\n`) // 'é' is split by the first border
  t.equal(Buffer.byteLength(`${before}\n${other}`), DECODE_BYTES - 1)
  t.ok(bytes.length > 3 * DECODE_BYTES)
  const lines: string[] = []
  await forEachLine(Readable.from([bytes], { objectMode: false }), 'x', sinkOf((l) => lines.push(l), (head) => lines.push(`too long: ${head.length}`)))
  t.strictSame(lines.map((l) => l.length), [99, DECODE_BYTES - 100, 'too long: 120'.length, 4])
  t.equal(lines[1], `${other}é`)
  const short = `a${'é'.repeat(10_000)}${euro.repeat(5_000)}` // 35,001 bytes; the border at 64 KiB falls inside a €
  const lead = 'z'.repeat(40_000)
  t.equal((DECODE_BYTES - 40_001 - 1 - 20_000) % 3, 2, 'the border is inside a €')
  const got: string[] = []
  await forEachLine(Readable.from([Buffer.from(`${lead}\n${short}\n`)], { objectMode: false }), 'x', sinkOf((l) => got.push(l)))
  t.strictSame(got, [lead, short], 'a line made of multi-byte characters across a piece border, in one chunk of 75 KB')
})

t.test('gzip: the error of the input under it is a read error of the input, not a gzip error', async (t) => {
  const gz = gzipSync('one\ntwo\n'.repeat(10_000))
  let sent = false
  const source = new Readable({
    read() {
      if (!sent) {
        sent = true
        this.push(gz.subarray(0, 1000))
      } else {
        this.destroy(Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' }))
      }
    },
  })
  const error = await forEachLine(source, 'old.log.gz', sinkOf(() => undefined)).catch((e: unknown) => e)
  t.ok(isReadError(error))
  t.match(error, { message: 'cannot read old.log.gz: EIO: i/o error, read', exitCode: 2 })
})

t.test('gzip: an error thrown by the line callback stops reading and lets go of the input', async (t) => {
  const gz = gzipSync('a\nb\nc\n'.repeat(50_000))
  const source = Readable.from([gz.subarray(0, 40_000), gz.subarray(40_000)], { objectMode: false })
  const seen: string[] = []
  await t.rejects(forEachLine(source, 'x.gz', sinkOf((line) => {
    seen.push(line)
    if (seen.length === 5) throw new Error('stop here')
  })), { message: 'stop here' })
  t.equal(seen.length, 5)
  await new Promise((resolve) => setImmediate(resolve))
  t.equal(source.destroyed, true)
})
