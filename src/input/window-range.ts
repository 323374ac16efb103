/**
 * The stretch of a plain file where the lines of a time window can be:
 * found by bisection on byte offsets, reading a little at each probe (the
 * first line a format reads from there on), so that a token's second or a
 * day in the middle of a week is read without the rest. What a probed
 * line's time tells of the lines around it is the window's to say
 * (select/time-window.ts): 'before' (it and every line before it are too
 * early) moves the start past it, 'after' (it and every line after it are
 * too late) the end before it. Probes stop once the stretch left to narrow
 * is smaller than a read: reading it costs less than probing it.
 */

import type { PositionedFile } from './backward-lines.js'
import { NEWLINE } from '../text/chars.js'

/** Bytes read at a probe, and the stretch below which probing stops. */
const PROBE_BYTES = 64 * 1024

/** What a probe makes of a line: its side of the window, or null when no format reads it. */
export type LineSide<Side extends string = 'before' | 'after' | 'within'> = (raw: string) => { side: Side; time: number } | null

export interface WindowRange {
  /** The start of the first line that may be in the window. */
  from: number
  /** The start of the first line after it (or the end of the file). */
  to: number
  /** The time of the line probed at `from` when it was proven too early: every line before `from` is older (within the tolerance). */
  fromTime: number | null
}

/** The first line start at or after `at` (a file's start, or the byte after a newline), but not past `end`. */
export async function lineStartAtOrAfter(file: PositionedFile, at: number, end: number): Promise<number> {
  if (at <= 0) return 0
  const buffer = Buffer.allocUnsafe(PROBE_BYTES)
  for (let from = at - 1; from < end;) {
    const { bytesRead } = await file.read(buffer, 0, Math.min(PROBE_BYTES, end - from), from)
    if (bytesRead === 0) return end
    const newline = buffer.subarray(0, bytesRead).indexOf(NEWLINE)
    if (newline >= 0) return Math.min(end, from + newline + 1)
    from += bytesRead
  }
  return end
}

interface Probed {
  start: number
  /** The start of the line after it. */
  next: number
  side: 'before' | 'after' | 'within'
  time: number
}

/** The first line at or after `at` and before `end` that a format reads, or null. */
async function probe(file: PositionedFile, at: number, end: number, sideOf: LineSide): Promise<Probed | null> {
  const buffer = Buffer.allocUnsafe(PROBE_BYTES)
  let start = await lineStartAtOrAfter(file, at, end)
  while (start < end) {
    const { bytesRead } = await file.read(buffer, 0, Math.min(PROBE_BYTES, end - start), start)
    if (bytesRead === 0) return null
    let from = 0
    for (let newline = buffer.indexOf(NEWLINE, 0); newline >= 0 && newline < bytesRead; newline = buffer.indexOf(NEWLINE, from)) {
      const seen = sideOf(buffer.toString('utf8', from, newline > from && buffer[newline - 1] === 0x0d ? newline - 1 : newline))
      if (seen !== null) return { start: start + from, next: start + newline + 1, ...seen }
      from = newline + 1
    }
    // no line read in the bytes read: on from the last line start seen (a line longer than a read: from the next line)
    start = from > 0 ? start + from : await lineStartAtOrAfter(file, start + bytesRead, end)
    if (from === 0 && bytesRead < PROBE_BYTES) return null
  }
  return null
}

/** The stretch of the first `size` bytes of `file` that may hold the window's lines. */
export async function windowRange(file: PositionedFile, size: number, sideOf: LineSide): Promise<WindowRange> {
  // the start: the last line probed that is 'before' (every line before it too early)
  let from = 0
  let fromTime: number | null = null
  for (let high = size; high - from > PROBE_BYTES;) {
    const middle = from + Math.floor((high - from) / 2)
    const line = await probe(file, middle, high, sideOf)
    if (line === null || line.side !== 'before') high = middle
    else {
      from = line.start
      fromTime = line.time
    }
  }
  // the end: the first line probed that is 'after' (every line after it too late)
  let to = size
  for (let low = from, high = size; high - low > PROBE_BYTES;) {
    const middle = low + Math.floor((high - low) / 2)
    const line = await probe(file, middle, high, sideOf)
    if (line === null) {
      // no line from the one after `middle` on is read by a format: none of them can be a row
      to = Math.min(to, await lineStartAtOrAfter(file, middle, high))
      high = middle
    } else if (line.side === 'after') {
      to = line.start
      high = line.start
    } else {
      low = line.next
    }
  }
  return { from, to, fromTime }
}
