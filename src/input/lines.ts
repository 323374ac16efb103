/**
 * Bytes of one input → its lines. Gzip is recognised by its magic bytes
 * (1f 8b), not by the file name, and decompressed while streaming; several
 * gzip members in a row (`cat a.gz b.gz`) are read as one stream.
 *
 * Reading runs ahead of parsing: chunks are pulled (not pushed), so the next
 * read or the next piece of gunzip work is already under way on libuv's
 * threadpool while the main thread splits and parses the current chunk.
 */

import { Readable, type TransformOptions } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'
import { createGunzip, type ZlibOptions } from 'node:zlib'
import { EXIT, UserError } from '../errors.js'
import { GZIP_MAGIC, isGzip } from './gzip.js'
import { LineSplitter } from './line-splitter.js'

/**
 * Bytes are decoded this much at a time. V8 makes strings up to this size in
 * its young generation; a larger string goes to large-object space, which
 * makes decoding several times slower.
 */
export const DECODE_BYTES = 64 * 1024

/** Gunzip output per step, and how much of it may wait while a chunk is parsed. */
const GUNZIP_CHUNK = 64 * 1024
const GUNZIP_AHEAD = 1024 * 1024

/** The chunks of a stream, with the first two bytes looked at before any is given out. */
const sniffGzip = async (source: Readable): Promise<{ gzip: boolean; chunks: AsyncGenerator<Buffer> }> => {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>
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
      // stopped early (a callback threw, gunzip failed): let go of the source
      if (!source.readableEnded) source.destroy()
    }
  }
  return { gzip, chunks: replay() }
}

/** An input that broke off while it was read (exit 2): the one error `--partial-ok` may pass over. */
export class ReadError extends UserError {
  constructor(message: string, hint?: string) {
    super(message, EXIT.usage, hint)
    this.name = 'ReadError'
  }
}

export const isReadError = (e: unknown): e is ReadError => e instanceof ReadError

const asInputError = (e: unknown, label: string, gzip: boolean): unknown => {
  const err = e as NodeJS.ErrnoException
  if (gzip && (err.code?.startsWith('Z_') || err.code === 'ERR_STREAM_PREMATURE_CLOSE')) {
    return new ReadError(`cannot read ${label}: the gzip data is truncated or corrupt (${err.message})`, 'check the file with gzip -t')
  }
  if (err.code && !err.code.startsWith('ERR_')) return new ReadError(`cannot read ${label}: ${err.message}`)
  return e
}

/** Marks an error that came from the callbacks, so it is passed on as it is. */
class CallbackError extends Error {
  constructor(readonly error: unknown) {
    super('a line callback failed')
  }
}

/**
 * The text of the chunks, cut into lines. Each chunk is decoded in pieces of
 * at most {@link DECODE_BYTES}; a UTF-8 character split across pieces or
 * chunks is joined by the decoder.
 */
const splitChunks = async (chunks: AsyncIterable<Buffer>, lines: LineSplitter): Promise<void> => {
  const decoder = new StringDecoder('utf8')
  for await (const chunk of chunks) {
    try {
      for (let start = 0; start < chunk.length; start += DECODE_BYTES) {
        lines.push(decoder.write(start === 0 && chunk.length <= DECODE_BYTES ? chunk : chunk.subarray(start, start + DECODE_BYTES)))
      }
    } catch (e) {
      throw new CallbackError(e)
    }
  }
  try {
    lines.push(decoder.end())
    lines.end()
  } catch (e) {
    throw new CallbackError(e)
  }
}

/** Gunzip of the chunks; an error of the chunks themselves is kept apart from a gzip error. */
const gunzipped = (chunks: AsyncGenerator<Buffer>, sourceError: { error: unknown }): Readable => {
  const bytes = Readable.from(chunks, { objectMode: false })
  // zlib passes stream options on to its Transform
  const options: ZlibOptions & TransformOptions = { chunkSize: GUNZIP_CHUNK, readableHighWaterMark: GUNZIP_AHEAD }
  const gunzip = createGunzip(options)
  bytes.on('error', (e) => {
    sourceError.error = e
    gunzip.destroy(e)
  })
  gunzip.on('close', () => bytes.destroy())
  return bytes.pipe(gunzip)
}

/**
 * Calls `onLine` for each line of one input, without its `\n` or `\r\n`,
 * synchronously as the lines arrive (no promise per line). Bytes that are not
 * valid UTF-8 become U+FFFD. A line longer than 64 KiB (65,536 characters) is
 * never held in memory: `onTooLong` gets its first 120 characters instead, in
 * line order (without `onTooLong` such a line is dropped). If a callback
 * throws, reading stops and the promise rejects with that error. Read and
 * gzip errors become input errors that name the input.
 */
export const forEachLine = async (
  source: Readable,
  label: string,
  onLine: (line: string) => void,
  onTooLong: (head: string) => void = () => undefined,
): Promise<void> => {
  const { gzip, chunks } = await sniffGzip(source).catch((e: unknown) => {
    throw asInputError(e, label, false)
  })
  const lines = new LineSplitter({ line: onLine, tooLong: onTooLong })
  const sourceError: { error: unknown } = { error: undefined }
  try {
    await splitChunks(gzip ? gunzipped(chunks, sourceError) : chunks, lines)
  } catch (e) {
    if (e instanceof CallbackError) throw e.error
    if (sourceError.error !== undefined) throw asInputError(sourceError.error, label, false)
    throw asInputError(e, label, gzip)
  }
}
