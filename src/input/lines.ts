/**
 * Bytes of one input → its lines. Gzip is recognised by its magic bytes
 * (1f 8b), not by the file name, and decompressed while streaming; several
 * gzip members in a row (`cat a.gz b.gz`) are read as one stream.
 */

import { Readable } from 'node:stream'
import { createGunzip } from 'node:zlib'
import split2 from 'split2'
import { inputError } from '../errors.js'

const GZIP_MAGIC = [0x1f, 0x8b] as const

/** Chunks of a stream, with the first two bytes looked at before any is given out. */
const sniffGzip = async (source: Readable): Promise<{ gzip: boolean; bytes: Readable }> => {
  const chunks = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>
  const head: Buffer[] = []
  let headLength = 0
  let done = false
  while (headLength < GZIP_MAGIC.length) {
    const next = await chunks.next()
    if (next.done) {
      done = true
      break
    }
    head.push(next.value)
    headLength += next.value.length
  }
  const first = Buffer.concat(head)
  const gzip = first[0] === GZIP_MAGIC[0] && first[1] === GZIP_MAGIC[1]
  async function* replay(): AsyncGenerator<Buffer> {
    if (first.length) yield first
    if (done) return
    for (;;) {
      const next = await chunks.next()
      if (next.done) return
      yield next.value
    }
  }
  return { gzip, bytes: Readable.from(replay(), { objectMode: false }) }
}

const asInputError = (e: unknown, label: string, gzip: boolean): unknown => {
  const err = e as NodeJS.ErrnoException
  if (gzip && (err.code?.startsWith('Z_') || err.code === 'ERR_STREAM_PREMATURE_CLOSE')) {
    return inputError(`cannot read ${label}: the gzip data is truncated or corrupt (${err.message})`, 'check the file with gzip -t')
  }
  if (err.code && !err.code.startsWith('ERR_')) return inputError(`cannot read ${label}: ${err.message}`)
  return e
}

/**
 * Calls `onLine` for each line of one input, without its `\n` or `\r\n`,
 * synchronously as the lines arrive (no promise per line). If `onLine`
 * throws, reading stops and the promise rejects with that error. Read and
 * gzip errors become input errors that name the input.
 */
export const forEachLine = async (source: Readable, label: string, onLine: (line: string) => void): Promise<void> => {
  const { gzip, bytes } = await sniffGzip(source).catch((e: unknown) => {
    throw asInputError(e, label, false)
  })
  const text: Readable = gzip ? bytes.pipe(createGunzip()) : bytes
  const lines = text.pipe(split2(/\r?\n/))
  await new Promise<void>((resolve, reject) => {
    let failed = false
    const fail = (e: unknown): void => {
      if (failed) return
      failed = true
      bytes.destroy()
      text.destroy()
      lines.destroy()
      reject(e)
    }
    bytes.on('error', (e) => fail(asInputError(e, label, false)))
    if (gzip) text.on('error', (e) => fail(asInputError(e, label, true)))
    lines.on('error', (e) => fail(asInputError(e, label, gzip)))
    lines.on('data', (line: string) => {
      if (failed) return
      try {
        onLine(line)
      } catch (e) {
        fail(e)
      }
    })
    lines.on('end', () => {
      if (!failed) resolve()
    })
  })
}
