/**
 * The work a worker is given, and what it hands back. A stretch is part of
 * one input, read with the format the input's start decided:
 *
 * - a piece: whole lines the main thread read (a plain file from its start,
 *   stdin, gunzipped data: input/line-pieces.ts), sent over; its records stay
 *   in the worker's selection for the input until they are collected;
 * - a range: the lines of a plain file between two offsets, read by the
 *   worker itself from the end of the range (the file's descriptor is the
 *   process's), into a selection of its own, whose records come back with
 *   the report.
 *
 * A report holds what the main thread needs to go on as if it had read the
 * lines itself (workers/replay.ts): counts, the first skipped lines and
 * notes in the order met, line numbers counted from the stretch's start.
 */

import type { TooLongLine } from '../input/line-pieces.js'
import type { LinePosition, SkipReason } from '../parse/record/access-record.js'
import type { AccessRecord } from '../record.js'
import type { LineTime } from '../source/newest-line.js'

/** Which input a stretch is of. */
export interface StretchOf {
  /** The input as named in messages. */
  label: string
  /** Its rank in the age order: its records' places (source/batch.ts InputPlaces). */
  rank: number
  /** The format its start decided (source/log-lines.ts ReadOn). */
  format: string
}

export interface PieceTask extends StretchOf {
  kind: 'piece'
  bytes: Uint8Array
  start: number
  tooLong: TooLongLine | null
}

export interface RangeTask extends StretchOf {
  kind: 'range'
  /** The plain file's descriptor, and its size when opened. */
  fd: number
  size: number
  /** Roughly where the range starts and ends: each end moves on to the next line's start, not past `end`. */
  from: number
  to: number
  end: number
  /** Records stamped earlier cannot get into the run's selection any more. */
  floor: number
  /** Bytes per read (small when lines may cost much). */
  blockSize: number
}

/** The records a worker holds of one input's pieces, handed over (and let go). */
export interface CollectTask {
  kind: 'collect'
  rank: number
}

export type StretchTask = PieceTask | RangeTask | CollectTask

export type StretchEvent =
  | { kind: 'skip'; /** Its number among the stretch's skipped lines, from 1. */ nth: number; reason: SkipReason; at: LinePosition; raw: string }
  | { kind: 'retry'; format: string; at: LinePosition }

/** Why a range could not be read to its end. */
export type ReadFailure =
  | { kind: 'shrank'; from: number; to: number }
  | { kind: 'errno'; code: string; message: string }

export interface StretchReport {
  /** Lines numbered in it, blank ones too (line numbers after it count on from these). */
  lines: number
  /** Non-blank lines read. */
  read: number
  /** Bytes read. */
  bytes: number
  earliest: number | null
  /** Skipped lines per reason, in the order first met; the first of them. */
  byReason: [SkipReason, number][]
  first: LinePosition | null
  /** The first skipped lines (up to the number `--verbose` shows) and the notes, in the order met. */
  events: StretchEvent[]
  /** The newest valid line of the stretch (its time and logged offset), for the page's stamp. */
  newest: LineTime | null
  /** A range's records with their places; none for a piece. */
  records: [AccessRecord, number][]
  /** The records the worker holds for the input now (pieces), for the progress line. */
  held: number
  /** A range that broke off: why (its report tells what was read before). */
  failure: ReadFailure | null
  /** The lines each criterion ruled out, when the job counts them (select/ruled-out.ts); else null. */
  ruledOut: number[] | null
  /** A piece's memory, handed back for the next piece (moved, not copied). */
  spare?: ArrayBuffer
}
