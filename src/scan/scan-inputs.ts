/**
 * Inputs → the newest N accepted records. Inputs are taken in age order
 * (rotated sets oldest first, see input/rotation.ts). Unless a full scan is
 * asked for, they are read newest first and plain files from their end, and
 * reading stops once no earlier line can be among the newest N: a line
 * stamped more than the order tolerance before the N-th newest kept record
 * means every earlier line is older than that record too. Stdin and gzip
 * data cannot be read backwards; they are read whole, as everything is under
 * `--full-scan`. Files under BACKWARD_MIN_BYTES are read whole too.
 */

import { backwardReader } from './read-backwards.js'
import { forEachLine, isReadError } from '../input/lines.js'
import type { OpenedInput } from '../input/open-inputs.js'
import { oldestFirst } from '../input/rotation.js'
import { inputReader } from './input-reader.js'
import type { ReadSettings } from './read-settings.js'
import type { SkippedLines } from './skipped-lines.js'
import type { AccessRecord } from '../record.js'
import type { NewestN } from '../select/newest.js'
import type { RecordFilter } from '../select/record-filter.js'

export interface ScanState {
  /** The search criteria, compiled once. */
  accepts: RecordFilter
  newest: NewestN<AccessRecord>
  skipped: SkippedLines
  /** The log format(s) and how records are made, compiled once. */
  read: ReadSettings
  /** `--verbose` notes; a no-op without it. */
  note: (line: string) => void
  /** Bytes read so far, for the progress line. */
  progress: { bytes: number }
}

export interface ScanOptions {
  /** Read every line of every input (`--full-scan`). */
  fullScan: boolean
  /** Seconds a line may be stamped earlier than a line before it (`--order-tolerance`). */
  toleranceSeconds: number
  /** `--partial-ok`: an input that breaks off keeps the lines read before the break. */
  partialOk: boolean
  /** Where the `--partial-ok` warning goes. */
  warn: (line: string) => void
  /** Plain files at least this large are read from their end; smaller ones whole, keeping line numbers. */
  backwardMinBytes?: number
}

/**
 * Below this a file is read whole, in about as long as `node` takes to start,
 * and its lines keep their numbers; a line found by reading from the end has
 * only a byte offset, since counting the lines before it means reading them.
 */
export const BACKWARD_MIN_BYTES = 4 * 1024 * 1024

/** Room for a line number or byte offset below each input's place in the age order. */
const PER_INPUT = 2 ** 40

/** Where a record stands in the whole input, oldest first: ties in time go to the later one. */
const orderOf = (rank: number, record: AccessRecord): number =>
  rank * PER_INPUT + (record.line ?? record.byteOffset ?? 0)

/** Reads one input whole; returns the time of its first record (null if none). */
const readForwards = async (input: OpenedInput, rank: number, state: ScanState, keepPartial: boolean): Promise<number | null> => {
  const { accepts, newest } = state
  let firstTime: number | null = null
  const reader = inputReader(state.read, input.label, {
    skipped: state.skipped,
    note: state.note,
    // Cheap checks first, before the record is built: once N rows are kept, older lines are passed over.
    gate: (facts) => {
      firstTime ??= facts.time
      return newest.wouldKeep(facts.time) && accepts.facts(facts)
    },
    record: (record) => {
      if (accepts.afterFacts(record)) newest.push(record, orderOf(rank, record))
    },
  })
  const stream = input.stream()
  const counted = state.progress.bytes
  const poll = setInterval(() => {
    state.progress.bytes = counted + ((stream as { bytesRead?: number }).bytesRead ?? 0)
  }, 100)
  try {
    await forEachLine(stream, input.label, reader.line, reader.tooLong)
  } catch (e) {
    // --partial-ok: the lines read before the break count, also those `auto` still holds back.
    if (keepPartial && isReadError(e)) reader.end()
    throw e
  } finally {
    clearInterval(poll)
    state.progress.bytes = counted + ((stream as { bytesRead?: number }).bytesRead ?? 0)
  }
  reader.end()
  return firstTime
}

/**
 * An input that cannot be read to its end (a truncated or corrupt .gz, a read
 * error) is an input error. With `--partial-ok` the lines read before the
 * break count, one warning says so, and the run goes on with the next input.
 */
const readForwardsKeepingPartial = async (input: OpenedInput, rank: number, state: ScanState, warn: ScanOptions['warn']): Promise<number | null> => {
  const before = state.skipped.lines
  try {
    return await readForwards(input, rank, state, true)
  } catch (e) {
    // only a read that broke off; a usage error (a format without X-Forwarded-For under --client-ip forwarded) still stops the run
    if (!isReadError(e)) throw e
    const kept = state.skipped.lines - before
    warn(`${e.message}; kept the ${kept} ${kept === 1 ? 'line' : 'lines'} read before the error (--partial-ok)`)
    return null
  }
}

/** Fills `state.newest` from the inputs. */
export const scanInputs = async (inputs: readonly OpenedInput[], state: ScanState, options: ScanOptions): Promise<void> => {
  const order = oldestFirst(inputs.map((input) => input.label === 'stdin' ? '-' : input.label))
  const forwards = (input: OpenedInput, rank: number): Promise<number | null> => options.partialOk
    ? readForwardsKeepingPartial(input, rank, state, options.warn)
    : readForwards(input, rank, state, false)

  if (options.fullScan) {
    for (const [rank, i] of order.entries()) await forwards(inputs[i] as OpenedInput, rank)
    return
  }
  const newestFirst = [...order.entries()].reverse()
  const tolerance = options.toleranceSeconds * 1000
  for (let k = 0; k < newestFirst.length; k++) {
    const [rank, i] = newestFirst[k] as [number, number]
    const input = inputs[i] as OpenedInput
    let stopped: boolean
    if (input.seekable && input.seekable.size >= (options.backwardMinBytes ?? BACKWARD_MIN_BYTES)) {
      stopped = await backwardReader(input, input.seekable, rank * PER_INPUT, state, tolerance)
    } else {
      // Read whole; older inputs are still skipped when even its first line is old enough.
      const firstTime = await forwards(input, rank)
      const threshold = state.newest.threshold
      stopped = firstTime !== null && threshold !== null && firstTime + tolerance <= threshold
    }
    if (stopped) {
      // Nothing in an older input can be among the newest N.
      for (const [, older] of newestFirst.slice(k + 1)) await (inputs[older] as OpenedInput).close()
      state.note(`${input.label}: stopped reading, the newest ${state.newest.limit} are certain${newestFirst.length > k + 1 ? `; ${newestFirst.length - k - 1} older input(s) not read` : ''}`)
      return
    }
  }
}
