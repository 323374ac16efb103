/**
 * What a source tells the spine after each stretch of its input (a piece
 * read forwards, a block read from the end, what a followed log gained):
 * how many of its records the selection kept, and the earliest time of any
 * valid line in the stretch, kept or not. The records themselves went to
 * the selection as they were made (RecordSink), each with its place in the
 * whole input: held until a stretch ends, the records a scan passes over
 * would outlive their use (a full scan ran slower and grew its young
 * generation by 17 MB). The earliest time is what tells the spine when no
 * line not yet read can change the result (Selection.isDecidedBy).
 */

import type { AccessRecord } from '../record.js'

export interface Batch {
  /** Records of the stretch the selection kept (for now). */
  kept: number
  /** The earliest time (epoch ms) of any valid line read in the stretch, kept or not; null for none. */
  earliest: number | null
}

export function emptyBatch(): Batch {
  return { kept: 0, earliest: null }
}

/** Where a source's records go as they are made: the selection. */
export interface RecordSink<T = AccessRecord> {
  /** Takes `item`, at `place` in the whole input (between equal times the larger is newer); says whether it is kept (for now). */
  keep(item: T, place: number): boolean
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
