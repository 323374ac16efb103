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

/**
 * The lines of one input, without their `\n` or `\r\n`. Read and gzip
 * errors become input errors that name the input.
 */
export async function* readLines(source: Readable, label: string): AsyncGenerator<string> {
  let stage = 'read'
  try {
    const { gzip, bytes } = await sniffGzip(source)
    let text: Readable = bytes
    if (gzip) {
      const gunzip = createGunzip()
      bytes.on('error', (e) => gunzip.destroy(e))
      text = bytes.pipe(gunzip)
    }
    const lines = text.pipe(split2(/\r?\n/))
    text.on('error', (e) => {
      stage = gzip ? 'gunzip' : 'read'
      lines.destroy(e)
    })
    for await (const line of lines as AsyncIterable<string>) yield line
  } catch (e) {
    const err = e as NodeJS.ErrnoException
    if (stage === 'gunzip' || err.code?.startsWith('Z_')) {
      throw inputError(`cannot read ${label}: the gzip data is truncated or corrupt (${err.message})`, 'check the file with gzip -t')
    }
    if (err.code) throw inputError(`cannot read ${label}: ${err.message}`)
    throw e
  }
}
