/**
 * The lines of one input → records, one line at a time. With `auto`, the
 * first lines (up to FORMAT_PROBE_LINES) are held back and tried against
 * every preset; the one that reads most of them is the input's format, and
 * a tie goes to the more specific. Later lines in another format are skipped
 * lines, not probed again. If none of the first lines can be read, the input
 * is not an access log in that format and the run stops (exit 1).
 */

import { dataError } from '../errors.js'
import type { AccessRecord } from '../record.js'
import type { LinePosition, SkipReason } from '../parse/record/access-record.js'
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
  /** The input ended. */
  end: () => void
}

const quoted = (raw: string): string => JSON.stringify(raw.slice(0, 80))

export const inputReader = (settings: ReadSettings, label: string, hooks: InputReaderHooks): InputReader => {
  const { skipped, record } = hooks
  let lineNo = 0
  const { gate } = hooks
  type Read = (raw: string, at: LinePosition) => AccessRecord | SkipReason | null
  const readerOf = (format: FormatReader): Read => gate ? (raw, at) => format.gated(raw, at, gate) : format.read
  let read: Read | null = settings.fixed ? readerOf(settings.fixed) : null
  /** Lines held back while `auto` probes; an overlong line is held as its head, to keep the order. */
  const held: { raw: string; at: LinePosition; tooLong: boolean }[] = []

  const probe = new FormatProbe((checked, first) => settings.fixed
    ? dataError(`${label}: none of the first ${checked} lines matches --log-format ${settings.fixed.name} (first: ${quoted(first)})`,
      'is it the format the server writes?')
    : dataError(`${label}: none of the first ${checked} lines is an nginx or Apache access log line in combined or common format (first: ${quoted(first)})`,
      'is this an access log?'))

  const handle = (raw: string, at: LinePosition, reader: Read): void => {
    const result = reader(raw, at)
    if (typeof result === 'string') skipped.add(result, at, raw)
    else if (result !== null) record(result)
    probe.saw(typeof result !== 'string', raw)
  }

  /** `auto`: the held lines pick the format, then go through it. */
  const choose = (): void => {
    let best: Candidate | null = null
    let bestCount = 0
    for (const candidate of settings.candidates) {
      let count = 0
      for (const { raw, at, tooLong } of held) if (!tooLong && typeof candidate.probe(raw, at) !== 'string') count++
      if (count > bestCount) {
        best = candidate
        bestCount = count
      }
    }
    if (best === null) {
      const lines = held.filter((entry) => !entry.tooLong)
      throw probe.failure(lines.length, lines[0]?.raw ?? '')
    }
    const format = best.reader()
    if (settings.forwarded && !hasRole(format.spec, 'forwardedFor')) throw noForwardedFor(`${label} (log format ${format.name})`)
    hooks.note(`${label}: log format ${format.name} (auto)`)
    const chosen = readerOf(format)
    read = chosen
    for (const { raw, at, tooLong } of held.splice(0)) {
      if (tooLong) skipped.add('line too long', at, raw)
      else handle(raw, at, chosen)
    }
  }

  let heldLines = 0
  const hold = (raw: string, at: LinePosition, tooLong: boolean): void => {
    held.push({ raw, at, tooLong })
    if (!tooLong && ++heldLines === FORMAT_PROBE_LINES) choose()
  }

  const lineAt = (raw: string, at: LinePosition): void => {
    if (raw === '') return
    skipped.lines++
    if (read !== null) handle(raw, at, read)
    else hold(raw, at, false)
  }
  const tooLongAt = (head: string, at: LinePosition): void => {
    skipped.lines++
    if (read !== null) skipped.add('line too long', at, head)
    else hold(head, at, true)
  }

  return {
    line: (raw) => lineAt(raw, { source: label, line: ++lineNo }),
    tooLong: (head) => tooLongAt(head, { source: label, line: ++lineNo }),
    lineAt: (raw, byteOffset) => lineAt(raw, { source: label, line: null, byteOffset }),
    tooLongAt: (head, byteOffset) => tooLongAt(head, { source: label, line: null, byteOffset }),
    end: () => {
      if (read === null && heldLines > 0) choose()
      else if (read === null) for (const { raw, at } of held.splice(0)) skipped.add('line too long', at, raw)
      probe.end()
    },
  }
}
