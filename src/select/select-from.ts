/**
 * The spine every command reads through: sources → the selection. The
 * inputs of a run are a set: its sources (a log, or a rotated set of one,
 * source/rotated-set.ts) may hold lines of any times, overlapping or not.
 * Each batch read (a stretch of one source) is handed to the selection:
 * its records worth keeping, each at its place (source/batch.ts). Unless a full scan is asked for, the sources are read
 * side by side, newest first across all of them: the next batch is always
 * taken from the source whose lines not read yet may be the newest (the
 * latest UnreadPart.before; a source not begun, or read from its start,
 * may hold any time, and goes first). Before each batch, the early stop,
 * as a step of its own: once no line not read yet of any source can change
 * the selection (Selection.isDecidedBy, asked of the source whose unread
 * lines may be newest: every other one's are older still), reading ends.
 * Without the early stop, the sources are read one after the other, in the
 * order given.
 *
 * Ties go to the source given first, so what is read, and every note,
 * depends on the inputs alone, never on the order they were named in (the
 * planner gives them in an order of their own, source/plan-sources.ts).
 *
 * A stop (src/stop.ts: a server's search past its deadline, or whose client
 * went away) is heard between two batches too: reading ends where it is,
 * and the result says how far it went (ReadReach).
 */

import { keepBatch, type Batch } from '../source/batch.js'
import type { RecordSource, UnreadPart } from '../source/record-source.js'
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

/** A source a stop cut short: what it is, and how far back it was read. */
export interface PartlyRead {
  label: string
  /** Read newest first: every line not read of it was written before a line stamped this; null: read from its start. */
  before: number | null
}

/** How far reading went: as far as the result needed, or up to where a stop ended it. */
export interface ReadReach {
  /** A stop ended reading before the result was certain: it holds the newest of the lines read. */
  stopped: boolean
  /** The sources begun and not read to their end when the stop came, in the order given. */
  partly: PartlyRead[]
  /** Inputs not read at all because of the stop. */
  unread: number
}

const COMPLETE: ReadReach = Object.freeze({ stopped: false, partly: [], unread: 0 })

/** A source as the spine reads it: its batches, begun or not, and whether they ended. */
class SourceReading<T> {
  readonly source: RecordSource<T>
  #batches: AsyncGenerator<Batch<T>> | null = null
  ended = false

  constructor(source: RecordSource<T>) {
    this.source = source
  }

  get begun(): boolean {
    return this.#batches !== null
  }

  /** Reads the next batch into `selection`; false once the source has ended. */
  async readInto(selection: Selection<T>): Promise<boolean> {
    this.#batches ??= this.source.batches()
    const step = await this.#batches.next()
    if (step.done === true) this.ended = true
    else keepBatch(selection, step.value)
    return step.done !== true
  }

  /** Lets go of the source, wherever its reading is. */
  async letGo(): Promise<void> {
    if (this.ended) return
    this.ended = true
    await this.#batches?.return(undefined)
    await this.source.close()
  }
}

export async function selectFrom<T>(sources: readonly RecordSource<T>[], selection: Selection<T>, options: SelectOptions): Promise<ReadReach> {
  const readings = sources.map((source) => new SourceReading(source))
  try {
    for (;;) {
      if (options.stop?.requested) return await stoppedAt(readings)
      const next = options.stopEarly ? newestUnread(readings) : readings.find((reading) => !reading.ended)
      if (next === undefined) return COMPLETE
      if (options.stopEarly && selection.isDecidedBy(next.source.unread())) {
        await decided(readings, selection.certainty, options.note)
        return COMPLETE
      }
      await next.readInto(selection)
      if (options.progress) options.progress.bytes = readings.reduce((sum, reading) => sum + reading.source.bytesRead(), 0)
    }
  } finally {
    // a source that threw, or one left by a stop: the others are let go too
    await Promise.allSettled(readings.map((reading) => reading.letGo()))
  }
}

/** The source whose lines not read yet may be the newest: the latest `before` (a tie goes to the one given first); undefined once all ended. */
function newestUnread<T>(readings: readonly SourceReading<T>[]): SourceReading<T> | undefined {
  let newest: SourceReading<T> | undefined
  let newestBefore = -Infinity
  for (const reading of readings) {
    if (reading.ended) continue
    const { before } = reading.source.unread()
    if (newest === undefined || before > newestBefore) {
      newest = reading
      newestBefore = before
    }
  }
  return newest
}

/** The selection is decided: every source not read to its end is let go, each with a note of what was left. */
async function decided(readings: readonly SourceReading<unknown>[], certainty: string, note: (line: string) => void): Promise<void> {
  for (const reading of readings) {
    if (reading.ended) continue
    const { source } = reading
    // every source is begun by now: one not begun may hold any time, so it is read before the selection can be decided
    const older = source.unstarted ?? 0
    note(`${source.label}: stopped reading, ${certainty}${older > 0 ? `; ${older} older input(s) not read` : ''}`)
  }
  await Promise.all(readings.map((reading) => reading.letGo()))
}

/** What a stop leaves: the sources begun and not ended were read in part; the others not at all. */
async function stoppedAt(readings: readonly SourceReading<unknown>[]): Promise<ReadReach> {
  const partly: PartlyRead[] = []
  let unread = 0
  for (const reading of readings) {
    if (reading.ended) continue
    const { source } = reading
    if (reading.begun) partly.push({ label: source.label, before: finiteOrNull(source.unread()) })
    // a rotated set counts the generations it has not begun; any other source not begun is one input
    unread += source.unstarted ?? (reading.begun ? 0 : 1)
  }
  await Promise.all(readings.map((reading) => reading.letGo()))
  return { stopped: true, partly, unread }
}

function finiteOrNull(unread: UnreadPart): number | null {
  return Number.isFinite(unread.before) ? unread.before : null
}
