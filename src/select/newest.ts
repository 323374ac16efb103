/**
 * Keeps the newest N items seen, in memory bounded by N: a min-heap whose
 * root is the oldest item kept, as in ndjson-top. Newer means a later time
 * (`timeOf`: epoch milliseconds for access records, microseconds for merged
 * rows); between equal times, the item with the larger `order`. Items may be
 * pushed in any order when the caller gives each one its place in the input
 * (`order`); by default the push order is the order, so the later wins.
 */

interface Entry<T> {
  item: T
  time: number
  seq: number
}

/** Is a older than b? */
function older<T>(a: Entry<T>, b: Entry<T>): boolean {
  return a.time < b.time || (a.time === b.time && a.seq < b.seq)
}

export class NewestN<T> {
  readonly limit: number
  readonly #timeOf: (item: T) => number
  #heap: Entry<T>[] = []
  #seq = 0

  constructor(limit: number, timeOf: (item: T) => number) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, got ${limit}`)
    this.limit = limit
    this.#timeOf = timeOf
  }

  get size(): number {
    return this.#heap.length
  }

  /** Would an item with this time be kept? Lets callers skip building it. */
  wouldKeep(time: number): boolean {
    const root = this.#heap[0]
    return this.#heap.length < this.limit || root === undefined || time >= root.time
  }

  /** The time of the oldest item kept once N are kept, else null: nothing older can get in. */
  get threshold(): number | null {
    return this.#heap.length < this.limit ? null : (this.#heap[0] as Entry<T>).time
  }

  /** The place (`order`) of the oldest item kept once N are kept, else null: of equal time, only an item placed later can get in. */
  get thresholdPlace(): number | null {
    return this.#heap.length < this.limit ? null : (this.#heap[0] as Entry<T>).seq
  }

  /** `order`: the item's place in the input; larger is later. Defaults to the push order. Returns whether the item is kept. */
  push(item: T, order: number = this.#seq++): boolean {
    const entry: Entry<T> = { item, time: this.#timeOf(item), seq: order }
    const heap = this.#heap
    if (heap.length < this.limit) {
      heap.push(entry)
      this.#up(heap.length - 1)
      return true
    }
    if (!older(heap[0] as Entry<T>, entry)) return false
    heap[0] = entry
    this.#down(0)
    return true
  }

  /** The kept items, newest first. */
  newestFirst(): T[] {
    return [...this.#heap].sort((a, b) => (older(a, b) ? 1 : -1)).map((e) => e.item)
  }

  /** The kept items with their places (`order`), in no particular order: to be pushed into another NewestN. */
  placed(): [T, number][] {
    return this.#heap.map((e) => [e.item, e.seq])
  }

  #up(i: number): void {
    const heap = this.#heap
    while (i > 0) {
      const parent = (i - 1) >> 1
      if (!older(heap[i] as Entry<T>, heap[parent] as Entry<T>)) break
      ;[heap[i], heap[parent]] = [heap[parent] as Entry<T>, heap[i] as Entry<T>]
      i = parent
    }
  }

  #down(i: number): void {
    const heap = this.#heap
    const n = heap.length
    for (;;) {
      const left = 2 * i + 1
      const right = left + 1
      let smallest = i
      if (left < n && older(heap[left] as Entry<T>, heap[smallest] as Entry<T>)) smallest = left
      if (right < n && older(heap[right] as Entry<T>, heap[smallest] as Entry<T>)) smallest = right
      if (smallest === i) return
      ;[heap[i], heap[smallest]] = [heap[smallest] as Entry<T>, heap[i] as Entry<T>]
      i = smallest
    }
  }
}
