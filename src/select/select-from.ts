/**
 * The spine every command reads through: sources → the selection. Sources
 * are read in the order given, stretch by stretch (a batch: each record went
 * to the selection as it was made). After each, the early stop, as a step of
 * its own: once the
 * selection is decided by the earliest line read so far (a line stamped
 * more than the order tolerance before the N-th newest kept: every line
 * written before it is older than that record too), the lines not read yet
 * cannot change it, and reading ends. Lines not read yet are older than
 * every line read when a source reads newest first; otherwise only once the
 * source has ended (the inputs after it are older ones).
 *
 * A stop (src/stop.ts: a server's search past its deadline, or whose client
 * went away) is heard between two batches too: reading ends where it is,
 * and the result says how far it went (ReadReach).
 */

import { earlier } from '../source/batch.js'
import type { RecordSource } from '../source/record-source.js'
import type { Selection } from './selection.js'

export interface SelectOptions {
  /** Stop reading once the result is decided (not under `--full-scan`). */
  stopEarly: boolean
  /** `--verbose` notes. */
  note: (line: string) => void
  /** Bytes read so far (the progress line reads it). */
  progress?: { bytes: number }
  /** Read between two batches: once requested, reading ends where it is (a StopRequest). */
  stop?: { readonly requested: boolean }
}

/** The source a stop cut short: what it is, and the earliest time of the lines read of it. */
export interface PartlyRead {
  label: string
  /** Read from its end: every line not read is older than `earliest`; else read from its start. */
  newestFirst: boolean
  earliest: number | null
}

/** How far reading went: as far as the result needed, or up to where a stop ended it. */
export interface ReadReach {
  /** A stop ended reading before the result was certain: it holds the newest of the lines read. */
  stopped: boolean
  /** The source being read when the stop came; null when it came between two sources. */
  partly: PartlyRead | null
  /** Sources not read at all because of the stop (older inputs). */
  unread: number
}

const COMPLETE: ReadReach = Object.freeze({ stopped: false, partly: null, unread: 0 })

export async function selectFrom<T>(sources: readonly RecordSource[], selection: Selection<T>, options: SelectOptions): Promise<ReadReach> {
  let bytesBefore = 0
  for (const [k, source] of sources.entries()) {
    if (options.stop?.requested) return stoppedAt(sources, k, null)
    let earliest: number | null = null
    let cut = false
    for await (const batch of source.batches()) {
      earliest = earlier(earliest, batch.earliest)
      if (options.progress) options.progress.bytes = bytesBefore + source.bytesRead()
      if (options.stopEarly && source.newestFirst && selection.isDecidedBy(earliest)) break
      if (options.stop?.requested) {
        cut = true
        break
      }
    }
    if (cut) return stoppedAt(sources, k, { label: source.label, newestFirst: source.newestFirst, earliest })
    bytesBefore += source.bytesRead()
    if (options.stopEarly && selection.isDecidedBy(earliest)) {
      const rest = sources.slice(k + 1)
      await Promise.all(rest.map((older) => older.close()))
      options.note(`${source.label}: stopped reading, ${selection.certainty}${rest.length > 0 ? `; ${rest.length} older input(s) not read` : ''}`)
      return COMPLETE
    }
  }
  return COMPLETE
}

/** Lets go of the sources from `k` on (the one cut short among them): what a stop leaves unread. */
async function stoppedAt(sources: readonly RecordSource[], k: number, partly: PartlyRead | null): Promise<ReadReach> {
  await Promise.all(sources.slice(k).map((source) => source.close()))
  return { stopped: true, partly, unread: sources.length - k - (partly === null ? 0 : 1) }
}
