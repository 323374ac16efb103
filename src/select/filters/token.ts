/**
 * `--token`: the row whose token is exactly this one. A token is the
 * request's second plus microseconds derived from the line, bumped by one
 * when a newer row of the same page already has it (src/profile/token.ts).
 * So a row's token depends on the newer rows of its second that pass the
 * same criteria, and on nothing else: the build gathers the lines of the
 * token's second that pass the other criteria, gives them their page tokens,
 * and picks the one that matches.
 */

import type { AccessRecord, ProfileRow } from '../../record.js'
import { SecondSlots, startMicros } from '../../profile/token.js'
import { InvalidCriterion } from './invalid-criterion.js'

const TOKEN = /^[0-9a-f]{13}$/i

/**
 * A token as the page shows it: 13 hex digits, lower-cased. The last 5 are
 * microseconds (00000..f423f) or, past the millionth row of one second, the
 * values above them (f4240..fffff): every 13-digit token can be on a page.
 */
export const parseToken = (text: string): string => {
  if (!TOKEN.test(text)) throw new InvalidCriterion('give a token as the page shows it: 13 hex digits such as 6b02dee3758df')
  return text.toLowerCase()
}

/** The Unix second a token belongs to: its first 8 hex digits. */
export const tokenSecond = (token: string): number => Number.parseInt(token.slice(0, 8), 16)

/** The rows (given with their page tokens) whose token is this one. */
export const rowsWithToken = (rows: readonly ProfileRow[], token: string): ProfileRow[] =>
  rows.filter((row) => row.token === token)

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
const newerFirst = (a: Candidate, b: Candidate): number => b.record.time - a.record.time || b.order - a.order

/**
 * The lines of the token's second that `--token` needs, in memory bounded by
 * the token instead of by the log: a stand-in for the newest-N heap (same
 * push, wouldKeep, threshold, size, limit, newestFirst) that keeps every
 * record of the second only until it can tell which cannot have the token.
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
  /** As NewestN's: the scan's "newest N are certain" never applies, the threshold stays null. */
  readonly limit = Number.MAX_SAFE_INTEGER
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

  /** Any time may be in the token's second as far as this knows; the criteria hold the second. */
  wouldKeep(): boolean {
    return true
  }

  get threshold(): number | null {
    return null
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
