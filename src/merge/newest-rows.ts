/**
 * The newest N rows across all merge inputs. Newer means a later instant;
 * rows with the same instant keep the order they were read in (inputs in the
 * order given, each file top to bottom), so merging is a stable sort. Memory
 * stays bounded: the rows are cut back to N whenever 2N are held.
 */

interface Entry<T> {
  item: T
  key: number
  seq: number
}

/** Newest first; equal keys in reading order. */
const newestFirst = <T>(a: Entry<T>, b: Entry<T>): number => b.key - a.key || a.seq - b.seq

export class NewestRows<T> {
  readonly limit: number
  readonly #keyOf: (item: T) => number
  #entries: Entry<T>[] = []
  #seq = 0

  /** `keyOf` gives an item's instant (a larger key is newer). */
  constructor(limit: number, keyOf: (item: T) => number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, got ${limit}`)
    this.limit = limit
    this.#keyOf = keyOf
  }

  push(item: T): void {
    this.#entries.push({ item, key: this.#keyOf(item), seq: this.#seq++ })
    if (this.#entries.length >= 2 * this.limit) this.#cut()
  }

  /** The kept rows, newest first. */
  newestFirst(): T[] {
    this.#cut()
    return this.#entries.map((e) => e.item)
  }

  #cut(): void {
    this.#entries.sort(newestFirst)
    this.#entries.length = Math.min(this.#entries.length, this.limit)
  }
}
