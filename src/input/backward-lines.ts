/**
 * Lines of a seekable plain file, last line first. The file is read from its
 * end in blocks, so a caller that needs only the newest lines stops after a
 * few blocks however large the file is. Each line is given with the byte
 * offset where it starts, since its line number is unknown without reading
 * everything before it.
 */

import { headOf, MAX_LINE_LENGTH, type LineSink } from './line-splitter.js'
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
  let end = options.to ?? size
  handed.from = end
  let bytesRead = 0
  /** The start of a line whose beginning lies in an earlier block. */
  let carry: Buffer = Buffer.alloc(0)
  /** Bytes of that line dropped because it is already too long. */
  let carryDropped = false
  /** The start of that line as far as it has been read, for messages. */
  let droppedHead = ''
  let readSize = Math.min(block, FIRST_BLOCK)
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

  while (end > from) {
    const start = Math.max(from, end - readSize)
    readSize = block
    const length = end - start
    // buf[i] is the byte at file offset start + i: the block, read in place, then the carried line after it (one line copied, not the block)
    const buf = Buffer.allocUnsafe(length + carry.length)
    let got = 0
    while (got < length) {
      const { bytesRead: n } = await handle.read(buf, got, length - got, start + got)
      if (n === 0) throw new FileShrank(size, (await handle.stat()).size)
      got += n
    }
    carry.copy(buf, length)
    // A file truncated and written again would hand over other text at the same offsets: its size tells.
    const now = (await handle.stat()).size
    if (now < size) throw new FileShrank(size, now)
    bytesRead += got
    end = start
    let to = buf.length
    let first = true
    for (let nl = buf.lastIndexOf(NEWLINE, length - 1); nl >= 0; nl = nl > 0 ? buf.lastIndexOf(NEWLINE, nl - 1) : -1) {
      emit(buf, nl + 1, to, start, first && carryDropped)
      if (first) carryDropped = false
      first = false
      to = nl
      handed.from = start + nl + 1
    }
    // The bytes before the block's first newline begin a line in an earlier block.
    if ((first && carryDropped) || to > maxLine) {
      carry = Buffer.alloc(0)
      carryDropped = true
      droppedHead = headOf(buf.subarray(0, to))
    } else {
      // a view, not a copy: the block is let go once the next one has taken the line
      carry = buf.subarray(0, to)
    }
    if (end > from) yield bytesRead
  }
  if (carryDropped) sink.tooLong(droppedHead, from)
  else if ((options.to ?? size) > from) emit(carry, 0, carry.length, from, false)
  handed.from = from
  yield bytesRead
}
