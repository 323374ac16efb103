/**
 * A source of records: one input read into batches (see batch.ts), the way
 * a run's reading (select/select-from.ts) takes its inputs: a file read
 * forwards or from its end, stdin, a `.gz` (forward-source.ts,
 * backward-source.ts); a ClickHouse table (clickhouse/clickhouse-source.ts);
 * merge's rows (merge/row-source.ts). A followed log is none: watch polls it
 * (jobs/watch/followed-inputs.ts), its new lines go through a LogLines of
 * their own into the same selection, and each poll tells whether a record
 * was kept.
 */

import type { Batch } from './batch.js'

/** One input read into the selection it was made with (its records go there as they are made). */
export interface RecordSource {
  /** The input as named in messages. */
  readonly label: string
  /**
   * Whether lines come newest first (a file read from its end): then every
   * line not read yet is older than every line read, and the selection may
   * be decided before the source ends.
   */
  readonly newestFirst: boolean
  /** Bytes of input read so far, for the progress line. */
  bytesRead(): number
  /** The input's records, batch by batch; a caller that has what it needs stops asking, and the input is let go. */
  batches(): AsyncGenerator<Batch>
  /** Lets go of an input that will not be read (further). */
  close(): Promise<void>
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
