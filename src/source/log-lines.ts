/**
 * The lines of one access log → a batch of records, one line at a time: the
 * sink every log source hands its lines to (forwards, from the end,
 * followed). Each valid line's facts go past the selection's gate first; a
 * record is built only for a line the gate admits, and joins the batch with
 * its place, for the spine to hand to the selection (batch.ts); a reader of
 * lines (ship, gate null) gets the valid lines themselves. Unreadable lines
 * are counted per reason (SkippedLines).
 *
 * With `auto`, the first lines (up to FORMAT_PROBE_LINES) are held back and
 * tried against every preset; the one that reads most of them is the
 * input's format, and a tie goes to the more specific. Lines no preset reads
 * decide nothing: when none of the lines held can be read (a client can shape
 * a hundred lines right after logrotate), they are skipped and the next
 * lines are held instead. A later line the chosen format cannot read is
 * tried against the other presets before it counts as skipped (a proxy that
 * writes combined and vhost-prefixed lines into one file); lines the chosen
 * format reads never are, so a clean log costs nothing more. An input none
 * of whose lines can be read (overlong lines count, as unreadable) is no
 * access log, and the run stops (exit 1); with a format named, its lines are
 * skipped and counted and a warning says so: no line stops the run.
 */

import type { LineSink } from '../input/line-splitter.js'
import { hasRole } from '../parse/format/format-spec.js'
import { positionText, type LineFacts, type LinePosition, type SkipReason } from '../parse/record/access-record.js'
import { emptyBatch, type Batch, type Places } from './batch.js'
import { FORMAT_PROBE_LINES, FormatProbe, notAnAccessLog, NotThisFormatError } from './format-probe.js'
import { noForwardedFor, type Candidate, type ReadSettings } from './read-settings.js'
import type { NewestLine } from './newest-line.js'
import type { RecordGate, RecordReader } from './record-reader.js'
import type { SkippedLines } from './skipped-lines.js'

/** The text every line a search can list holds, most selective first, as text lines and as JSON lines write it (select/line-literals.ts). */
export interface SearchLiterals {
  text: readonly string[]
  json: readonly string[]
}

/**
 * From how many rows a run decodes its lines one at a time (LineSink.flat):
 * a line sliced from its block's text holds the block alive, and a run
 * keeping most lines of a log would hold all of it twice over.
 */
export const FLAT_LINES_FROM = 10_000

/** What the lines of every input of a run share. */
export interface LogLinesContext {
  settings: ReadSettings
  /** The selection's test of a line's facts: a record is built only for a line it admits. Null: no records, the valid lines themselves (Batch.lines). */
  gate: RecordGate | null
  skipped: SkippedLines
  /** `--verbose` notes, such as the format `auto` chose. */
  note: (line: string) => void
  /** Warnings (unless `--quiet`): an input none of whose lines the format named reads. Absent: none. */
  warn?: (line: string) => void
  /** The text every line the search can list holds (select/line-literals.ts): the other lines are passed over undecoded. Absent or null: none. */
  literals?: SearchLiterals | null
  /** Lines decoded one at a time (LineSink.flat): a run that keeps many records. */
  flatLines?: boolean
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

/**
 * Where a line was logged, when its source knows it line by line (a table's
 * row: its host and file): the server, and the source its position names
 * (`web2:/var/log/nginx/access.log`) instead of the input's label.
 */
export interface LineOrigin {
  server: string | null
  source: string
}

interface HeldLine {
  raw: string
  at: LinePosition
  start: number
  tooLong: boolean
}

export class LogLines implements LineSink {
  readonly #context: LogLinesContext
  readonly #gate: RecordGate | null
  readonly #label: string
  readonly #numbering: Numbering
  readonly #places: Places
  readonly #probe: FormatProbe
  /** False for a stretch read on (ReadOn): the input's start was probed. */
  readonly #probing: boolean
  #lineNo = 0
  #linesRead = 0
  #batch: Batch
  /** The chosen format's reader; null while `auto` still probes. */
  #reader: RecordReader | null = null
  /** `auto`, once the format is chosen: the other presets, for a line the chosen one cannot read. */
  #others: RecordReader[] | null = null
  #chosen: Candidate | null = null
  /** The presets a note told of already (see retryNote); a set shared with the other stretches of the input. */
  readonly #noted: Set<string>
  /** Lines held back while `auto` probes; an overlong line is held as its head, to keep the order. */
  readonly #held: HeldLine[] = []
  /** Whether lines come decoded one at a time (LineSink.flat). */
  get flat(): boolean {
    return this.#context.flatLines === true
  }

  /** The search's literals as bytes, for the format read with; undefined until asked once the format is decided. */
  #literals: readonly Buffer[] | null | undefined
  /** The same as text, once asked for as bytes: a line without them that comes all the same is passed over too. */
  #literalTexts: readonly string[] | null = null

  /** `noted`: the presets noted already for other stretches of the input (see retryNote); `readOn`: a stretch after the input's start. */
  constructor(context: LogLinesContext, label: string, numbering: Numbering, places: Places, readOn: ReadOn | null = null, noted = new Set<string>()) {
    this.#context = context
    this.#gate = context.gate
    this.#label = label
    this.#numbering = numbering
    this.#places = places
    this.#noted = noted
    this.#probing = readOn === null
    this.#batch = this.#gate === null ? { ...emptyBatch(), lines: [] } : emptyBatch()
    const { fixed, candidates } = context.settings
    if (fixed) this.#reader = fixed
    else if (readOn !== null) this.readWith(candidates.find((candidate) => candidate.name === readOn.format) ?? null)
    this.#probe = new FormatProbe(notAnAccessLog(label, fixed?.name ?? null), fixed ? 'never' : 'whole input')
  }

  /**
   * A line without its newline; `start`: the offset of its first byte.
   * `origin`: where it was logged, when the source knows it line by line (a
   * table's host and file); else the input's label and the run's `--server-name`.
   */
  line(text: string, start: number, origin?: LineOrigin): void {
    if (text === '') {
      if (this.#numbering === 'lines') this.#lineNo++
      return
    }
    // from the line the format is decided on, lines without the search's literals are passed over, however they came
    if (this.#literals === undefined && this.decided) this.literals()
    if (this.#literalTexts !== null && this.passesOver(text)) return
    this.#context.skipped.lines++
    this.#linesRead++
    const at = this.position(start, origin)
    if (this.#reader !== null) this.handle(text, at, start, this.#reader)
    else this.hold({ raw: text, at, start, tooLong: false })
  }

  /** A line over the length cap, given by its head; `origin` as for `line`. */
  tooLong(head: string, start: number, origin?: LineOrigin): void {
    this.#context.skipped.lines++
    this.#linesRead++
    const at = this.position(start, origin)
    if (this.#reader !== null) this.skipTooLong(head, at)
    else this.hold({ raw: head, at, start, tooLong: true })
  }

  /**
   * The search's literals, once the format is decided (before, every line
   * goes to the probe): as text lines write them, for a format named of
   * text; as JSON lines do under `auto` too, whose other presets read JSON.
   */
  literals(): readonly Buffer[] | null {
    if (!this.decided) return null
    if (this.#literals !== undefined) return this.#literals
    const search = this.#context.literals ?? null
    const json = this.#context.settings.fixed === null || this.#reader?.spec.kind === 'json'
    const list = search === null ? [] : json ? search.json : search.text
    this.#literals = list.length === 0 ? null : list.map((literal) => Buffer.from(literal, 'latin1'))
    this.#literalTexts = list.length === 0 ? null : list
    return this.#literals
  }

  /** Whether a line that came decoded lacks a literal: then it is passed over, as the reader would have done (it read a block before the format was decided). */
  private passesOver(text: string): boolean {
    for (const literal of this.#literalTexts as readonly string[]) {
      if (!text.includes(literal)) {
        this.passedOver(1, 0)
        return true
      }
    }
    return false
  }

  /**
   * A line without a literal decoded for its time alone (the first or last
   * of a block): counted as read and numbered as the others passed over,
   * its time noted for the batch's earliest, nothing else of it (no
   * record, no skipped line, no other preset tried: it cannot be a row).
   */
  passedOverLine(text: string, start: number): void {
    this.position(start)
    this.#context.skipped.lines++
    this.#linesRead++
    const facts = this.#reader?.facts(text) ?? 'not a log line'
    if (typeof facts !== 'string') this.notesEarliest(facts.time)
  }

  /** Lines without a literal, passed over undecoded: counted as read, numbered. */
  passedOver(lines: number, blank: number): void {
    this.#context.skipped.lines += lines - blank
    this.#linesRead += lines - blank
    if (this.#numbering === 'lines') this.#lineNo += lines
  }

  /** A valid line's time: the batch's earliest, if earlier. */
  private notesEarliest(time: number): void {
    const batch = this.#batch
    if (batch.earliest === null || time < batch.earliest) batch.earliest = time
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

  /** What the lines since the last call gave: the records worth keeping (or the valid lines), the earliest time. */
  takeBatch(): Batch {
    const batch = this.#batch
    this.#batch = this.#gate === null ? { ...emptyBatch(), lines: [] } : emptyBatch()
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

  /** The input ended: lines `auto` still holds back are decided; an input none of whose lines could be read is no log (a warning, with a format named). */
  end(): void {
    if (this.#reader === null && this.#held.length > 0) this.decide()
    if (!this.#probing) return
    const unread = this.#probe.end()
    if (unread instanceof NotThisFormatError) this.#context.warn?.(`${unread.message}; skipped (${unread.hint ?? ''})`)
  }

  private position(start: number, origin?: LineOrigin): LinePosition {
    const source = origin?.source ?? this.#label
    const at: LinePosition = this.#numbering === 'lines' ? { source, line: ++this.#lineNo } : { source, line: null, byteOffset: start }
    if (origin !== undefined) at.server = origin.server
    return at
  }

  /**
   * A line through the format: its facts (with the other presets and the
   * anchored readers when the format cannot read it), then, for a line the
   * gate admits, its record into the batch at its place. `start`: the
   * line's byte offset, its place in the input (in the order of line
   * numbers, and the same however the input is cut in stretches).
   */
  private handle(raw: string, at: LinePosition, start: number, reader: RecordReader): void {
    let facts = reader.facts(raw)
    let by = reader
    // only a line the format cannot read is retried: a clean log never gets here
    if (typeof facts === 'string') {
      const read = this.retry(raw, at, facts, reader)
      if (typeof read === 'string') facts = read
      else ({ facts, by } = read)
    }
    if (this.#probing) this.#probe.saw(typeof facts !== 'string', raw)
    if (typeof facts === 'string') {
      this.#context.skipped.add(facts, at, raw)
      return
    }
    this.notesEarliest(facts.time)
    this.#context.newest.see(facts.time, facts.offset)
    if (this.#gate === null) this.#batch.lines?.push({ time: facts.time, text: raw, start })
    else if (this.#gate.admits(facts)) this.#batch.records.push([by.recordOf(raw, at), this.#places.of(start)])
  }

  /** An overlong line is never read: it counts as a line that is not in the format. */
  private skipTooLong(head: string, at: LinePosition): void {
    this.#context.skipped.add('line too long', at, head)
    if (this.#probing) this.#probe.saw(false, head)
  }

  /**
   * A line the format cannot read. Under `auto`, the other presets, most
   * specific first (a line none of them reads keeps the chosen format's
   * reason; under `--client-ip forwarded` only presets with X-Forwarded-For
   * may read a line). Then, only if none of them reads it as it stands, the
   * format itself and those presets with their client-written fields
   * anchored (a user name with spaces: line-plan.ts Anchor), so a line that
   * fits another format as it stands is read by that one.
   */
  private retry(raw: string, at: LinePosition, reason: SkipReason, reader: RecordReader): { facts: LineFacts; by: RecordReader } | SkipReason {
    const others = this.#chosen === null ? [] : this.others()
    for (const other of others) {
      const facts = other.facts(raw)
      if (typeof facts !== 'string') return this.readBy(other, at, facts)
    }
    for (const anchored of [reader, ...others]) {
      if (!anchored.anchors) continue
      const facts = anchored.anchoredFacts(raw)
      if (typeof facts !== 'string') return anchored === reader ? { facts, by: reader } : this.readBy(anchored, at, facts)
    }
    return reason
  }

  /** `auto`: the other presets, for a line the chosen one cannot read. */
  private others(): RecordReader[] {
    const { settings } = this.#context
    const chosen = this.#chosen as Candidate
    this.#others ??= settings.candidates
      .filter((candidate) => candidate !== chosen)
      .map((candidate) => candidate.reader())
      .filter((format) => !settings.forwarded || hasRole(format.spec, 'forwardedFor'))
    return this.#others
  }

  /** `auto`: a line another preset read; the first such line of each preset is noted. */
  private readBy(other: RecordReader, at: LinePosition, facts: LineFacts): { facts: LineFacts; by: RecordReader } {
    if (!this.#noted.has(other.name)) {
      this.#noted.add(other.name)
      if (this.#context.retried) this.#context.retried(at, other.name)
      else this.#context.note(retryNote(at, other.name, (this.#chosen as Candidate).name))
    }
    return { facts, by: other }
  }

  /**
   * `auto`: the candidate that reads most of the held lines (the more
   * specific on a tie), or null when none reads any. Lines are counted as
   * they stand; only when no candidate reads one so, with client-written
   * fields anchored (every line a client shaped).
   */
  private best(): Candidate | null {
    return this.mostRead(false) ?? this.mostRead(true)
  }

  private mostRead(anchored: boolean): Candidate | null {
    let found: Candidate | null = null
    let foundCount = 0
    for (const candidate of this.#context.settings.candidates) {
      const { probe } = candidate
      if (anchored && !probe.anchors) continue
      let count = 0
      for (const { raw, tooLong } of this.#held) {
        if (!tooLong && typeof (anchored ? probe.anchoredFacts(raw) : probe.facts(raw)) !== 'string') count++
      }
      if (count > foundCount) {
        found = candidate
        foundCount = count
      }
    }
    return found
  }

  /** `auto`: the held lines pick the format and go through it; when no preset reads any of them, they are skipped. */
  private decide(): void {
    const chosen = this.best()
    if (chosen !== null) this.choose(chosen)
    else this.skipHeld()
  }

  /** `auto`: the lines held, none of which a preset reads, are skipped as not log lines; the lines after them are held next. */
  private skipHeld(): void {
    for (const entry of this.#held.splice(0)) {
      if (entry.tooLong) this.skipTooLong(entry.raw, entry.at)
      else {
        this.#context.skipped.add('not a log line', entry.at, entry.raw)
        this.#probe.saw(false, entry.raw)
      }
    }
  }

  /** `auto`: the held lines go through the format chosen. */
  private choose(chosen: Candidate): void {
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
    if (this.#held.length === FORMAT_PROBE_LINES) this.decide()
  }
}
