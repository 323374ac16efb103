/**
 * `--max-searches`: how many searches read the logs at once. A search that
 * finds them all taken waits its turn, first come first served, for at most
 * `waitMs`; then it is told no (the server answers 503 with Retry-After). A
 * waiting search whose client goes away leaves the queue.
 */

/** Gives the slot back; a second call does nothing. */
export type Release = () => void

interface Waiter {
  give: (release: Release | null) => void
}

export class SearchSlots {
  readonly #size: number
  readonly #waitMs: number
  #taken = 0
  readonly #queue: Waiter[] = []

  constructor(size: number, waitMs: number) {
    this.#size = size
    this.#waitMs = waitMs
  }

  /** Searches reading now. */
  get taken(): number {
    return this.#taken
  }

  /** Searches waiting for a slot. */
  get waiting(): number {
    return this.#queue.length
  }

  /**
   * A slot: at once when one is free, else when one comes free within
   * `waitMs`; null when none did, or `left` settled first (the client went away).
   */
  take(left: Promise<unknown>): Promise<Release | null> {
    if (this.#taken < this.#size) {
      this.#taken++
      return Promise.resolve(this.#releaser())
    }
    return new Promise((resolve) => {
      const waiter: Waiter = {
        give: (release) => {
          clearTimeout(timer)
          resolve(release)
        },
      }
      const timer = setTimeout(() => this.#leave(waiter), this.#waitMs)
      void left.then(() => this.#leave(waiter))
      this.#queue.push(waiter)
    })
  }

  #leave(waiter: Waiter): void {
    const at = this.#queue.indexOf(waiter)
    if (at < 0) return
    this.#queue.splice(at, 1)
    waiter.give(null)
  }

  #releaser(): Release {
    let released = false
    return () => {
      if (released) return
      released = true
      const next = this.#queue.shift()
      // the slot goes on to the next waiter as it is: the count stays
      if (next) next.give(this.#releaser())
      else this.#taken--
    }
  }
}
