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
import { LineSplitter, MAX_LINE_LENGTH } from './line-splitter.js'
import { asInputError } from './read-error.js'

/**
 * Bytes go to the splitter, and are decoded, at most this much at a time.
 * V8 makes strings up to this size in its young generation; a larger string
 * goes to large-object space, which makes decoding several times slower.
 */
export const DECODE_BYTES = 64 * 1024

/** Marks an error that came from the callbacks, so it is passed on as it is. */
class CallbackError extends Error {
  constructor(readonly error: unknown) {
    super('a line callback failed')
  }
}

/**
 * The bytes of the chunks, cut into lines. The splitter gets each chunk in
 * pieces of at most {@link DECODE_BYTES} and decodes them itself, between
 * newlines, so it can count a line's bytes (the length cap is in bytes); a
 * UTF-8 character split across pieces or chunks is joined there.
 */
const splitChunks = async (chunks: AsyncIterable<Buffer>, lines: LineSplitter): Promise<void> => {
  for await (const chunk of chunks) {
    try {
      for (let start = 0; start < chunk.length; start += DECODE_BYTES) {
        lines.push(start === 0 && chunk.length <= DECODE_BYTES ? chunk : chunk.subarray(start, start + DECODE_BYTES))
      }
    } catch (e) {
      throw new CallbackError(e)
    }
  }
  try {
    lines.end()
  } catch (e) {
    throw new CallbackError(e)
  }
}

/**
 * Calls `onLine` for each line of one input, without its `\n` or `\r\n`,
 * synchronously as the lines arrive (no promise per line). Bytes that are not
 * valid UTF-8 become U+FFFD. A line of more than `max` bytes (64 KiB unless
 * given: 65,536 bytes before its `\n`, a CR of CRLF included, as
 * backward-lines.ts counts) is never held in memory: `onTooLong` gets its
 * first 120 characters instead, in line order (without `onTooLong` such a
 * line is dropped). If a callback
 * throws, reading stops and the promise rejects with that error. Read and
 * gzip errors become input errors that name the input. Each line comes with
 * the offset of its first byte in the (gunzipped) bytes.
 */
export const forEachLine = async (
  source: AsyncIterable<Buffer>,
  label: string,
  onLine: (line: string, start: number) => void,
  onTooLong: (head: string, start: number) => void = () => undefined,
  max = MAX_LINE_LENGTH,
): Promise<void> => {
  const { gzip, chunks } = await sniffGzip(source).catch((e: unknown) => {
    throw asInputError(e, label, false)
  })
  const lines = new LineSplitter({ line: onLine, tooLong: onTooLong }, max)
  const sourceError: { error: unknown } = { error: undefined }
  try {
    await splitChunks(gzip ? gunzipped(chunks, sourceError) : chunks, lines)
  } catch (e) {
    if (e instanceof CallbackError) throw e.error
    if (sourceError.error !== undefined) throw asInputError(sourceError.error, label, false)
    throw asInputError(e, label, gzip)
  }
}
