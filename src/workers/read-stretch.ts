/**
 * One stretch read into a selection, as a worker reads it (and the main
 * thread too, for a range, when the run has no workers): a LogLines of its
 * own, reading on with the input's format, whose skipped lines and notes are
 * recorded for the report instead of shown (stretch-tasks.ts).
 */

import { backwardLines, type PositionedFile } from '../input/backward-lines.js'
import { splitPiece } from '../input/line-pieces.js'
import { FileShrank } from '../input/read-error.js'
import { lineStartAtOrAfter } from '../input/window-range.js'
import type { LinePosition, SkipReason } from '../parse/record/access-record.js'
import type { NewestRecords, TokenRecords } from '../select/selection.js'
import { earlier, InputPlaces, keepBatch } from '../source/batch.js'
import { FLAT_LINES_FROM, LogLines, type Numbering } from '../source/log-lines.js'
import { NewestLine } from '../source/newest-line.js'
import { SHOWN_LINE_LENGTH, SHOWN_SKIPPED_LINES, SkippedLines } from '../source/skipped-lines.js'
import type { PieceTask, RangeTask, ReadFailure, StretchEvent, StretchOf, StretchReport } from './stretch-tasks.js'
import { partSelection, type JobContext } from './worker-job.js'

type PartSelection = NewestRecords | TokenRecords

/** Skipped lines counted, the first ones recorded as events instead of shown. */
class RecordedSkips extends SkippedLines {
  readonly #events: StretchEvent[]

  constructor(events: StretchEvent[]) {
    super(null)
    this.#events = events
  }

  override add(reason: SkipReason, at: LinePosition, raw = ''): void {
    super.add(reason, at, raw)
    if (this.count <= SHOWN_SKIPPED_LINES) this.#events.push({ kind: 'skip', nth: this.count, reason, at, raw: raw.slice(0, SHOWN_LINE_LENGTH) })
  }
}

/** The LogLines of a stretch, what they read kept in the part's selection, and its report once read. */
class StretchReader {
  readonly events: StretchEvent[] = []
  readonly skipped = new RecordedSkips(this.events)
  readonly newest = new NewestLine()
  readonly lines: LogLines
  readonly #context: JobContext
  readonly #selection: PartSelection
  #earliest: number | null = null

  constructor(context: JobContext, stretch: StretchOf, selection: PartSelection, numbering: Numbering) {
    this.#context = context
    this.#selection = selection
    const events = this.events
    this.lines = new LogLines({
      settings: context.settings,
      gate: selection,
      skipped: this.skipped,
      note: () => undefined,
      newest: this.newest,
      retried: (at, format) => void events.push({ kind: 'retry', format, at }),
      literals: context.job.literals,
      flatLines: context.job.limit >= FLAT_LINES_FROM,
    }, stretch.label, numbering, new InputPlaces(stretch.rank), { format: stretch.format })
  }

  /** The records the lines gave since asked last, into the part's selection. */
  keepRead(): void {
    const batch = this.lines.takeBatch()
    keepBatch(this.#selection, batch)
    this.#earliest = earlier(this.#earliest, batch.earliest)
  }

  /** `handOver`: the part's records go with the report (a range's), else the worker holds them (a piece's). */
  report(bytes: number, handOver: boolean, failure: ReadFailure | null = null): StretchReport {
    const { lines, skipped } = this
    this.keepRead()
    const selection = this.#selection
    return {
      lines: lines.lineCount,
      read: skipped.lines,
      bytes,
      earliest: this.#earliest,
      byReason: [...skipped.byReason],
      first: skipped.first,
      events: this.events,
      newest: this.newest.get(),
      records: handOver ? selection.placed() : [],
      held: selection.size,
      failure,
      // the job's filter counts for every stretch of the worker, one after the other: this one's since the last
      ruledOut: this.#context.filter.ruledOut?.take() ?? null,
    }
  }
}

/** A piece, into the selection the worker holds for its input; line numbers count from the piece's start. */
export function readPiece(context: JobContext, task: PieceTask, selection: PartSelection): StretchReport {
  const reader = new StretchReader(context, task, selection, 'lines')
  const bytes = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength)
  for (const _ of splitPiece({ bytes, start: task.start, tooLong: task.tooLong }, reader.lines)) reader.keepRead()
  return { ...reader.report(bytes.length, false), spare: task.bytes.buffer as ArrayBuffer }
}

/** Why reading broke off, as a report can carry it; anything else (a bug) is thrown on. */
function readFailure(e: unknown): ReadFailure {
  if (e instanceof FileShrank) return { kind: 'shrank', from: e.from, to: e.to }
  const { code, message } = e as NodeJS.ErrnoException
  if (typeof code === 'string' && !code.startsWith('ERR_')) return { kind: 'errno', code, message }
  throw e
}

/** The buffers ranges are read into, lent to each range in turn (backward-lines.ts says why). */
const RANGE_BUFFERS: Buffer[] = []

/** A range, last line first, into a selection of its own, handed over with the report; lines are numbered by byte offset. */
export async function readRange(context: JobContext, task: RangeTask, file: PositionedFile): Promise<StretchReport> {
  const selection = partSelection(context, task.floor)
  const reader = new StretchReader(context, task, selection, 'offsets')
  let bytes = 0
  let failure: ReadFailure | null = null
  try {
    const from = await lineStartAtOrAfter(file, task.from, task.end)
    const to = await lineStartAtOrAfter(file, task.to, task.end)
    if (from < to) {
      for await (const read of backwardLines(file, task.size, reader.lines, { from, to, blockSize: task.blockSize, buffers: RANGE_BUFFERS })) {
        bytes = read
        reader.keepRead()
      }
    }
  } catch (e) {
    failure = readFailure(e)
  }
  return reader.report(bytes, true, failure)
}
