/**
 * What a run keeps of the records its sources read: a selection takes each
 * record as it is made, keeps what can still be on the page, and tells when
 * the lines not read yet cannot change that any more (the early stop, see
 * select-from.ts).
 *
 * - NewestRecords: the newest N access records that pass the criteria (a
 *   heap capped at N). Its gate lets a line's record be built only when the
 *   line's facts pass the cheap criteria and its time could still get in.
 * - TokenRecords (`--token`): the records of the token's second that can
 *   still hold it (filters/token.ts). Which one has it is known only once
 *   the page's tokens are given; it is decided once no line not read yet
 *   can be of that second.
 * - Merge keeps rows with NewestItems: the newest N, no criteria.
 */

import type { LineFacts } from '../parse/record/access-record.js'
import type { AccessRecord } from '../record.js'
import type { RecordSink } from '../source/batch.js'
import type { RecordGate } from '../source/record-reader.js'
import type { UnreadPart } from '../source/record-source.js'
import { tokenSecond } from './filters/token.js'
import { TokenSearch } from './token-search.js'
import { NewestN } from './newest.js'
import type { RecordFilter } from './record-filter.js'

export interface Selection<T> extends RecordSink<T> {
  /** The most items the result holds: reading may stop once this many are certain. */
  readonly limit: number
  /** Items kept now (for the progress line). */
  readonly size: number
  /**
   * Whether the lines of a source not read yet (stamped no later than
   * `unread.before` plus the order tolerance, placed below
   * `unread.placesBelow`) can no longer change the result: the N-th newest
   * item kept is newer than any of them.
   */
  isDecidedBy(unread: UnreadPart): boolean
  /** The items kept, newest first. */
  newestFirst(): T[]
  /** What is certain once decided, for `--verbose`: `the newest 10 are certain`. */
  readonly certainty: string
}

/** The newest `limit` access records that pass `filter`; lines may be stamped up to `toleranceMs` earlier than a line written before them. */
export class NewestRecords implements Selection<AccessRecord>, RecordGate {
  readonly #filter: RecordFilter
  readonly #heap: NewestN<AccessRecord>
  readonly #toleranceMs: number
  readonly #floor: number

  /** `floor`: no record stamped earlier is taken (a worker's part of the run, whose selection holds that many as new already). */
  constructor(filter: RecordFilter, limit: number, toleranceMs: number, floor = -Infinity) {
    this.#filter = filter
    this.#heap = new NewestN<AccessRecord>(limit, (record) => record.time)
    this.#toleranceMs = toleranceMs
    this.#floor = floor
  }

  /** The earliest time a record may have and still be taken: the floor given, or the oldest kept once `limit` are. */
  get floor(): number {
    return Math.max(this.#floor, this.#heap.threshold ?? -Infinity)
  }

  get limit(): number {
    return this.#heap.limit
  }

  get size(): number {
    return this.#heap.size
  }

  /** A record is worth building when its time could still get in and its facts pass the criteria. */
  admits(facts: LineFacts): boolean {
    return facts.time >= this.#floor && this.#heap.wouldKeep(facts.time) && this.#filter.facts(facts)
  }

  keep(record: AccessRecord, place: number): boolean {
    return record.time >= this.#floor && this.#filter.afterFacts(record) && this.#heap.push(record, place)
  }

  isDecidedBy(unread: UnreadPart): boolean {
    const threshold = this.#heap.threshold
    if (threshold === null) return false
    const latest = unread.before + this.#toleranceMs
    return latest < threshold || (latest === threshold && unread.placesBelow <= (this.#heap.thresholdPlace as number))
  }

  newestFirst(): AccessRecord[] {
    return this.#heap.newestFirst()
  }

  get certainty(): string {
    return `the newest ${this.limit} are certain`
  }

  /** The records kept, with their places (a worker hands them to the run's selection). */
  placed(): [AccessRecord, number][] {
    return this.#heap.placed()
  }
}

/**
 * `--token`: the records that can still hold the token, among those that
 * pass `filter` (which holds the token's second); lines may be stamped up to
 * `toleranceMs` earlier than a line written before them.
 */
export class TokenRecords implements Selection<AccessRecord>, RecordGate {
  /** Any number of rows may come before the token's row on its page. */
  readonly limit = Number.MAX_SAFE_INTEGER
  readonly certainty = 'no line not read can be of the token\'s second'
  readonly #filter: RecordFilter
  readonly #search: TokenSearch
  /** The first millisecond of the token's second. */
  readonly #secondStart: number
  readonly #toleranceMs: number

  constructor(filter: RecordFilter, token: string, toleranceMs: number) {
    this.#filter = filter
    this.#search = new TokenSearch(token)
    this.#secondStart = tokenSecond(token) * 1000
    this.#toleranceMs = toleranceMs
  }

  get size(): number {
    return this.#search.size
  }

  /** Any time: which records of the second can hold the token is known only at the end. */
  readonly floor = -Infinity

  admits(facts: LineFacts): boolean {
    return this.#filter.facts(facts)
  }

  keep(record: AccessRecord, place: number): boolean {
    return this.#filter.afterFacts(record) && this.#search.push(record, place)
  }

  /**
   * Once every line not read yet is older than the token's second: each is
   * stamped at most the tolerance after `unread.before`. The newer lines of the
   * second that decide the token's bumps are all read by then.
   */
  isDecidedBy(unread: UnreadPart): boolean {
    return unread.before + this.#toleranceMs < this.#secondStart
  }

  newestFirst(): AccessRecord[] {
    return this.#search.newestFirst()
  }

  /** The records kept, with their places (a worker hands them to the run's selection). */
  placed(): [AccessRecord, number][] {
    return this.#search.placed()
  }
}

/** The newest `limit` items by `timeOf`, all taken as they come (merge's rows). */
export class NewestItems<T> implements Selection<T> {
  readonly #heap: NewestN<T>

  constructor(limit: number, timeOf: (item: T) => number) {
    this.#heap = new NewestN<T>(limit, timeOf)
  }

  get limit(): number {
    return this.#heap.limit
  }

  get size(): number {
    return this.#heap.size
  }

  keep(item: T, place: number): boolean {
    return this.#heap.push(item, place)
  }

  /** Never: merge reads every row. */
  isDecidedBy(): boolean {
    return false
  }

  get certainty(): string {
    return `the newest ${this.limit} are certain`
  }

  newestFirst(): T[] {
    return this.#heap.newestFirst()
  }
}
