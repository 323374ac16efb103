/**
 * The lines of an input read off the hot path (merge's NDJSON rows, PHP
 * error output), through split2 with a mapper, as the library intends: the
 * bytes (gunzipped when they are gzip) are split on `\n` or `\r\n`, each line
 * goes through the mapper, and what it returns is handed on (undefined drops
 * the line). A line longer than MAX_LINE_LENGTH is never held: split2 drops
 * it as it streams past. split2 and Node's streams are loaded when such an
 * input is first read.
 */

import { createRequire } from 'node:module'
import type { Readable, Transform } from 'node:stream'
import { gunzipped, sniffGzip } from './gzip.js'
import { MAX_LINE_LENGTH } from './line-splitter.js'
import { asInputError } from './read-error.js'

const require = createRequire(import.meta.url)

/** split2's options: its typings leave out skipOverflow. */
interface Split2Options {
  maxLength: number
  skipOverflow: boolean
}

type Split2 = (mapper: (line: string) => unknown, options: Split2Options) => Transform

/** The mapped lines of one input, in order. Read and gzip errors name the input. */
export async function* mappedLines<T>(source: AsyncIterable<Buffer>, label: string, map: (line: string) => T | undefined): AsyncGenerator<T> {
  const { gzip, chunks } = await sniffGzip(source).catch((e: unknown) => {
    throw asInputError(e, label, false)
  })
  const { Readable, pipeline } = require('node:stream') as typeof import('node:stream')
  const split2 = require('split2') as Split2
  const sourceError: { error: unknown } = { error: undefined }
  const bytes: Readable = gzip ? gunzipped(chunks, sourceError) : Readable.from(chunks, { objectMode: false })
  const lines = pipeline(bytes, split2(map, { maxLength: MAX_LINE_LENGTH, skipOverflow: true }), () => undefined)
  try {
    for await (const value of lines) yield value as T
  } catch (e) {
    if (sourceError.error !== undefined) throw asInputError(sourceError.error, label, false)
    throw asInputError(e, label, gzip)
  }
}
