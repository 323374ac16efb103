/**
 * The slots of profile tokens within one second, as the page gives them
 * (src/profile/token.ts): a row starts at its logged microseconds, else at
 * microseconds derived from its line (FNV-1a), and takes the first slot from
 * there that no newer row of the page has taken. The selection uses the same
 * arithmetic to know which records of a second can still hold a searched
 * token (filters/token.ts), so it lives here, below both.
 */

export const MICROS_PER_SECOND = 1_000_000

/** The values the last 5 hex digits can hold: 0..fffff. */
export const TOKENS_PER_SECOND = 0x100000

/** 32-bit FNV-1a over the UTF-16 code units of the text. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

export interface TokenSource {
  /** Epoch milliseconds. */
  time: number
  /** Microseconds within the second when the log has them. */
  micros: number | null
  raw: string
}

/** The microseconds a row's token starts from: logged, else derived from its line. */
export function startMicros(row: TokenSource): number {
  return row.micros ?? fnv1a(row.raw) % MICROS_PER_SECOND
}

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

function after(micros: number): number {
  return (micros + 1 === MICROS_PER_SECOND ? 0 : micros + 1)
}

// The same search twice, on a Map and on an array: a free microsecond exists (the caller counts).
// Every microsecond passed on the way then points at the free one, so the next search skips them.

function takeSparse(next: Map<number, number>, micros: number): number {
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

function takeDense(next: Int32Array, micros: number): number {
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

