/**
 * The `build` job, end to end:
 * inputs → lines → records → listed rows (newest N) → page → file or stdout.
 * I/O happens here and at the edges it calls; everything between is pure.
 */

import type { Readable, Writable } from 'node:stream'
import { dataError } from './errors.js'
import { openInputs, type OpenedInput } from './input/open-inputs.js'
import { forEachLine } from './input/lines.js'
import { recordBuilder, type LinePosition } from './parse/access-record.js'
import { recogniser, STOCK_FORMATS } from './parse/presets.js'
import { SkippedLines } from './parse/skipped-lines.js'
import type { DisplayZone } from './profile/display-time.js'
import { toProfileRows } from './profile/rows.js'
import type { AccessRecord } from './record.js'
import { renderPage } from './render/page.js'
import { NewestN } from './select/newest.js'
import { defaultRowRule, isListed, type RowRule } from './select/shapes.js'
import { checkWritable, writeFileAtomic } from './write/atomic-file.js'
import { writeToStdout } from './write/stdout.js'

export interface BuildOptions {
  /** Paths, `-` for stdin; none means stdin. */
  inputs: string[]
  /** Target file, or null for stdout. */
  output: string | null
  limit: number
  /** IANA zone for the Time column, or null for each line's own offset. */
  tz: DisplayZone
}

export interface BuildIO {
  stdin: Readable & { isTTY?: boolean }
  stdout: Writable
  /** Where warnings go, one line each. */
  warn: (line: string) => void
}

export interface BuildResult {
  rows: number
  lines: number
  skipped: number
}

/** If none of an input's first lines is a log line, the format is wrong. */
export const FORMAT_PROBE_LINES = 100

interface ScanState {
  rule: RowRule
  newest: NewestN<AccessRecord>
  skipped: SkippedLines
  recognise: ReturnType<typeof recogniser>
  toRecord: ReturnType<typeof recordBuilder>
}

const scanInput = async (input: OpenedInput, state: ScanState): Promise<void> => {
  const { rule, newest, skipped, recognise, toRecord } = state
  let lineNo = 0
  let probed = 0
  let parsed = 0
  let firstBad: string | null = null
  const checkProbe = (): void => {
    if (probed > 0 && parsed === 0) {
      throw dataError(
        `${input.label}: none of the first ${probed} lines is an nginx or Apache access log line in combined or common format (first: ${JSON.stringify((firstBad ?? '').slice(0, 80))})`,
        'is this an access log?',
      )
    }
  }
  await forEachLine(input.stream(), input.label, (raw) => {
    lineNo++
    if (raw === '') return
    skipped.lines++
    const at: LinePosition = { source: input.label, line: lineNo }
    const recognised = recognise(raw)
    const record = recognised ? toRecord(recognised.fields, raw, at) : 'not a log line'
    if (typeof record === 'string') {
      skipped.add(record, at)
      firstBad ??= raw
    } else {
      parsed++
      // Cheap time check first: once N rows are kept, older lines skip the URL shapes.
      if (newest.wouldKeep(record.time) && isListed(rule, record)) newest.push(record)
    }
    if (probed < FORMAT_PROBE_LINES && ++probed === FORMAT_PROBE_LINES) checkProbe()
  })
  checkProbe()
}

export const build = async (options: BuildOptions, io: BuildIO): Promise<BuildResult> => {
  if (options.output !== null) await checkWritable(options.output)
  const inputs = await openInputs(options.inputs, io.stdin)
  const state: ScanState = {
    rule: defaultRowRule(),
    newest: new NewestN<AccessRecord>(options.limit),
    skipped: new SkippedLines(),
    recognise: recogniser(STOCK_FORMATS),
    toRecord: recordBuilder(),
  }
  for (const input of inputs) await scanInput(input, state)

  const rows = toProfileRows(state.newest.newestFirst(), options.tz)
  const page = renderPage({ rows })
  if (options.output === null) await writeToStdout(io.stdout, page)
  else await writeFileAtomic(options.output, page)

  const summary = state.skipped.summary()
  if (summary) io.warn(summary)
  return { rows: rows.length, lines: state.skipped.lines, skipped: state.skipped.count }
}
