/**
 * What a source hands the selection: the records of a stretch of its input
 * (a chunk read forwards, a block read from the end, what a followed log
 * gained), each with its place in the whole input, and the earliest time
 * of any valid line in the stretch, kept or not. The selection keeps what it
 * wants of the records; the earliest time is what tells it when no line not
 * yet read can change the result (Selection.isDecidedBy).
 */

import type { AccessRecord } from '../record.js'

export interface Batch<T = AccessRecord> {
  /** Items that passed the gate, in the order read. */
  readonly items: T[]
  /** Each item's place in the whole input: between equal times the larger is newer. */
  readonly places: number[]
  /** The earliest time (epoch ms) of any valid line read into this batch, kept or not; null for none. */
  earliest: number | null
}

export function emptyBatch<T>(): Batch<T> {
  return ({ items: [], places: [], earliest: null })
}

/** The earlier of two times, either of which may be missing. */
export function earlier(a: number | null, b: number | null): number | null {
  return (a === null ? b : b === null ? a : Math.min(a, b))
}

/** Room for a line number or byte offset below each input's place in the age order. */
const PER_INPUT = 2 ** 40

/** Where the records of one input go among those of all: see Batch.places. */
export interface Places {
  /** The place of the record at this line number or byte offset. */
  of(lineOrOffset: number): number
}

/**
 * The places of the input at `rank` in the age order (oldest 0): its rank,
 * then the line's number or, read from the end, its byte offset, so between
 * equal times the later line wins.
 */
export class InputPlaces implements Places {
  readonly #base: number

  constructor(rank: number) {
    this.#base = rank * PER_INPUT
  }

  of(lineOrOffset: number): number {
    return this.#base + lineOrOffset
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
