/**
 * The lines of one input → records, one line at a time. With `auto`, the
 * first lines (up to FORMAT_PROBE_LINES) are held back and tried against
 * every preset; the one that reads most of them is the input's format, and
 * a tie goes to the more specific. A later line that format cannot read is
 * tried against the other presets before it counts as skipped (a proxy that
 * writes combined and vhost-prefixed lines into one file); lines the chosen
 * format reads never are, so a clean log costs nothing more. If none of the
 * first lines can be read (overlong lines count, as unreadable), the input
 * is not an access log in that format and the run stops (exit 1).
 */

import { dataError } from '../errors.js'
import type { AccessRecord } from '../record.js'
import { positionText, type LinePosition, type SkipReason } from '../parse/record/access-record.js'
import { hasRole } from '../parse/format/format-spec.js'
import { noForwardedFor, type Candidate, type FormatReader, type ReadSettings } from './read-settings.js'
import type { RecordGate } from './record-reader.js'
import { FORMAT_PROBE_LINES, FormatProbe } from './format-probe.js'
import type { SkippedLines } from './skipped-lines.js'

export interface InputReaderHooks {
  skipped: SkippedLines
  record: (record: AccessRecord) => void
  /** Looks at each valid line's facts first; a line it turns down is read but gets no record. */
  gate?: RecordGate
  /** `--verbose` notes, such as the format `auto` chose. */
  note: (line: string) => void
}

export interface InputReader {
  line: (raw: string) => void
  /** A line over the length cap, given by its head. */
  tooLong: (head: string) => void
  /** A line of a file read from its end: its number is unknown, its byte offset is given. */
  lineAt: (raw: string, byteOffset: number) => void
  /** An overlong line of a file read from its end. */
  tooLongAt: (head: string, byteOffset: number) => void
  /**
   * The input paused (a followed log, read up to what was written so far):
   * `auto` decides the format now if a line held back tells, instead of
   * waiting for FORMAT_PROBE_LINES lines or the end.
   */
  settle: () => void
  /** The input ended. */
  end: () => void
}

const quoted = (raw: string): string => JSON.stringify(raw.slice(0, 80))

export const inputReader = (settings: ReadSettings, label: string, hooks: InputReaderHooks): InputReader => {
  const { skipped, record, gate } = hooks
  let lineNo = 0
  type Read = (raw: string, at: LinePosition) => AccessRecord | SkipReason | null
  const readerOf = (format: FormatReader): Read => gate ? (raw, at) => format.gated(raw, at, gate) : format.read
  let read: Read | null = settings.fixed ? readerOf(settings.fixed) : null
  /** `auto`, once the format is chosen: reads a line the chosen format could not (see fallbackReader). */
  let retry: ((raw: string, at: LinePosition, reason: SkipReason) => AccessRecord | SkipReason | null) | null = null
  /** Lines held back while `auto` probes; an overlong line is held as its head, to keep the order. */
  const held: { raw: string; at: LinePosition; tooLong: boolean }[] = []

  const probe = new FormatProbe((checked, first) => settings.fixed
    ? dataError(`${label}: none of the first ${checked} lines matches --log-format ${settings.fixed.name} (first: ${quoted(first)})`,
      'is it the format the server writes?')
    : dataError(`${label}: none of the first ${checked} lines is an nginx or Apache access log line in combined or common format (first: ${quoted(first)})`,
      'is this an access log?'))

  const handle = (raw: string, at: LinePosition, reader: Read): void => {
    let result = reader(raw, at)
    // only a line the format cannot read is retried: a clean log never gets here
    if (typeof result === 'string' && retry !== null) result = retry(raw, at, result)
    if (typeof result === 'string') skipped.add(result, at, raw)
    else if (result !== null) record(result)
    probe.saw(typeof result !== 'string', raw)
  }

  /** An overlong line is never read: it counts as a line that is not in the format. */
  const tooLong = (head: string, at: LinePosition): void => {
    skipped.add('line too long', at, head)
    probe.saw(false, head)
  }

  /**
   * `auto`: the other presets, most specific first, for the lines the chosen
   * one cannot read, made on the first such line. A line none of them reads
   * keeps the chosen format's reason. Under `--client-ip forwarded` only
   * presets with X-Forwarded-For may read a line.
   */
  const fallbackReader = (chosen: Candidate): NonNullable<typeof retry> => {
    let others: FormatReader[] | null = null
    const noted = new Set<FormatReader>()
    return (raw, at, reason) => {
      others ??= settings.candidates
        .filter((candidate) => candidate !== chosen)
        .map((candidate) => candidate.reader())
        .filter((format) => !settings.forwarded || hasRole(format.spec, 'forwardedFor'))
      for (const other of others) {
        const result = gate ? other.gated(raw, at, gate) : other.read(raw, at)
        if (typeof result === 'string') continue
        if (!noted.has(other)) {
          noted.add(other)
          hooks.note(`${positionText(at)}: log format ${other.name} for lines ${chosen.name} cannot read (auto)`)
        }
        return result
      }
      return reason
    }
  }

  /** `auto`: the candidate that reads most of the held lines (the more specific on a tie), or null when none reads any. */
  const best = (): Candidate | null => {
    let found: Candidate | null = null
    let foundCount = 0
    for (const candidate of settings.candidates) {
      let count = 0
      for (const { raw, at, tooLong } of held) if (!tooLong && typeof candidate.probe(raw, at) !== 'string') count++
      if (count > foundCount) {
        found = candidate
        foundCount = count
      }
    }
    return found
  }

  /** `auto`: the held lines pick the format, then go through it. */
  const choose = (chosen: Candidate | null = best()): void => {
    if (chosen === null) throw probe.failure(held.length, held[0]?.raw ?? '')
    const format = chosen.reader()
    if (settings.forwarded && !hasRole(format.spec, 'forwardedFor')) throw noForwardedFor(`${label} (log format ${format.name})`)
    hooks.note(`${label}: log format ${format.name} (auto)`)
    const reader = readerOf(format)
    read = reader
    retry = fallbackReader(chosen)
    for (const entry of held.splice(0)) {
      if (entry.tooLong) tooLong(entry.raw, entry.at)
      else handle(entry.raw, entry.at, reader)
    }
  }

  const hold = (raw: string, at: LinePosition, isTooLong: boolean): void => {
    held.push({ raw, at, tooLong: isTooLong })
    if (held.length === FORMAT_PROBE_LINES) choose()
  }

  const lineAt = (raw: string, at: LinePosition): void => {
    if (raw === '') return
    skipped.lines++
    if (read !== null) handle(raw, at, read)
    else hold(raw, at, false)
  }
  const tooLongAt = (head: string, at: LinePosition): void => {
    skipped.lines++
    if (read !== null) tooLong(head, at)
    else hold(head, at, true)
  }

  return {
    line: (raw) => lineAt(raw, { source: label, line: ++lineNo }),
    tooLong: (head) => tooLongAt(head, { source: label, line: ++lineNo }),
    lineAt: (raw, byteOffset) => lineAt(raw, { source: label, line: null, byteOffset }),
    tooLongAt: (head, byteOffset) => tooLongAt(head, { source: label, line: null, byteOffset }),
    settle: () => {
      if (read !== null || held.length === 0) return
      const chosen = best()
      if (chosen !== null) choose(chosen)
    },
    end: () => {
      if (read === null && held.length > 0) choose()
      probe.end()
    },
  }
}
