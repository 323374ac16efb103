/**
 * The bytes of one input → pieces of whole lines, each to be split into
 * lines on its own, maybe on another thread (workers/): a piece starts where
 * a line starts and ends after a newline (the last piece of the input: where
 * the input ends). Cut anywhere between lines, the lines are those of the
 * whole input, with the same offsets and line numbers once the pieces before
 * are counted.
 *
 * The cap on line length holds here as in line-splitter.ts: a line that runs
 * past the cap without a newline is never gathered. Its head is kept, the
 * rest dropped as it streams past, and when its end arrives the piece before
 * it ends with it, as `tooLong`, so lines stay in order. Lines under the cap
 * that end within a piece are the splitter's to judge (it counts the same
 * bytes). An input that breaks off (a read or gzip error) hands on its whole
 * lines first; the line it broke off in is not one, as when it is read whole.
 */

import { headOf, HEAD_BYTES, LineSplitter, MAX_LINE_LENGTH, type LineSink } from './line-splitter.js'
import { DECODE_BYTES } from './lines.js'
import { NEWLINE } from '../text/chars.js'

/** An overlong line, as the splitter reports it: its head and where it starts. */
export interface TooLongLine {
  head: string
  start: number
}

export interface LinePiece {
  /** Whole lines, in a buffer of their own (transferable to a worker). */
  bytes: Buffer
  /** The offset of its first byte in the input (gunzipped). */
  start: number
  /** An overlong line right after the bytes, or null. */
  tooLong: TooLongLine | null
}

/** Gathers bytes into pieces; see the top of this file. */
class PieceCutter {
  /** Whole lines of the piece under way, as views of the chunks they came in. */
  #parts: Buffer[] = []
  #partBytes = 0
  #pieceStart = 0
  /** The line not ended yet (copies): together never more than the cap. */
  #partial: Buffer[] = []
  #partialBytes = 0
  #lineStart = 0
  /** The head of an overlong line while the rest of it streams past. */
  #overlong: string | null = null
  #offset = 0
  readonly #max: number
  readonly #allocate: (bytes: number) => Buffer
  readonly ready: LinePiece[] = []

  constructor(max: number, allocate: (bytes: number) => Buffer) {
    this.#max = max
    this.#allocate = allocate
  }

  /** The next bytes; the pieces they complete (about `size` bytes each, whole lines) are `ready`. */
  push(chunk: Buffer, size: number): void {
    let at = 0
    if (this.#overlong !== null) {
      const newline = chunk.indexOf(NEWLINE)
      if (newline < 0) {
        this.#offset += chunk.length
        return
      }
      this.ready.push(this.#cut({ head: this.#overlong, start: this.#lineStart }))
      this.#overlong = null
      at = newline + 1
      this.#lineStart = this.#offset + at
    }
    const last = chunk.lastIndexOf(NEWLINE)
    while (last >= at) {
      // the piece is complete at the first newline once it holds `size` bytes (the line begun before counts)
      const wanted = size - this.#partBytes - this.#partialBytes
      const full = wanted <= 0 ? chunk.indexOf(NEWLINE, at) : at + wanted - 1 <= last ? chunk.indexOf(NEWLINE, at + wanted - 1) : -1
      const end = full < 0 ? last : full
      if (this.#parts.length === 0) this.#pieceStart = this.#lineStart
      this.#parts.push(...this.#partial, chunk.subarray(at, end + 1))
      this.#partBytes += this.#partialBytes + end + 1 - at
      this.#partial = []
      this.#partialBytes = 0
      at = end + 1
      this.#lineStart = this.#offset + at
      if (full < 0) break
      this.ready.push(this.#cut())
    }
    this.#hold(chunk.subarray(at))
    this.#offset += chunk.length
  }

  /** The whole lines gathered so far as a piece (ending with `tooLong`, when given). */
  #cut(tooLong: TooLongLine | null = null): LinePiece {
    const bytes = this.#allocate(this.#partBytes)
    let at = 0
    for (const part of this.#parts) at += part.copy(bytes, at)
    const piece = { bytes, start: this.#parts.length > 0 ? this.#pieceStart : tooLong?.start ?? this.#lineStart, tooLong }
    this.#parts = []
    this.#partBytes = 0
    return piece
  }

  /** The start of a line: kept, unless the line is now over the cap (then only its head is). */
  #hold(bytes: Buffer): void {
    if (bytes.length === 0) return
    if (this.#partialBytes + bytes.length > this.#max) {
      const head = Buffer.concat([...this.#partial, bytes.subarray(0, HEAD_BYTES)])
      this.#overlong = headOf(head)
      this.#partial = []
      this.#partialBytes = 0
    } else {
      this.#partial.push(Buffer.from(bytes))
      this.#partialBytes += bytes.length
    }
  }

  /** The piece under way, now (`size` reached, or the input broke off: whole lines only). */
  take(): LinePiece | null {
    return this.#partBytes > 0 ? this.#cut() : null
  }

  /** The input ended: the last piece, with the line without a newline at the end, or the overlong line it ended in. */
  end(): LinePiece | null {
    if (this.#overlong !== null) return this.#cut({ head: this.#overlong, start: this.#lineStart })
    if (this.#partialBytes > 0) {
      if (this.#parts.length === 0) this.#pieceStart = this.#lineStart
      this.#parts.push(...this.#partial)
      this.#partBytes += this.#partialBytes
    }
    return this.take()
  }
}

/** A buffer of its own (a small one from Buffer.allocUnsafe shares the memory of others, which cannot move to a worker). */
export function ownBuffer(bytes: number): Buffer {
  return Buffer.allocUnsafeSlow(bytes)
}

/**
 * The pieces of `bytes` (an input's bytes, gunzipped: lines.ts inputBytes),
 * each `size()` bytes up to the end of the line there (asked for again at
 * each chunk read, so a reader can switch from small pieces to large ones),
 * in buffers of their own from `allocate` (`bytes` of them are used). While
 * `eachChunk()` holds, the whole lines of every chunk are a piece at once,
 * however few: lines read here are read as they arrive (a slow stdin's
 * lines are shown by --verbose, and a stop is heard, as without workers).
 */
export async function* linePieces(bytes: AsyncIterable<Buffer>, size: () => number, max = MAX_LINE_LENGTH, allocate = ownBuffer,
  eachChunk: () => boolean = () => false): AsyncGenerator<LinePiece> {
  const cutter = new PieceCutter(max, allocate)
  try {
    for await (const chunk of bytes) {
      cutter.push(chunk, size())
      yield* cutter.ready.splice(0)
      if (eachChunk()) {
        const lines = cutter.take()
        if (lines !== null) yield lines
      }
    }
  } catch (e) {
    const before = cutter.take()
    if (before !== null) yield before
    throw e
  }
  const last = cutter.end()
  if (last !== null) yield last
}

/**
 * Hands the lines of one piece to `sink`, with their offsets in the input,
 * as splitLines hands them when it reads the input whole; a step after each
 * block of DECODE_BYTES, as splitLines steps after each chunk (a reader
 * takes what the block gave: a piece is up to 1 MiB, and what its lines
 * gave, held to its end, outlived the young generation).
 */
export function* splitPiece(piece: LinePiece, sink: LineSink, max = MAX_LINE_LENGTH): Generator<void> {
  const splitter = new LineSplitter(sink, max, piece.start)
  const { bytes } = piece
  for (let at = 0; at < bytes.length; at += DECODE_BYTES) {
    splitter.push(at === 0 && bytes.length <= DECODE_BYTES ? bytes : bytes.subarray(at, at + DECODE_BYTES))
    if (at + DECODE_BYTES < bytes.length) yield
  }
  splitter.end()
  if (piece.tooLong !== null) sink.tooLong(piece.tooLong.head, piece.tooLong.start)
  yield
}
