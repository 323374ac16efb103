/**
 * A source of records: one input read into batches (see batch.ts), the way
 * a run's reading (select/select-from.ts) takes its inputs: a file read
 * forwards or from its end, stdin, a `.gz` (forward-source.ts,
 * backward-source.ts); the generations of one log, newest first
 * (rotated-set.ts); a ClickHouse table (clickhouse/clickhouse-source.ts);
 * merge's rows (merge/row-source.ts). A followed log is none: watch polls it
 * (jobs/watch/followed-inputs.ts), its new lines go through a LogLines of
 * their own into the same selection, and each poll tells whether a record
 * was kept.
 */

import type { AccessRecord } from '../record.js'
import type { Batch } from './batch.js'

/**
 * What a source knows of the lines it has not read yet, which tells the
 * spine whether they can still change the result (Selection.isDecidedBy).
 */
export interface UnreadPart {
  /**
   * Each line not read yet was written before a line stamped `before`
   * (epoch ms), so it is stamped at most the order tolerance after it:
   * the earliest time read so far of a source read newest first. Infinity
   * while nothing tells: nothing read yet, or an input read from its start.
   */
  before: number
  /** Each record of a line not read yet gets a place below this: between equal times it is older than one placed at or above it (batch.ts). */
  placesBelow: number
}

/** One input read into the selection it was made with (its records go there as they are made). */
export interface RecordSource<T = AccessRecord> {
  /** The input as named in messages. */
  readonly label: string
  /** What is known of the lines not read yet (asked between two batches). */
  unread(): UnreadPart
  /** Bytes of input read so far, for the progress line. */
  bytesRead(): number
  /** The input's records, batch by batch; a caller that has what it needs stops asking, and the input is let go. */
  batches(): AsyncGenerator<Batch<T>>
  /** Lets go of an input that will not be read (further). */
  close(): Promise<void>
  /** The older inputs that follow it in one source (a rotated set, rotated-set.ts) and were not read at all. */
  readonly unstarted?: number
}

/** How an input that breaks off is taken (`--partial-ok`), shared by the sources of a run. */
export interface BreakPolicy {
  /** `--partial-ok`: the lines read before the break count, and one warning says so. */
  partialOk: boolean
  warn: (line: string) => void
}

/** The warning of `--partial-ok`: the input's error, and what was kept. */
export function partialWarning(message: string, kept: number): string {
  return `${message}; kept the ${kept} ${kept === 1 ? 'line' : 'lines'} read before the error (--partial-ok)`
}
