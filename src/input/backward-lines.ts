/**
 * Lines of a seekable plain file, last line first. The file is read from its
 * end in blocks, so a caller that needs only the newest lines stops after a
 * few blocks however large the file is. Each line is given with the byte
 * offset where it starts, since its line number is unknown without reading
 * everything before it.
 */

import { headOf, holdsTheRest, MAX_LINE_LENGTH, type LineSink } from './line-splitter.js'
import { FileShrank } from './read-error.js'
import { CR, NEWLINE } from '../text/chars.js'

/** What is read of a file: a FileHandle of node:fs/promises, or a descriptor a worker reads (workers/descriptor-file.ts). */
export interface PositionedFile {
  read(buffer: Buffer, offset: number, length: number, position: number): Promise<{ bytesRead: number }>
  stat(): Promise<{ size: number }>
}

export interface BackwardOptions {
  /** Bytes per read; the first read is smaller so a small need stays cheap. */
  blockSize?: number
  /** A longer line is not decoded: it is reported through the sink's `tooLong`. */
  maxLineBytes?: number
  /** Read only the lines from this offset (a line's start) to `to` (the start of the line after them, or the end of the file). */
  from?: number
  to?: number
  /** Set at each step: every line starting at or after `from` has been handed over. */
  handed?: { from: number }
  /** Buffers to read into, taken and given back: a caller reading many stretches lends the same few to each. */
  buffers?: Buffer[]
}

const FIRST_BLOCK = 64 * 1024
/** Bytes per read, but the first. */
export const BLOCK_BYTES = 1024 * 1024

/**
 * Reads `size` bytes of `handle` (from offset 0) backwards, handing `sink`
 * each line from the last to the first, with the byte offset where it
 * starts: each step of the generator has handed over the lines of one more
 * block and gives the bytes read so far. A caller that has what it needs
 * stops asking for steps; nothing more is read. An empty last line (the file
 * ends with a newline) is not a line; other empty lines are given as ''.
 * A line longer than `maxLineBytes` is given by its head, never held whole.
 * With `from` and `to`, the same for the lines of that stretch alone.
 */
export async function* backwardLines(handle: PositionedFile, size: number, sink: LineSink, options: BackwardOptions = {}): AsyncGenerator<number> {
  const block = options.blockSize ?? BLOCK_BYTES
  const maxLine = options.maxLineBytes ?? MAX_LINE_LENGTH
  const from = options.from ?? 0
  const handed = options.handed ?? { from: 0 }
  // two buffers turn by turn (one read into while the other's lines are handed over), not one per block:
  // a fresh buffer of a MiB is fresh pages the kernel must fault in and clear, as much system time as the read
  const buffers = options.buffers ?? []
  const bufferBytes = block + maxLine
  const takeBuffer = (): Buffer => {
    const spare = buffers.pop()
    return spare !== undefined && spare.length >= bufferBytes ? spare : Buffer.allocUnsafe(bufferBytes)
  }
  /** The buffer whose lines were handed over last: the carried line is a view of it till it is copied. */
  let previous: Buffer | null = null
  let end = options.to ?? size
  handed.from = end
  let bytesRead = 0
  /** The start of a line whose beginning lies in an earlier block. */
  let carry: Buffer = Buffer.alloc(0)
  /** Bytes of that line dropped because it is already too long. */
  let carryDropped = false
  /** The start of that line as far as it has been read, for messages. */
  let droppedHead = ''
  let lastLine = true

  /** Hands over one line found at [from, to) of buf, which starts at file offset base. */
  const emit = (buf: Buffer, from: number, to: number, base: number, tooLong: boolean): void => {
    if (lastLine) {
      lastLine = false
      if (from === to && !tooLong) return
    }
    if (tooLong || to - from > maxLine) {
      sink.tooLong(headOf(buf.subarray(from, to)), base + from)
      return
    }
    const stop = to > from && buf[to - 1] === CR ? to - 1 : to
    sink.line(buf.toString('utf8', from, stop), base + from)
  }

  /** The block [start, start + length) read in place, with room after it for a line carried from the block read before. */
  const readBlock = async (start: number, length: number): Promise<Buffer> => {
    const buf = takeBuffer()
    let got = 0
    while (got < length) {
      const { bytesRead: n } = await handle.read(buf, got, length - got, start + got)
      if (n === 0) throw new FileShrank(size, (await handle.stat()).size)
      got += n
    }
    return buf
  }

  let start = Math.max(from, end - Math.min(block, FIRST_BLOCK))
  /** The next block, read while this one's lines are handed over. */
  let pending: Promise<Buffer> | null = end > from ? readBlock(start, end - start) : null
  try {
    while (pending !== null) {
      const fresh = await pending
      // A file truncated and written again would hand over other text at the same offsets: its size, as the block is taken, tells.
      const now = (await handle.stat()).size
      if (now < size) throw new FileShrank(size, now)
      const base = start
      const length = end - base
      // buf[i] is the byte at file offset base + i: the block, read in place, then the carried line after it (one line copied, not the block)
      carry.copy(fresh, length)
      const buf = fresh.subarray(0, length + carry.length)
      // the carried line is copied: the buffer it came from takes the next block
      if (previous !== null) buffers.push(previous)
      previous = fresh
      end = base
      start = Math.max(from, end - block)
      pending = end > from ? readBlock(start, end - start) : null
      bytesRead += length
      let to = buf.length
      let first = true
      const literals = sink.literals?.() ?? null
      const wanted = literals !== null && literals.length > 0 ? literals : null
      const literal = wanted?.[0] as Buffer
      // the nearest place at or before the line's end where the first literal starts (a line without it is passed over)
      let found = wanted === null ? -1 : buf.lastIndexOf(literal, to - 1)
      // the first and the last line of the block are read whatever they hold: their times tell how far reading got
      const oldest = wanted === null ? -1 : buf.indexOf(NEWLINE)
      let newest = true
      let passed = 0
      let blank = 0
      /** The lines passed over since the last line handed, said before the next (the order of numbers). */
      const flush = (): void => {
        if (passed === 0) return
        sink.passedOver?.(passed, blank)
        passed = 0
        blank = 0
      }
      for (let nl = buf.lastIndexOf(NEWLINE, length - 1); nl >= 0; nl = nl > 0 ? buf.lastIndexOf(NEWLINE, nl - 1) : -1) {
        if (wanted !== null) {
          if (found > to - literal.length) found = buf.lastIndexOf(literal, to - literal.length)
          const empty = to === nl + 1 || (to === nl + 2 && buf[nl + 1] === CR)
          // an overlong line is never read, so it is one the run counts as skipped, literal or not
          const holds = to - nl - 1 > maxLine || (first && carryDropped) || (found > nl && holdsTheRest(buf, nl + 1, to, wanted))
          const edge = (newest || nl === oldest) && !empty
          if (!holds) {
            // the file's last line is an empty one when it ends with a newline: no line at all
            const none = lastLine && empty
            lastLine = false
            if (edge) {
              newest = false
              flush()
              sink.passedOverLine?.(buf.toString('utf8', nl + 1, buf[to - 1] === CR ? to - 1 : to), base + nl + 1)
            } else if (!none) {
              passed++
              if (empty) blank++
            }
            if (first) carryDropped = false
            first = false
            to = nl
            handed.from = base + nl + 1
            continue
          }
          if (!empty) newest = false
          flush()
        }
        emit(buf, nl + 1, to, base, first && carryDropped)
        if (first) carryDropped = false
        first = false
        to = nl
        handed.from = base + nl + 1
      }
      flush()
      // The bytes before the block's first newline begin a line in an earlier block.
      if ((first && carryDropped) || to > maxLine) {
        carry = Buffer.alloc(0)
        carryDropped = true
        droppedHead = headOf(buf.subarray(0, to))
      } else {
        // a view: the next block's buffer has room after its bytes, where it is copied
        carry = buf.subarray(0, to)
      }
      if (end > from) yield bytesRead
    }
  } finally {
    // a caller that stopped asking leaves a read under way: it ends before the file is let go
    const last = await pending?.catch(() => null)
    if (last) buffers.push(last)
  }
  if (carryDropped) sink.tooLong(droppedHead, from)
  else if ((options.to ?? size) > from) {
    // the first line of the stretch: read for its time alone when it lacks a literal, as the other edges of blocks
    const literals = sink.literals?.() ?? null
    const lacks = literals !== null && literals.length > 0 && carry.length <= maxLine && carry.length > 0 &&
      !(carry.indexOf(literals[0] as Buffer) >= 0 && holdsTheRest(carry, 0, carry.length, literals))
    if (lacks && sink.passedOverLine) sink.passedOverLine(carry.toString('utf8', 0, carry[carry.length - 1] === CR ? carry.length - 1 : carry.length), from)
    else emit(carry, 0, carry.length, from, false)
  }
  handed.from = from
  if (previous !== null) buffers.push(previous)
  yield bytesRead
}
