/**
 * The newest line a run has read, whatever the selection made of it (a 404
 * under the default search, a line of a crawler left out): its time and
 * offset, for the page's stamp, so a page of an old listing still tells how
 * recent the log it was made from is.
 */

/** An instant and the offset it was logged with (minutes east of UTC). */
export interface LineTime {
  time: number
  offset: number
}

export class NewestLine {
  #newest: LineTime | null = null

  /** A valid line's time, as it is read. */
  see(time: number, offset: number): void {
    if (this.#newest === null || time > this.#newest.time) this.#newest = { time, offset }
  }

  /** The newest seen, or null when no valid line was read. */
  get(): LineTime | null {
    return this.#newest
  }
}
