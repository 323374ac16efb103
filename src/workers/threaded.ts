/**
 * A run's reading on several threads (source/threaded-reading.ts) over its
 * worker pool: the rest of a large input read forwards goes to the workers
 * piece by piece (pieces-elsewhere.ts), the older part of a file read from
 * its end in ranges (ranges-elsewhere.ts, read here when there are no
 * workers). Each says so under `--verbose`, and why.
 */

import type { RuledOut } from '../select/ruled-out.js'
import type { NewestRecords, TokenRecords } from '../select/selection.js'
import type { LogLinesContext } from '../source/log-lines.js'
import type { InputStretch, ThreadedReading, ThreadSizes } from '../source/threaded-reading.js'
import { byteSize } from '../text/byte-size.js'
import { PiecesOnWorkers } from './pieces-elsewhere.js'
import { RangesOnWorkers } from './ranges-elsewhere.js'
import type { ReplayTarget } from './replay.js'
import { jobContext, type JobContext, type WorkerJob } from './worker-job.js'
import type { WorkerPool } from './worker-pool.js'

export interface RunThreads {
  /** The run's workers, or null: it reads on this thread alone. */
  pool: WorkerPool | null
  job: WorkerJob
  sizes: ThreadSizes
  /** Where what is read elsewhere goes: the run's skipped lines, notes and selection. */
  lines: LogLinesContext
  selection: NewestRecords | TokenRecords
  /** The run's count of the lines each criterion ruled out, when it counts them: the workers' are added in. */
  ruledOut?: RuledOut | null
}

function threadsText(threads: number): string {
  return `${threads} ${threads === 1 ? 'thread' : 'threads'}`
}

/** The run's threaded reading, and the records its workers hold for inputs not read to their end yet (for the progress line). */
export function threadedReading(run: RunThreads): ThreadedReading & { held(): number } {
  const { lines, selection, sizes } = run
  const job = run.pool?.job(run.job) ?? null
  const threads = run.pool?.size ?? 1
  let local: JobContext | null = null
  const reading = new Set<PiecesOnWorkers>()
  function target(input: InputStretch): ReplayTarget {
    return { skipped: lines.skipped, newest: lines.newest, note: lines.note, noted: input.noted, format: input.format, ruledOut: run.ruledOut ?? null }
  }
  return {
    ...sizes,
    held: () => [...reading].reduce((sum, pieces) => sum + pieces.held, 0),
    pieces: job === null
      ? null
      : (input, from) => {
          lines.note(`${input.label}: read on ${threadsText(threads)} from line ${from.lines + 1} (${from.size === null ? `over ${byteSize(from.bytes)}` : byteSize(from.size)})`)
          const pieces = new PiecesOnWorkers(job, { label: input.label, rank: input.rank, format: input.format }, target(input), from.lines, sizes.pieceBytes)
          reading.add(pieces)
          return pieces
        },
    ranges: (input, part) => {
      lines.note(`${input.label}: not decided by the newest ${byteSize(part.read)}; the other ${byteSize(part.end)} read on ${threadsText(threads)}, ${byteSize(sizes.rangeBytes)} at a time, newest first`)
      const reading = { job, local: () => (local ??= jobContext(run.job)), selection, rangeBytes: sizes.rangeBytes }
      return new RangesOnWorkers(reading, { label: input.label, rank: input.rank, format: input.format }, part, target(input))
    },
  }
}
