/**
 * Gzip data is recognised by its first two bytes (1f 8b), whatever the file
 * is called, and decompressed while it streams; several gzip members in a
 * row (`cat a.gz b.gz`) are read as one stream.
 */

import { createRequire } from 'node:module'
import type { Readable, TransformOptions } from 'node:stream'
import type { ZlibOptions } from 'node:zlib'

const require = createRequire(import.meta.url)

export const GZIP_MAGIC = [0x1f, 0x8b] as const

/** Whether these bytes begin gzip data. */
export function isGzip(head: Uint8Array): boolean {
  return head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1]
}

/** Gunzip output per step, and how much of it may wait while a chunk is parsed. */
const GUNZIP_CHUNK = 64 * 1024
const GUNZIP_AHEAD = 1024 * 1024

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
 * Gunzip of the chunks; an error of the chunks themselves is kept apart from
 * a gzip error. zlib and Node's streams are loaded here, when the first gzip
 * input is met: a run on plain logs does not pay for them at start-up.
 */
export function gunzipped(chunks: AsyncGenerator<Buffer>, sourceError: { error: unknown }): Readable {
  const { createGunzip } = require('node:zlib') as typeof import('node:zlib')
  const { pipeline, Readable } = require('node:stream') as typeof import('node:stream')
  const bytes = Readable.from(chunks, { objectMode: false })
  // zlib passes stream options on to its Transform
  const options: ZlibOptions & TransformOptions = { chunkSize: GUNZIP_CHUNK, readableHighWaterMark: GUNZIP_AHEAD }
  bytes.on('error', (e) => {
    sourceError.error = e
  })
  // pipeline, not pipe(): Readable.pipe() asks for process.stdout and process.stderr, and so makes them
  return pipeline(bytes, createGunzip(options), () => undefined)
}
