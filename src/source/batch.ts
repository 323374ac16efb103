/**
 * What a source gives the spine after each stretch of its input (a piece
 * read forwards, a block read from the end, what a followed log gained), as
 * data: the records of the stretch worth keeping (those the selection's
 * gate admitted as their lines were read), each with its place in the whole
 * input, and the earliest time of any valid line in the stretch, kept or
 * not. The spine hands the records to the selection (select/select-from.ts,
 * keepBatch); stretches are small (a piece of 64 KiB read forwards), so a
 * record a scan passes over is garbage while young. The earliest time is
 * what tells the spine when no line not yet read can change the result
 * (Selection.isDecidedBy). A source that ships lines rather than records
 * (ship) gets the valid lines themselves.
 */

import type { AccessRecord } from '../record.js'

/** A valid line as read, for a reader that wants lines, not records: its time and text, and where it starts. */
export interface ValidLine {
  /** Epoch milliseconds. */
  time: number
  text: string
  start: number
}

export interface Batch<T = AccessRecord> {
  /** Records of the stretch worth keeping, each with its place: between equal times the larger is newer. */
  records: [T, number][]
  /** The earliest time (epoch ms) of any valid line read in the stretch, kept or not; null for none. */
  earliest: number | null
  /** For a reader of lines (LogLinesContext.gate null): the valid lines of the stretch, in order. */
  lines?: ValidLine[]
}

export function emptyBatch<T = AccessRecord>(): Batch<T> {
  return { records: [], earliest: null }
}

/** Where the records of a batch go: the selection. */
export interface RecordSink<T = AccessRecord> {
  /** Takes `item`, at `place` in the whole input (between equal times the larger is newer); says whether it is kept (for now). */
  keep(item: T, place: number): boolean
}

/** Hands the batch's records to `sink`; says how many it kept. */
export function keepBatch<T>(sink: RecordSink<T>, batch: Batch<T>): number {
  let kept = 0
  for (const [item, place] of batch.records) if (sink.keep(item, place)) kept++
  return kept
}

/** The earlier of two times, either of which may be missing. */
export function earlier(a: number | null, b: number | null): number | null {
  return (a === null ? b : b === null ? a : Math.min(a, b))
}

/** Room for a byte offset (up to 1 TiB) below each input's place in the age order. */
export const PER_INPUT = 2 ** 40

/** The place above every record of the input at `rank`: no line of it can be placed there or higher. */
export function placesOfRankBelow(rank: number): number {
  return (rank + 1) * PER_INPUT
}

/** Where the records of one input go among those of all: see RecordSink.keep. */
export interface Places {
  /** The place of the record whose line starts at this byte offset. */
  of(offset: number): number
}

/**
 * The places of the input at `rank` in the age order (oldest 0): its rank,
 * then the line's byte offset, so between equal times the later line wins,
 * whether the input is read forwards, from its end or in pieces on several
 * threads (workers/).
 */
export class InputPlaces implements Places {
  readonly #base: number

  constructor(rank: number) {
    this.#base = rank * PER_INPUT
  }

  of(offset: number): number {
    return this.#base + offset
  }
}

/**
 * The places of lines read after a scan of `inputs` inputs (a watch
 * following its logs): each one after the one before, all after every line
 * the scan read, so between equal times the line read later wins.
 */
export class ArrivalPlaces implements Places {
  #next: number

  constructor(inputs: number) {
    this.#next = inputs * PER_INPUT
  }

  of(): number {
    return this.#next++
  }
}
