/**
 * A watch's publishes after the first: a listing is published when its key
 * differs from the last one written (render/listing.ts). A failed write is
 * one message (not repeated while the same failure lasts) and is tried again
 * at the next change; a write after failures says so. A stop signal during
 * a publish ends it (its cleanup removes what it wrote) and the watch ends.
 */

import { isUserError } from '../../errors.js'
import { listingKey, type Listing } from '../../render/listing.js'
import type { Publisher } from '../../write/publisher.js'

export class Republisher {
  readonly #publisher: Publisher
  readonly #warn: (line: string) => void
  #written: string
  #failure: string | null = null
  /** Pages published, the first one included. */
  count = 1

  /** `first`: the listing of the page published at the start. */
  constructor(publisher: Publisher, first: Listing, warn: (line: string) => void) {
    this.#publisher = publisher
    this.#written = listingKey(first)
    this.#warn = warn
  }

  /** Publishes `listing` unless it shows what the last page written showed. */
  async publish(listing: Listing): Promise<void> {
    const key = listingKey(listing)
    if (key === this.#written) return
    try {
      await this.#publisher.publish(listing)
    } catch (e) {
      if (!isUserError(e)) throw e
      const message = `${e.message} (tried again at the next change)`
      if (message !== this.#failure) this.#warn(message)
      this.#failure = message
      return
    }
    this.#written = key
    this.count++
    if (this.#failure !== null) this.#warn(`${this.#publisher.name}: written again`)
    this.#failure = null
  }
}
