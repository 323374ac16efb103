/**
 * The lines of one access log → a batch of records, one line at a time: the
 * sink every log source hands its lines to (forwards, from the end,
 * followed). Each valid line's facts go past the selection's gate first; a
 * record is built only for a line the gate admits, and goes to the
 * selection with its place at once; the batch counts what was kept. Unreadable lines are counted per reason (SkippedLines).
 *
 * With `auto`, the first lines (up to FORMAT_PROBE_LINES) are held back and
 * tried against every preset; the one that reads most of them is the
 * input's format, and a tie goes to the more specific. A later line that
 * format cannot read is tried against the other presets before it counts as
 * skipped (a proxy that writes combined and vhost-prefixed lines into one
 * file); lines the chosen format reads never are, so a clean log costs
 * nothing more. If none of the first lines can be read (overlong lines
 * count, as unreadable), the input is not an access log in that format and
 * the run stops (exit 1).
 */

import type { LineSink } from '../input/line-splitter.js'
import { hasRole } from '../parse/format/format-spec.js'
import { positionText, type LineFacts, type LinePosition, type SkipReason } from '../parse/record/access-record.js'
import type { AccessRecord } from '../record.js'
import { emptyBatch, type Batch, type Places, type RecordSink } from './batch.js'
import { FORMAT_PROBE_LINES, FormatProbe, notAnAccessLog } from './format-probe.js'
import { noForwardedFor, type Candidate, type ReadSettings } from './read-settings.js'
import type { NewestLine } from './newest-line.js'
import type { RecordGate, RecordReader } from './record-reader.js'
import type { SkippedLines } from './skipped-lines.js'

/** What the lines of every input of a run share. */
export interface LogLinesContext {
  settings: ReadSettings
  /** The selection: its test of a line's facts, and where the records go. */
  selection: RecordGate & RecordSink
  skipped: SkippedLines
  /** `--verbose` notes, such as the format `auto` chose. */
  note: (line: string) => void
  /** The newest valid line read, for the page's stamp. */
  newest: NewestLine
  /** Instead of the note: `auto` read a line at `at` with the preset `format` (the first such line); a worker tells the main thread. */
  retried?: (at: LinePosition, format: string) => void
}

/**
 * A stretch of an input whose start is read by another LogLines (the main
 * thread reads the first lines, workers the rest, see workers/): the start
 * decided the format, so this one reads with it at once and probes nothing.
 */
export interface ReadOn {
  /** The format's name: the fixed one, or the preset `auto` chose. */
  format: string
}

/** The note of a line `auto` read with another preset than the one it chose. */
export function retryNote(at: LinePosition, format: string, chosen: string): string {
  return `${positionText(at)}: log format ${format} for lines ${chosen} cannot read (auto)`
}

/** How lines are numbered: by count from the first (read forwards), or by their byte offset (read from the end, followed). */
export type Numbering = 'lines' | 'offsets'

interface HeldLine {
  raw: string
  at: LinePosition
  start: number
  tooLong: boolean
}

export class LogLines implements LineSink, RecordGate {
  readonly #context: LogLinesContext
  readonly #selection: RecordGate & RecordSink
  readonly #label: string
  readonly #numbering: Numbering
  readonly #places: Places
  readonly #probe: FormatProbe
  /** False for a stretch read on (ReadOn): the input's start was probed. */
  readonly #probing: boolean
  #lineNo = 0
  #linesRead = 0
  #batch: Batch = emptyBatch()
  /** The chosen format's reader; null while `auto` still probes. */
  #reader: RecordReader | null = null
  /** `auto`, once the format is chosen: the other presets, for a line the chosen one cannot read. */
  #others: RecordReader[] | null = null
  #chosen: Candidate | null = null
  /** The presets a note told of already (see retryNote); a set shared with the other stretches of the input. */
  readonly #noted: Set<string>
  /** Lines held back while `auto` probes; an overlong line is held as its head, to keep the order. */
  readonly #held: HeldLine[] = []

  /** `noted`: the presets noted already for other stretches of the input (see retryNote); `readOn`: a stretch after the input's start. */
  constructor(context: LogLinesContext, label: string, numbering: Numbering, places: Places, readOn: ReadOn | null = null, noted = new Set<string>()) {
    this.#context = context
    this.#selection = context.selection
    this.#label = label
    this.#numbering = numbering
    this.#places = places
    this.#noted = noted
    this.#probing = readOn === null
    const { fixed, candidates } = context.settings
    if (fixed) this.#reader = fixed
    else if (readOn !== null) this.readWith(candidates.find((candidate) => candidate.name === readOn.format) ?? null)
    this.#probe = new FormatProbe(notAnAccessLog(label, fixed?.name ?? null))
  }

  /**
   * A line without its newline; `start`: the offset of its first byte.
   * `server`: the server that logged it, when the source knows it line by
   * line (a table's host column); else the run's `--server-name`.
   */
  line(text: string, start: number, server?: string | null): void {
    if (text === '') {
      if (this.#numbering === 'lines') this.#lineNo++
      return
    }
    this.#context.skipped.lines++
    this.#linesRead++
    const at = this.position(start)
    if (server !== undefined) at.server = server
    if (this.#reader !== null) this.handle(text, at, start, this.#reader)
    else this.hold({ raw: text, at, start, tooLong: false })
  }

  /** A line over the length cap, given by its head. */
  tooLong(head: string, start: number): void {
    this.#context.skipped.lines++
    this.#linesRead++
    const at = this.position(start)
    if (this.#reader !== null) this.skipTooLong(head, at)
    else this.hold({ raw: head, at, start, tooLong: true })
  }

  /** The selection's gate, with the line's time noted first: every valid line counts for the batch's earliest time. */
  admits(facts: LineFacts): boolean {
    const batch = this.#batch
    if (batch.earliest === null || facts.time < batch.earliest) batch.earliest = facts.time
    this.#context.newest.see(facts.time, facts.offset)
    return this.#selection.admits(facts)
  }

  /** Non-blank lines of this input read so far. */
  get linesRead(): number {
    return this.#linesRead
  }

  /** Lines numbered so far, blank ones too (read forwards: the number of the last line read). */
  get lineCount(): number {
    return this.#lineNo
  }

  /** The format's name once it is known (fixed, or chosen by `auto`), else null. */
  get format(): string | null {
    return this.#chosen?.name ?? this.#context.settings.fixed?.name ?? null
  }

  /** The presets a note told of for this input (see retryNote). */
  get noted(): Set<string> {
    return this.#noted
  }

  /** Whether the lines to come can neither change the format nor fail the probe: the rest of the input may be read on elsewhere (ReadOn). */
  get decided(): boolean {
    return this.#reader !== null && (!this.#probing || this.#probe.done)
  }

  /** What the lines since the last call gave: records kept, the earliest time. */
  takeBatch(): Batch {
    const batch = this.#batch
    this.#batch = emptyBatch()
    return batch
  }

  /**
   * The input paused (a followed log, read up to what was written so far):
   * `auto` decides the format now if a line held back tells, instead of
   * waiting for FORMAT_PROBE_LINES lines or the end.
   */
  settle(): void {
    if (this.#reader !== null || this.#held.length === 0) return
    const chosen = this.best()
    if (chosen !== null) this.choose(chosen)
  }

  /** The input ended: lines `auto` still holds back are decided; an input none of whose lines could be read is no log. */
  end(): void {
    if (this.#reader === null && this.#held.length > 0) this.choose(this.best())
    if (this.#probing) this.#probe.end()
  }

  private position(start: number): LinePosition {
    return this.#numbering === 'lines'
      ? { source: this.#label, line: ++this.#lineNo }
      : { source: this.#label, line: null, byteOffset: start }
  }

  /** `start`: the line's byte offset, its place in the input (in the order of line numbers, and the same however the input is cut in stretches). */
  private handle(raw: string, at: LinePosition, start: number, reader: RecordReader): void {
    let result = reader.gated(raw, at, this)
    // only a line the format cannot read is retried: a clean log never gets here
    if (typeof result === 'string' && this.#chosen !== null) result = this.retry(raw, at, result)
    if (typeof result === 'string') this.#context.skipped.add(result, at, raw)
    else if (result !== null && this.#selection.keep(result, this.#places.of(start))) this.#batch.kept++
    if (this.#probing) this.#probe.saw(typeof result !== 'string', raw)
  }

  /** An overlong line is never read: it counts as a line that is not in the format. */
  private skipTooLong(head: string, at: LinePosition): void {
    this.#context.skipped.add('line too long', at, head)
    if (this.#probing) this.#probe.saw(false, head)
  }

  /**
   * `auto`: the other presets, most specific first, for a line the chosen
   * one cannot read. A line none of them reads keeps the chosen format's
   * reason. Under `--client-ip forwarded` only presets with X-Forwarded-For
   * may read a line.
   */
  private retry(raw: string, at: LinePosition, reason: SkipReason): AccessRecord | SkipReason | null {
    const { settings } = this.#context
    const chosen = this.#chosen as Candidate
    this.#others ??= settings.candidates
      .filter((candidate) => candidate !== chosen)
      .map((candidate) => candidate.reader())
      .filter((format) => !settings.forwarded || hasRole(format.spec, 'forwardedFor'))
    for (const other of this.#others) {
      const result = other.gated(raw, at, this)
      if (typeof result === 'string') continue
      if (!this.#noted.has(other.name)) {
        this.#noted.add(other.name)
        if (this.#context.retried) this.#context.retried(at, other.name)
        else this.#context.note(retryNote(at, other.name, chosen.name))
      }
      return result
    }
    return reason
  }

  /** `auto`: the candidate that reads most of the held lines (the more specific on a tie), or null when none reads any. */
  private best(): Candidate | null {
    let found: Candidate | null = null
    let foundCount = 0
    for (const candidate of this.#context.settings.candidates) {
      let count = 0
      for (const { raw, at, tooLong } of this.#held) if (!tooLong && typeof candidate.probe.read(raw, at) !== 'string') count++
      if (count > foundCount) {
        found = candidate
        foundCount = count
      }
    }
    return found
  }

  /** `auto`: the held lines pick the format, then go through it. */
  private choose(chosen: Candidate | null): void {
    if (chosen === null) throw this.#probe.failure(this.#held.length, this.#held[0]?.raw ?? '')
    const format = chosen.reader()
    if (this.#context.settings.forwarded && !hasRole(format.spec, 'forwardedFor')) throw noForwardedFor(`${this.#label} (log format ${format.name})`)
    this.#context.note(`${this.#label}: log format ${format.name} (auto)`)
    const reader = this.readWith(chosen)
    for (const entry of this.#held.splice(0)) {
      if (entry.tooLong) this.skipTooLong(entry.raw, entry.at)
      else this.handle(entry.raw, entry.at, entry.start, reader)
    }
  }

  /** `auto`: lines are read with this preset from now on. */
  private readWith(chosen: Candidate | null): RecordReader {
    if (chosen === null) throw new Error(`${this.#label}: no such preset to read on with`)
    const reader = chosen.reader()
    this.#reader = reader
    this.#chosen = chosen
    return reader
  }

  private hold(line: HeldLine): void {
    this.#held.push(line)
    if (this.#held.length === FORMAT_PROBE_LINES) this.choose(this.best())
  }
}
