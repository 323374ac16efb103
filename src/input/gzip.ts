/**
 * Gzip data is recognised by its first two bytes (1f 8b), whatever the file
 * is called, and decompressed while it streams; several gzip members in a
 * row (`cat a.gz b.gz`) are read as one stream.
 */

import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

export const GZIP_MAGIC = [0x1f, 0x8b] as const

/** Whether these bytes begin gzip data. */
export function isGzip(head: Uint8Array): boolean {
  return head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1]
}

/**
 * Gunzip output per step (read in pieces of 64 KiB: lines.ts), and about the
 * most that waits at once to be read. Each step costs the main thread a
 * callback: steps of 1 MiB, a slice's whole output, took 6% less CPU and 8%
 * less time than 256 KiB ones on a rotated set of four .gz read on two
 * threads (farm-bench, 8 pairs). More waiting (4 MiB) gained nothing there
 * and a .gz bomb then peaked 50 MB higher.
 */
const GUNZIP_CHUNK = 1024 * 1024
const GUNZIP_AHEAD = 1024 * 1024

/** The compressed bytes handed to gunzip at once: at most these, and fewer the more they expand (a bomb's output stays near GUNZIP_AHEAD). */
const FEED_MAX = 256 * 1024
const FEED_MIN = 1024

/** The chunks of an input, with the first two bytes looked at before any is given out. */
export async function sniffGzip(source: AsyncIterable<Buffer>): Promise<{ gzip: boolean; chunks: AsyncGenerator<Buffer> }> {
  const iterator = source[Symbol.asyncIterator]()
  const head: Buffer[] = []
  let headLength = 0
  let done = false
  while (headLength < GZIP_MAGIC.length) {
    const next = await iterator.next()
    if (next.done) {
      done = true
      break
    }
    head.push(next.value)
    headLength += next.value.length
  }
  const first = Buffer.concat(head)
  const gzip = isGzip(first)
  async function* replay(): AsyncGenerator<Buffer> {
    try {
      if (first.length) yield first
      if (done) return
      for (;;) {
        const next = await iterator.next()
        if (next.done) return
        yield next.value
      }
    } finally {
      // stopped early (a callback threw, gunzip failed): let go of the source (a file is closed)
      await iterator.return?.()
    }
  }
  return { gzip, chunks: replay() }
}

/**
 * Gunzip of the chunks, every byte of output handed on before an error:
 * data cut short or corrupt gives exactly the bytes before the break, as
 * `zcat` shows them, however fast the output is taken (a stream's buffer,
 * let go with the stream when it fails, would lose what it held). The
 * compressed bytes go in a slice at a time, the next gunzipped (on libuv's
 * threadpool) while the output of the one before is taken, slices small
 * enough that the output waiting stays near GUNZIP_AHEAD however much the
 * data expands; at the end all output is flushed and taken before the data
 * is finished, where cut data fails. An error of the chunks themselves is
 * kept apart from a gzip error (`sourceError`). zlib is loaded here, when
 * the first gzip input is met: a run on plain logs does not pay for it.
 *
 * Not zlib's stream read through stream.pipeline(): that is as fast (a
 * build of a 1M-line .gz, 8 paired runs: 1.00x the CPU and wall time of
 * this) and as bounded on a bomb, but a zlib stream that fails drops the
 * output it holds: with a reader slower than gunzip, a cut .gz lost the
 * last 68-79 KB before the cut (test/unit/input/gzip.test.ts).
 */
export async function* gunzipped(chunks: AsyncIterable<Buffer>, sourceError: { error: unknown }): AsyncGenerator<Buffer> {
  const zlib = require('node:zlib') as typeof import('node:zlib')
  const gunzip = zlib.createGunzip({ chunkSize: GUNZIP_CHUNK })
  const output: Buffer[] = []
  /** The gzip error, once there is one: set by the stream's event, so read through a call between two steps. */
  let failed: Error | null = null
  function failure(): Error | null {
    return failed
  }
  function throwFailure(): void {
    if (failed !== null) throw failed
  }
  let bytesIn = 0
  let bytesOut = 0
  gunzip.on('data', (bytes: Buffer) => {
    output.push(bytes)
    bytesOut += bytes.length
  })
  gunzip.on('error', (e) => {
    failed ??= e
  })
  /** Runs `step` (a write, a flush, the end) and waits until gunzip is done with it, or failed. */
  function done(step: (callback: () => void) => void): Promise<void> {
    return new Promise((resolve) => {
      const settle = (): void => resolve()
      gunzip.once('error', settle)
      step(() => {
        gunzip.off('error', settle)
        resolve()
      })
    })
  }
  const source = chunks[Symbol.asyncIterator]()
  /** The slice being gunzipped (on libuv's threadpool) while the output before it is taken. */
  let inflating: Promise<void> = Promise.resolve()
  try {
    for (;;) {
      let next: IteratorResult<Buffer>
      try {
        next = await source.next()
      } catch (e) {
        sourceError.error = e
        await inflating
        yield* output.splice(0)
        throw e
      }
      if (next.done === true) break
      const chunk = next.value
      for (let at = 0; at < chunk.length;) {
        await inflating
        if (failure() !== null) break
        const expands = bytesIn === 0 ? 64 : Math.max(1, bytesOut / bytesIn)
        const slice = chunk.subarray(at, at + Math.max(FEED_MIN, Math.min(FEED_MAX, Math.floor(GUNZIP_AHEAD / expands))))
        at += slice.length
        bytesIn += slice.length
        inflating = done((callback) => gunzip.write(slice, callback))
        yield* output.splice(0)
      }
      if (failure() !== null) break
    }
    await inflating
    yield* output.splice(0)
    throwFailure()
    // what the data holds so far comes out first; finishing cut data fails, with nothing left to lose
    await done((callback) => gunzip.flush(zlib.constants.Z_SYNC_FLUSH, callback))
    while (gunzip.readableLength > 0) await new Promise((resolve) => setImmediate(resolve))
    yield* output.splice(0)
    if (failure() === null) {
      // finished, the data ends (its last output) or fails (cut short) after the writing side is done
      const over = new Promise<void>((resolve) => {
        gunzip.once('end', resolve)
        gunzip.once('error', () => resolve())
      })
      gunzip.end()
      await over
    }
    yield* output.splice(0)
    throwFailure()
  } finally {
    gunzip.destroy()
    await source.return?.()
  }
}
