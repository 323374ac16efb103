/**
 * The generations of one log (`access.log`, `access.log.1`,
 * `access.log.2.gz`) as one source, newest generation first. logrotate
 * wrote every line of an older generation before every line of a newer one,
 * so once a newer generation is read, each line of the older ones is known
 * to come before the earliest line read (stamped at most the order
 * tolerance after it): the spine may leave them unread
 * (select/select-from.ts). After each generation read to its end, an empty
 * batch gives the spine that chance before the next one is opened.
 */

import { earlier, emptyBatch, type Batch } from './batch.js'
import type { RecordSource, UnreadPart } from './record-source.js'

export class RotatedSet implements RecordSource {
  /** Newest first. */
  readonly #members: readonly RecordSource[]
  /** The member read last (or being read). */
  #last = 0
  /** Members whose reading has begun. */
  #opened = 0
  /** Whether the member read last was read to its end. */
  #between = false
  /** The earliest time of the generations read to their end. */
  #earliest: number | null = null

  /** `members`: the generations, newest first. */
  constructor(members: readonly RecordSource[]) {
    if (members.length === 0) throw new Error('a rotated set of no generations')
    this.#members = members
  }

  /** The generation read last, or being read: the one a note names. */
  get label(): string {
    return (this.#members[this.#last] as RecordSource).label
  }

  /** Generations not read at all (older than the one read last). */
  get unstarted(): number {
    return this.#members.length - this.#opened
  }

  unread(): UnreadPart {
    const done = this.#earliest ?? Infinity
    if (this.#between) {
      const next = this.#members[this.#last + 1]
      return { before: done, placesBelow: next === undefined ? -Infinity : next.unread().placesBelow }
    }
    const current = (this.#members[this.#last] as RecordSource).unread()
    return { before: Math.min(done, current.before), placesBelow: current.placesBelow }
  }

  bytesRead(): number {
    return this.#members.reduce((sum, member) => sum + member.bytesRead(), 0)
  }

  async *batches(): AsyncGenerator<Batch> {
    for (const [k, member] of this.#members.entries()) {
      if (k > 0) yield emptyBatch()
      this.#last = k
      this.#opened = k + 1
      this.#between = false
      let earliest: number | null = null
      for await (const batch of member.batches()) {
        earliest = earlier(earliest, batch.earliest)
        yield batch
      }
      this.#earliest = earlier(this.#earliest, earliest)
      this.#between = true
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.#members.map((member) => member.close()))
  }
}
