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
}

export async function selectFrom<T>(sources: readonly RecordSource[], selection: Selection<T>, options: SelectOptions): Promise<void> {
  let bytesBefore = 0
  for (const [k, source] of sources.entries()) {
    let earliest: number | null = null
    for await (const batch of source.batches()) {
      earliest = earlier(earliest, batch.earliest)
      if (options.progress) options.progress.bytes = bytesBefore + source.bytesRead()
      if (options.stopEarly && source.newestFirst && selection.isDecidedBy(earliest)) break
    }
    bytesBefore += source.bytesRead()
    if (options.stopEarly && selection.isDecidedBy(earliest)) {
      const rest = sources.slice(k + 1)
      await Promise.all(rest.map((older) => older.close()))
      options.note(`${source.label}: stopped reading, the newest ${selection.limit} are certain${rest.length > 0 ? `; ${rest.length} older input(s) not read` : ''}`)
      return
    }
  }
}
