/**
 * What a scan of the inputs holds while it reads, and the one hook through
 * which every input, read forwards or from its end, hands its lines to it:
 * cheap checks on a line's facts first (once N rows are kept, older lines are
 * passed over before their record is built), then the record to the
 * newest-N heap with its place in the whole input.
 */

import { isReadError } from '../input/read-error.js'
import type { AccessRecord } from '../record.js'
import type { RecordFilter } from '../select/record-filter.js'
import type { RowKeeper } from '../select/newest.js'
import type { ReadSettings } from './read-settings.js'
import type { RecordGate } from './record-reader.js'
import type { SkippedLines } from './skipped-lines.js'

export interface ScanState {
  /** The search criteria, compiled once. */
  accepts: RecordFilter
  newest: RowKeeper<AccessRecord>
  skipped: SkippedLines
  /** The log format(s) and how records are made, compiled once. */
  read: ReadSettings
  /** `--verbose` notes; a no-op without it. */
  note: (line: string) => void
  /** Bytes read so far, for the progress line. */
  progress: { bytes: number }
  /**
   * Lines may cost much more than with the built-in shapes (a config's
   * shapes). A stop signal is only heard between two stretches of
   * synchronous work, so then lines are read in smaller pieces (see
   * paced-chunks.ts and read-backwards.ts).
   */
  costlyLines?: boolean
}

/** Room for a line number or byte offset below each input's place in the age order. */
const PER_INPUT = 2 ** 40

/** What the lines of one input told the scan so far. */
export interface InputSeen {
  /** The time of the input's first valid line, null before one. */
  firstTime: number | null
  /**
   * A line was stamped at least the order tolerance before the N-th newest
   * record kept: every line written before it is older than that record too.
   */
  certain: boolean
}

export interface NewestHooks {
  gate: RecordGate
  record: (record: AccessRecord) => void
  seen: InputSeen
}

/**
 * The hooks of the input at `rank` in the age order (oldest 0). A record's
 * place is its rank, then its line number or, read from the end, its byte
 * offset: between equal times the later line wins.
 */
export const newestHooks = (state: ScanState, rank: number, toleranceMs: number): NewestHooks =>
  placedHooks(state, toleranceMs, (record) => rank * PER_INPUT + (record.line ?? record.byteOffset ?? 0))

/**
 * The places of lines read after the scan of `inputs` inputs (a watch
 * following its logs): each one after the one before, all after every line
 * the scan read, so between equal times the line read later wins.
 */
export const placesAfterScan = (inputs: number): (() => number) => {
  let next = inputs * PER_INPUT
  return () => next++
}

/**
 * The hooks of lines read after the scan: each record kept takes the next
 * place, and `kept` hears of it (the listing may have changed).
 */
export const arrivalHooks = (state: ScanState, place: () => number, kept: () => void): NewestHooks => {
  const hooks = placedHooks(state, 0, place)
  return {
    ...hooks,
    record: (record) => {
      if (hooks.record(record)) kept()
    },
  }
}

/** The hooks with `placeOf` giving each record its place in the input. */
const placedHooks = (state: ScanState, toleranceMs: number, placeOf: (record: AccessRecord) => number): PlacedHooks => {
  const { accepts, newest } = state
  const seen: InputSeen = { firstTime: null, certain: false }
  const beforeKept = (time: number): boolean => {
    const threshold = newest.threshold
    return threshold !== null && time + toleranceMs <= threshold
  }
  return {
    seen,
    gate: (facts) => {
      seen.firstTime ??= facts.time
      const keep = newest.wouldKeep(facts.time) && accepts.facts(facts)
      if (!keep && beforeKept(facts.time)) seen.certain = true
      return keep
    },
    record: (record) => {
      const kept = accepts.afterFacts(record) && newest.push(record, placeOf(record))
      if (beforeKept(record.time)) seen.certain = true
      return kept
    },
  }
}

/** The hooks, with `record` saying whether the record was kept. */
interface PlacedHooks extends NewestHooks {
  record: (record: AccessRecord) => boolean
}

/** How each input is read into the scan. */
export interface InputReadOptions {
  /** `--order-tolerance`, in milliseconds. */
  toleranceMs: number
  /** `--partial-ok`: an input that breaks off keeps the lines read before the break, and one warning says so. */
  partialOk: boolean
  warn: (line: string) => void
}

/**
 * An input broke off while it was read (a truncated or corrupt .gz, a file
 * that shrank under us): an input error, unless `--partial-ok` passes it
 * over; then the `kept` lines read before the break stay, and one warning
 * says so. Anything else (a bug, a wrong format) is thrown as it is.
 */
export const passOverBreak = (e: unknown, options: InputReadOptions, kept: number): void => {
  if (!options.partialOk || !isReadError(e)) throw e
  options.warn(`${e.message}; kept the ${kept} ${kept === 1 ? 'line' : 'lines'} read before the error (--partial-ok)`)
}
