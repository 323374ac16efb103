/**
 * Gzip data (src/input/gzip.ts): known by its first two bytes whatever the
 * name, the chunks handed on whole after the look; gunzip of one or several
 * members, its errors kept apart from those of the bytes under it.
 */

import { constants, gunzipSync, gzipSync } from 'node:zlib'
import t from 'tap'
import { GZIP_MAGIC, gunzipped, isGzip, sniffGzip } from '../../../src/input/gzip.js'

/** The chunks given, tracing how far they were read and whether they were let go. */
const source = (chunks: Buffer[], trace: string[] = []): AsyncGenerator<Buffer> =>
  (async function* chunksOf(): AsyncGenerator<Buffer> {
    try {
      for (const [i, chunk] of chunks.entries()) {
        trace.push(`chunk ${i}`)
        yield chunk
      }
    } finally {
      trace.push('let go')
    }
  })()

const all = async (chunks: AsyncIterable<Buffer>): Promise<Buffer> => {
  const got: Buffer[] = []
  for await (const chunk of chunks) got.push(chunk)
  return Buffer.concat(got)
}

t.test('isGzip: the magic bytes 1f 8b', async (t) => {
  t.strictSame(GZIP_MAGIC, [0x1f, 0x8b])
  t.ok(isGzip(Buffer.from([0x1f, 0x8b, 0x08])))
  t.ok(isGzip(gzipSync('x')))
  t.notOk(isGzip(Buffer.from([0x1f, 0x8c])))
  t.notOk(isGzip(Buffer.from([0x1f])), 'one byte is not enough')
  t.notOk(isGzip(Buffer.alloc(0)))
  t.notOk(isGzip(Buffer.from('192.0.2.1 - -')))
})

t.test('sniffGzip: looks at the first two bytes, however the chunks are cut, and hands every byte on', async (t) => {
  const data = gzipSync('hello\n')
  const trace: string[] = []
  const oneByOne = [...data].map((byte) => Buffer.from([byte]))
  const sniffed = await sniffGzip(source(oneByOne, trace))
  t.equal(sniffed.gzip, true)
  t.strictSame(trace, ['chunk 0', 'chunk 1'], 'only as far as the two bytes')
  t.strictSame(await all(sniffed.chunks), data)
  t.equal(trace.at(-1), 'let go')
  const plain = await sniffGzip(source([Buffer.from('192.0.2.1 '), Buffer.from('- -\n')]))
  t.equal(plain.gzip, false)
  t.equal((await all(plain.chunks)).toString(), '192.0.2.1 - -\n')
})

t.test('sniffGzip: an empty input, and one of a single byte', async (t) => {
  const empty = await sniffGzip(source([]))
  t.equal(empty.gzip, false)
  t.strictSame(await all(empty.chunks), Buffer.alloc(0))
  const one = await sniffGzip(source([Buffer.from([0x1f])]))
  t.equal(one.gzip, false)
  t.strictSame(await all(one.chunks), Buffer.from([0x1f]))
})

t.test('sniffGzip: a reader that stops early lets go of the source', async (t) => {
  const trace: string[] = []
  const sniffed = await sniffGzip(source([Buffer.from('ab'), Buffer.from('cd'), Buffer.from('ef')], trace))
  for await (const chunk of sniffed.chunks) {
    t.equal(chunk.toString(), 'ab')
    break
  }
  t.strictSame(trace, ['chunk 0', 'let go'])
})

t.test('gunzipped: one member, and several in a row as one stream', async (t) => {
  const error = { error: undefined as unknown }
  t.equal((await all(gunzipped(source([gzipSync('one\n')]), error))).toString(), 'one\n')
  const members = Buffer.concat([gzipSync('a\n'), gzipSync('b\n'), gzipSync('c\n')])
  const cut = [members.subarray(0, 7), members.subarray(7, 30), members.subarray(30)]
  t.equal((await all(gunzipped(source(cut), error))).toString(), 'a\nb\nc\n')
  t.equal(error.error, undefined)
})

t.test('gunzipped: corrupt or cut data is a gzip error', async (t) => {
  const data = gzipSync('x'.repeat(1000))
  const corrupt = Buffer.concat([data.subarray(0, 10), Buffer.alloc(20, 0xff)])
  await t.rejects(all(gunzipped(source([corrupt]), { error: undefined })), { code: 'Z_DATA_ERROR' })
  await t.rejects(all(gunzipped(source([data.subarray(0, data.length - 10)]), { error: undefined })), { code: 'Z_BUF_ERROR', message: 'unexpected end of file' })
})

t.test('gunzipped: an error of the bytes under it is kept apart', async (t) => {
  const error = { error: undefined as unknown }
  const broken = Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO' })
  const failing = (async function* chunks(): AsyncGenerator<Buffer> {
    yield gzipSync('x').subarray(0, 5)
    throw broken
  })()
  await t.rejects(all(gunzipped(failing, error)))
  t.equal(error.error, broken)
})

t.test('gunzipped: data cut short gives every byte before the cut, as zcat does, however slowly it is taken', async (t) => {
  const text = Array.from({ length: 200_000 }, (_, i) => `line ${i} ${'x'.repeat(i % 97)} ${Math.sin(i)}`).join('\n')
  const data = gzipSync(text)
  // a reader that takes a chunk now, after a few turns of the event loop, or after a timer: zlib's
  // stream, read through pipeline(), lost the last 68-79 KB it held when the cut was found at the
  // end, the reader slower than gunzip (at 60% and 93% of these bytes; --partial-ok publishes what comes out)
  const takes = { 'at once': async () => undefined, 'after 3 turns': async () => {
    for (let i = 0; i < 3; i++) await new Promise((resolve) => setImmediate(resolve))
  }, 'after a timer': () => new Promise((resolve) => setTimeout(resolve, 2)) }
  for (const share of [0.1, 0.6, 0.93]) {
    const cut = data.subarray(0, Math.floor(data.length * share))
    const before = gunzipSync(cut, { finishFlush: constants.Z_SYNC_FLUSH })
    t.ok(before.length > 1024 * 1024, 'more than gunzip may hold ahead')
    for (const [how, take] of Object.entries(takes)) {
      const got: Buffer[] = []
      const pieces = Array.from({ length: Math.ceil(cut.length / 65536) }, (_, i) => cut.subarray(i * 65536, (i + 1) * 65536))
      await t.rejects(async () => {
        for await (const chunk of gunzipped(source(pieces), { error: undefined })) {
          got.push(chunk)
          await take()
        }
      }, { message: 'unexpected end of file' })
      t.equal(Buffer.concat(got).length, before.length, `cut at ${share * 100}%, each chunk taken ${how}`)
    }
  }
})
