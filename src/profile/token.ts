/**
 * Profile tokens in PHP `uniqid()` layout: 8 lower-case hex digits of the
 * Unix seconds, then 5 of the microseconds (00000..f423f).
 *
 * Access logs in `combined` have whole seconds only, so the microseconds are
 * derived from the line itself (FNV-1a), which keeps a token identical across
 * runs, across `--limit` values and between a file and the same lines piped
 * on stdin.
 *
 * Two rows of a page never share a token: a row whose token a newer row of
 * the page already has is bumped by one microsecond (999999 wraps to 0,
 * within the same second) until a free one comes. A second has 1,000,000
 * microseconds, 5 hex digits hold 1,048,576 values: a page with more rows in
 * one second than it has microseconds (a flood, or a log made to be hostile)
 * gives the rows past the millionth the values above the microseconds,
 * f4240 to fffff, in page order. Such a token still has 13 digits and starts
 * with the request's own second, and no row with fewer neighbours can ever
 * get it. Past 1,048,576 rows in one second no token is left, and the page
 * cannot be made (an error that says so, never a loop).
 */

import { dataError } from '../errors.js'

export const MICROS_PER_SECOND = 1_000_000

/** The values the last 5 hex digits can hold: 0..fffff. */
export const TOKENS_PER_SECOND = 0x100000

/** 32-bit FNV-1a over the UTF-16 code units of the text. */
export const fnv1a = (text: string): number => {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/** `slot`: the microseconds, or past them (f4240..fffff) the place of a row in a full second. */
export const uniqid = (seconds: number, slot: number): string =>
  seconds.toString(16).padStart(8, '0') + slot.toString(16).padStart(5, '0')

export interface TokenSource {
  /** Epoch milliseconds. */
  time: number
  /** Microseconds within the second when the log has them. */
  micros: number | null
  raw: string
}

/** The microseconds a row's token starts from: logged, else derived from its line. */
export const startMicros = (row: TokenSource): number => row.micros ?? fnv1a(row.raw) % MICROS_PER_SECOND

/** Past this many taken microseconds a second keeps them in a typed array (4 MB) instead of a Map: faster when crowded. */
const DENSE_FROM = 4096

/**
 * The token slots of one second given so far. The next free microsecond at
 * or after a taken one is found through `next` (a union-find over the
 * microseconds, with path compression): each taken microsecond points at one
 * to look at next, a free one has none. So a row costs about the same however
 * many rows collided before it, and a full second is known by its count, not
 * by a search around the whole circle.
 */
export class SecondSlots {
  /** Taken microsecond → where to look next; few rows: a Map, many: an array with -1 for free. */
  #sparse: Map<number, number> | null = new Map()
  #dense: Int32Array | null = null
  #taken = 0
  /** Rows given a slot past the microseconds. */
  #beyond = 0

  /** Slots given so far. */
  get size(): number {
    return this.#taken + this.#beyond
  }

  /** The slot of the next row (in page order) that starts at `micros`; null when the second has no slot left. */
  take(micros: number): number | null {
    if (this.#taken === MICROS_PER_SECOND) {
      if (MICROS_PER_SECOND + this.#beyond === TOKENS_PER_SECOND) return null
      return MICROS_PER_SECOND + this.#beyond++
    }
    if (this.#sparse !== null && this.#taken === DENSE_FROM) this.#densify(this.#sparse)
    const free = this.#dense === null ? takeSparse(this.#sparse as Map<number, number>, micros) : takeDense(this.#dense, micros)
    this.#taken++
    return free
  }

  #densify(sparse: Map<number, number>): void {
    const dense = new Int32Array(MICROS_PER_SECOND).fill(-1)
    for (const [at, next] of sparse) dense[at] = next
    this.#dense = dense
    this.#sparse = null
  }
}

const after = (micros: number): number => (micros + 1 === MICROS_PER_SECOND ? 0 : micros + 1)

// The same search twice, on a Map and on an array: a free microsecond exists (the caller counts).
// Every microsecond passed on the way then points at the free one, so the next search skips them.

const takeSparse = (next: Map<number, number>, micros: number): number => {
  let free = micros
  for (let at = next.get(free); at !== undefined; at = next.get(free)) free = at
  for (let at = micros; at !== free;) {
    const then = next.get(at) as number
    next.set(at, free)
    at = then
  }
  next.set(free, after(free))
  return free
}

const takeDense = (next: Int32Array, micros: number): number => {
  let free = micros
  while ((next[free] as number) >= 0) free = next[free] as number
  for (let at = micros; at !== free;) {
    const then = next[at] as number
    next[at] = free
    at = then
  }
  next[free] = after(free)
  return free
}

/** Tokens for the rows of one page, in page order (newest first). Throws a data error past 1,048,576 rows in one second. */
export const assignTokens = (rows: readonly TokenSource[]): string[] => {
  const seconds = new Map<number, SecondSlots>()
  return rows.map((row) => {
    const second = Math.floor(row.time / 1000)
    let slots = seconds.get(second)
    if (slots === undefined) seconds.set(second, (slots = new SecondSlots()))
    const slot = slots.take(startMicros(row))
    if (slot === null) {
      const when = new Date(second * 1000).toISOString().replace('.000Z', 'Z')
      throw dataError(
        `cannot give each row a token of its own: more than 1,048,576 rows fall in the second ${when} (tokens ${uniqid(second, 0).slice(0, 8)}…), and 5 hex digits hold no more`,
        'give a smaller --limit, or narrow the search with --from, --until or --url',
      )
    }
    return uniqid(second, slot)
  })
}
