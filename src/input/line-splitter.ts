/**
 * Bytes → lines, with a cap on line length that holds in memory: a line
 * longer than the cap is never gathered. Its first characters are kept for
 * messages, the rest is dropped while it streams past, and it is reported
 * once its end arrives, so line numbers stay in order.
 *
 * Lines end at `\n`; a `\r` right before it is dropped (CRLF). The last line
 * needs no newline. Bytes that are not UTF-8 become U+FFFD.
 *
 * The cap counts bytes, as the file holds them, exactly as reading from the
 * end does (backward-lines.ts): a line is too long when more than the cap
 * lie before its `\n` (a CR of CRLF is one of them; invalid bytes count as
 * the bytes they are, not as the U+FFFD shown for them).
 *
 * Bytes are decoded a block at a time: the complete lines of a piece, from
 * the byte after its first `\n` to its last one. A `\n` never lies inside a
 * UTF-8 character, so a block never splits one. When a block decodes to as
 * many UTF-16 code units as it has bytes (ASCII, the common case), a line's
 * length is its byte count; otherwise each line's bytes are found by its
 * `\n` in the block.
 *
 * Each line is handed over with the byte offset where it starts, counted
 * from the first byte pushed (a followed log adds where it started reading).
 */

import { CR, NEWLINE } from '../text/chars.js'

/** 64 KiB: no access-log line a server writes comes near this (nginx cuts a request line at 8 KiB). */
export const MAX_LINE_LENGTH = 64 * 1024

/** How much of an overlong line is kept for messages, in characters. */
export const TOO_LONG_HEAD = 120

/** Bytes decoded for a head: 120 characters take at most 3 bytes each. */
export const HEAD_BYTES = 4 * TOO_LONG_HEAD

const EMPTY = Buffer.alloc(0)

export interface LineSink {
  /** A line without its `\n` (or `\r\n`); `start`: the offset of its first byte. */
  line: (text: string, start: number) => void
  /** A line longer than the cap, given by its first {@link TOO_LONG_HEAD} characters (a CR before its `\n` among them, as read from the end). */
  tooLong: (head: string, start: number) => void
  /**
   * The bytes every line worth reading holds (a search's literals,
   * select/line-literals.ts), asked once per block; null: every line is
   * read. A line without one of them is not decoded, only counted
   * (`passedOver`). Read from the end, the first and the last line of each
   * block are decoded all the same (`passedOverLine`), for their times tell
   * how far reading got; they count as passed over. An overlong line is
   * always `tooLong`. A sink passes over a line without them that comes to
   * it all the same: what a run reads does not depend on where its blocks
   * begin.
   */
  literals?: () => readonly Buffer[] | null
  /** `lines` lines were passed over (`blank` of them empty), in the order they would have come. */
  passedOver?: (lines: number, blank: number) => void
  /**
   * Lines are decoded one at a time: each is a string of its own, not a
   * slice of its block's (which a kept record would hold alive whole). For
   * a run that keeps many records; a block is decoded at once otherwise.
   */
  readonly flat?: boolean
  /** A line passed over whose time is still of use (the first or last of a block: how far reading got); `start` as for `line`. */
  passedOverLine?: (text: string, start: number) => void
}

/** Whether bytes [from, to) of `bytes` hold every literal but the first (which the caller found there). */
export function holdsTheRest(bytes: Buffer, from: number, to: number, literals: readonly Buffer[]): boolean {
  for (let k = 1; k < literals.length; k++) {
    const at = bytes.indexOf(literals[k] as Buffer, from)
    if (at < 0 || at + (literals[k] as Buffer).length > to) return false
  }
  return true
}

/** The first characters of the text these bytes begin: how an overlong line is shown. */
export function headOf(bytes: Buffer): string {
  return bytes.toString('utf8', 0, Math.min(bytes.length, HEAD_BYTES)).slice(0, TOO_LONG_HEAD)
}

export class LineSplitter {
  /**
   * The start of a line whose end has not arrived yet, as the pieces it came
   * in (copies), joined once when its end arrives: a line near a large cap
   * is not copied again with every piece. Together never longer than the cap.
   */
  private pending: Buffer[] = []
  private pendingBytes = 0
  /** The head of an overlong line while the rest of it streams past, else null. */
  private overlong: string | null = null
  /** Bytes pushed before the current piece. */
  private consumed = 0
  /** The offset of the first byte of the line not yet complete. */
  private lineStart = 0
  private readonly sink: LineSink
  private readonly max: number

  /** `offset`: where the first byte pushed lies in the input (a piece of it read elsewhere). */
  constructor(sink: LineSink, max = MAX_LINE_LENGTH, offset = 0) {
    this.sink = sink
    this.max = max
    this.consumed = offset
    this.lineStart = offset
  }

  /** Bytes held for an unfinished line (for the memory bound). */
  get buffered(): number {
    return this.pendingBytes
  }

  /** The next bytes of the input; pieces of at most 64 KiB keep each decoded block a young-generation string. */
  push(bytes: Buffer): void {
    const base = this.consumed
    this.consumed += bytes.length
    const first = bytes.indexOf(NEWLINE)
    if (first < 0) {
      this.hold(bytes)
      return
    }
    // the first line may have begun in an earlier piece
    this.finish(bytes.subarray(0, first))
    const last = bytes.lastIndexOf(NEWLINE)
    if (last > first) this.blockLines(bytes.subarray(first + 1, last + 1), base + first + 1)
    this.lineStart = base + last + 1
    this.hold(bytes.subarray(last + 1))
  }

  /** The input ended: the last line, if it had no newline. */
  end(): void {
    if (this.overlong !== null) {
      const head = this.overlong
      this.overlong = null
      this.sink.tooLong(head, this.lineStart)
    } else if (this.pendingBytes > 0) {
      // a CR at the very end, without LF, stays
      this.sink.line(this.takePending(EMPTY).toString('utf8'), this.lineStart)
    }
    this.lineStart = this.consumed
  }

  /** Whole lines, each ended by its `\n`: the common case, without the bookkeeping of pieces. `at`: the block's offset. */
  private blockLines(block: Buffer, at: number): void {
    const literals = this.sink.literals?.() ?? null
    if ((literals !== null && literals.length > 0) || this.sink.flat === true) {
      this.literalLines(block, at, literals ?? [])
      return
    }
    const { sink, max } = this
    const text = block.toString('utf8')
    // One code unit per byte: each line's length is its byte count.
    const oneUnitPerByte = text.length === block.length
    let byteStart = 0
    for (let start = 0, end = text.indexOf('\n'); end >= 0; start = end + 1, end = text.indexOf('\n', start)) {
      let tooLong = end - start > max
      let lineAt = at + start
      if (!oneUnitPerByte) {
        // The text cannot tell (é is one unit of two bytes, U+FFFD stands for one to three): the bytes up to the line's `\n` can.
        const byteEnd = block.indexOf(NEWLINE, byteStart)
        tooLong = byteEnd - byteStart > max
        lineAt = at + byteStart
        byteStart = byteEnd + 1
      }
      if (tooLong) sink.tooLong(text.slice(start, Math.min(end, start + TOO_LONG_HEAD)), lineAt)
      else sink.line(text.slice(start, end > start && text.charCodeAt(end - 1) === CR ? end - 1 : end), lineAt)
    }
  }

  /**
   * Whole lines as blockLines, each decoded on its own, but only those
   * holding every literal (if any); the others are counted, and said before the next line handed
   * over, so numbers stay in order. (Read forwards, no line's time tells
   * how far reading got before the input ends.)
   */
  private literalLines(block: Buffer, at: number, literals: readonly Buffer[]): void {
    const { sink, max } = this
    const first = literals[0]
    let found = first === undefined ? -1 : block.indexOf(first)
    let passed = 0
    let blank = 0
    for (let start = 0, end = block.indexOf(NEWLINE); end >= 0; start = end + 1, end = block.indexOf(NEWLINE, start)) {
      if (first !== undefined && found >= 0 && found < start) found = block.indexOf(first, start)
      // an overlong line is never read, so it is one the run counts as skipped, literal or not
      if (first !== undefined && end - start <= max && !(found >= 0 && found + first.length <= end && holdsTheRest(block, start, end, literals))) {
        passed++
        if (end === start || (end === start + 1 && block[start] === CR)) blank++
        continue
      }
      if (passed > 0) {
        sink.passedOver?.(passed, blank)
        passed = 0
        blank = 0
      }
      if (end - start > max) sink.tooLong(headOf(block.subarray(start, end)), at + start)
      else sink.line(block.toString('utf8', start, end > start && block[end - 1] === CR ? end - 1 : end), at + start)
    }
    if (passed > 0) sink.passedOver?.(passed, blank)
  }

  /** Bytes without a newline: keep them, unless the line is now too long (then only its head is kept). */
  private hold(bytes: Buffer): void {
    if (this.overlong !== null || bytes.length === 0) return
    if (this.pendingBytes + bytes.length > this.max) {
      this.overlong = headOf(this.headBytes(bytes))
      this.pending = []
      this.pendingBytes = 0
    } else {
      // a copy: the piece it came in is not held for the sake of a few bytes
      this.pending.push(Buffer.from(bytes))
      this.pendingBytes += bytes.length
    }
  }

  /** The first bytes of the line held and then `bytes`: at least HEAD_BYTES when there are as many. */
  private headBytes(bytes: Buffer): Buffer {
    const parts: Buffer[] = []
    let length = 0
    for (const part of [...this.pending, bytes]) {
      if (length >= HEAD_BYTES) break
      parts.push(part.subarray(0, HEAD_BYTES - length))
      length += Math.min(part.length, HEAD_BYTES - length)
    }
    return Buffer.concat(parts)
  }

  /** The line held, ending with `bytes`, as one buffer; nothing is held after. */
  private takePending(bytes: Buffer): Buffer {
    const line = this.pendingBytes === 0 ? bytes : Buffer.concat([...this.pending, bytes], this.pendingBytes + bytes.length)
    this.pending = []
    this.pendingBytes = 0
    return line
  }

  /** The line that ends with `bytes` (its `\n` follows them) is complete. */
  private finish(bytes: Buffer): void {
    if (this.overlong !== null) {
      const head = this.overlong
      this.overlong = null
      this.sink.tooLong(head, this.lineStart)
      return
    }
    const line = this.takePending(bytes)
    if (line.length > this.max) {
      this.sink.tooLong(headOf(line), this.lineStart)
      return
    }
    const stop = line.length > 0 && line[line.length - 1] === CR ? line.length - 1 : line.length
    this.sink.line(line.toString('utf8', 0, stop), this.lineStart)
  }
}
