/**
 * `--token`: which records can still hold a token. A token is the request's
 * second plus microseconds derived from the line, bumped by one when a newer
 * row of the same page already has it (token-slots.ts), so a row's token
 * depends on the newer rows of its second that pass the same criteria, and
 * on nothing else: the build gathers the lines of the token's second that
 * pass the other criteria, gives them their page tokens, and picks the one
 * that matches (profile/listed-rows.ts).
 */

import type { AccessRecord } from '../record.js'
import { tokenSecond } from './filters/token.js'
import { SecondSlots, startMicros } from './token-slots.js'

interface Candidate {
  record: AccessRecord
  /** The record's place in the input: between equal times the larger is newer. */
  order: number
  /** The microseconds its token starts from. */
  start: number
}

/** Candidates gathered before the first look for the token's row: below this, nothing is dropped. */
const FIRST_LOOK = 4096

/** Newest first: a later time, then a later place in the input (the page's order). */
function newerFirst(a: Candidate, b: Candidate): number {
  return b.record.time - a.record.time || b.order - a.order
}

/**
 * The lines of the token's second that `--token` needs, in memory bounded by
 * the token instead of by the log: every record of the second is kept only
 * until it can be told that it cannot have the token.
 *
 * The rule it uses: tokens are given in page order, each row takes the first
 * free slot from its start, so once the rows newer than some record already
 * fill the token's slot, that record can never have it, whatever lines come
 * later (they add rows, they never free a slot). So now and then (each time
 * the kept records have doubled) the kept records are put in page order and
 * given their slots; the row that gets the token's slot is the newest
 * candidate that might keep it, and every record older than it is dropped.
 * What stays is the newest part of the second's page, up to the row that
 * has the token now: their page tokens are the same as among all lines.
 *
 * When the token's row is among the newest of its second (most searches),
 * a few records are kept however many lines share the second; at worst
 * (the token of a row past a million others of its second) about as many as
 * the second has tokens, 1,048,576.
 */
export class TokenSearch {
  readonly #second: number
  readonly #slot: number
  #kept: Candidate[] = []
  #pushed = 0
  #nextLook = FIRST_LOOK

  constructor(token: string) {
    this.#second = tokenSecond(token)
    this.#slot = Number.parseInt(token.slice(8), 16)
  }

  /** Records kept now (for the progress line). */
  get size(): number {
    return this.#kept.length
  }

  /** `order`: the record's place in the input; larger is later. Defaults to the push order. Records of other seconds are left (false). */
  push(record: AccessRecord, order: number = this.#pushed++): boolean {
    if (Math.floor(record.time / 1000) !== this.#second) return false
    this.#kept.push({ record, order, start: startMicros(record) })
    if (this.#kept.length >= this.#nextLook) {
      this.#dropThoseWithoutTheToken()
      this.#nextLook = Math.max(FIRST_LOOK, 2 * this.#kept.length)
    }
    return true
  }

  /** The newest records of the second, newest first, up to (at least) the one with the token, when a record has it. */
  newestFirst(): AccessRecord[] {
    this.#dropThoseWithoutTheToken()
    return this.#kept.map((candidate) => candidate.record)
  }

  /** The same records with their places, to be pushed into another TokenSearch. */
  placed(): [AccessRecord, number][] {
    this.#dropThoseWithoutTheToken()
    return this.#kept.map((candidate) => [candidate.record, candidate.order])
  }

  /** Puts the kept records in page order and keeps them up to the one that takes the token's slot. */
  #dropThoseWithoutTheToken(): void {
    const kept = this.#kept.sort(newerFirst)
    const slots = new SecondSlots()
    for (let i = 0; i < kept.length; i++) {
      const slot = slots.take((kept[i] as Candidate).start)
      // (a full second, null, has given every slot, the token's too, before)
      if (slot === this.#slot) {
        kept.length = i + 1
        return
      }
    }
  }
}
