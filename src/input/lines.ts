/**
 * Bytes of one input → its lines: a hand-written splitter that hands each
 * line over synchronously (the bench shows why it is not split2), the one
 * line rule of every reader (access logs, merge's rows, PHP notices; each
 * may give its own cap in bytes). Gzip is recognised by its magic bytes, not
 * by the file name, and decompressed while streaming (gzip.ts).
 *
 * Reading runs ahead of parsing: chunks are pulled (not pushed), so the next
 * read or the next piece of gunzip work is already under way on libuv's
 * threadpool while the main thread splits and parses the current chunk.
 */

import { gunzipped, sniffGzip } from './gzip.js'
import { LineSplitter, MAX_LINE_LENGTH, type LineSink } from './line-splitter.js'
import { asInputError } from './read-error.js'

/**
 * Bytes go to the splitter, and are decoded, at most this much at a time.
 * V8 makes strings up to this size in its young generation; a larger string
 * goes to large-object space, which makes decoding several times slower.
 */
export const DECODE_BYTES = 64 * 1024

/**
 * The lines of one input, into `sink`, a piece at a time: each step of the
 * generator has handed the sink the complete lines of one more piece of at
 * most {@link DECODE_BYTES} (the last step, the line without a newline at
 * the end). Lines come without
 * their `\n` or `\r\n`, with the offset of their first byte in the
 * (gunzipped) bytes; bytes that are not valid UTF-8 become U+FFFD. A line of
 * more than `max` bytes (64 KiB unless given: 65,536 bytes before its `\n`,
 * a CR of CRLF included, as backward-lines.ts counts) is never held in
 * memory: the sink gets its first characters (`tooLong`) instead, in line
 * order. The splitter gets each chunk in pieces of at most
 * {@link DECODE_BYTES} and decodes them itself, so it can count a line's
 * bytes. Read and gzip errors become input errors that name the input; what
 * the sink throws is passed on as it is.
 */
export async function* splitLines(source: AsyncIterable<Buffer>, label: string, sink: LineSink, max = MAX_LINE_LENGTH): AsyncGenerator<void> {
  const splitter = new LineSplitter(sink, max)
  for await (const chunk of inputBytes(source, label)) {
    for (let start = 0; start < chunk.length; start += DECODE_BYTES) {
      splitter.push(start === 0 && chunk.length <= DECODE_BYTES ? chunk : chunk.subarray(start, start + DECODE_BYTES))
      // a step per piece: what the sink made of it is taken before it grows old
      yield
    }
  }
  splitter.end()
  yield
}

/**
 * The bytes of one input as its lines are made of: gzip data gunzipped
 * (gzip.ts). Read and gzip errors become input errors that name the input.
 * Left early (the reader stopped), the input is let go.
 */
export async function* inputBytes(source: AsyncIterable<Buffer>, label: string): AsyncGenerator<Buffer> {
  const { gzip, chunks } = await sniffGzip(source).catch((e: unknown) => {
    throw asInputError(e, label, false)
  })
  const sourceError: { error: unknown } = { error: undefined }
  const bytes: AsyncIterable<Buffer> = gzip ? gunzipped(chunks, sourceError) : chunks
  const iterator = bytes[Symbol.asyncIterator]()
  try {
    for (;;) {
      let next: IteratorResult<Buffer>
      try {
        next = await iterator.next()
      } catch (e) {
        if (sourceError.error !== undefined) throw asInputError(sourceError.error, label, false)
        throw asInputError(e, label, gzip)
      }
      if (next.done === true) return
      yield next.value
    }
  } finally {
    await iterator.return?.()
  }
}

/** Hands every line of one input to `sink` (see splitLines). */
export async function forEachLine(source: AsyncIterable<Buffer>, label: string, sink: LineSink, max = MAX_LINE_LENGTH): Promise<void> {
  for await (const _ of splitLines(source, label, sink, max)) {
    // each step hands the sink one more chunk's lines
  }
}
