/**
 * The `merge` job: NDJSON rows written by `build --emit ndjson` on several
 * servers (files, .gz, or stdin) → the newest N across all of them, tokens
 * kept → any output format → file or stdout. Lines that are not rows are
 * skipped and summed up on stderr, as `build` does with log lines.
 */

import { FORMAT_PROBE_LINES, type BuildIO } from './build.js'
import { dataError } from '../errors.js'
import { forEachLine } from '../input/lines.js'
import { openInputs, type OpenedInput } from '../input/open-inputs.js'
import type { DisplayZone } from '../profile/display-time.js'
import { renderData, type EmitFormat } from '../render/emit-format.js'
import { schemaValidators, type SchemaValidators } from '../render/emit-schema.js'
import { renderPage } from '../render/page.js'
import { reserveFile, type Published, type ReservedFile } from '../write/atomic-file.js'
import { writeToStdout } from '../write/stdout.js'
import { mergedProfileRows } from '../merge/merged-rows.js'
import { NewestRows } from '../merge/newest-rows.js'
import { readRow, type ReadRow } from '../merge/read-row.js'
import { SkippedRows } from '../merge/skipped-rows.js'

export interface MergeOptions {
  /** Paths, `-` for stdin; none means stdin. */
  inputs: string[]
  /** Target file, or null for stdout. */
  output: string | null
  limit: number
  /** IANA zone for the Time column, or null for the offset each row was written with. */
  tz: DisplayZone
  emit: EmitFormat
  /** `--strict`: any skipped line fails the run (exit 1) and nothing is written. */
  strict?: boolean
  /** `--if-changed`: leave the output file and its mtime alone when the new content is byte-identical. */
  ifChanged?: boolean
}

export interface MergeResult {
  rows: number
  lines: number
  skipped: number
  /** What happened to the output: written to stdout, written to the file, or left alone (`--if-changed`). */
  published: Published | 'stdout'
}

interface ScanState {
  isRow: SchemaValidators['row']
  newest: NewestRows<ReadRow>
  skipped: SkippedRows
}

const scanRows = async (input: OpenedInput, { isRow, newest, skipped }: ScanState): Promise<void> => {
  let lineNo = 0
  let probed = 0
  let read = 0
  let firstBad: string | null = null
  const checkProbe = (): void => {
    if (probed > 0 && read === 0) {
      throw dataError(
        `${input.label}: none of the first ${probed} lines is a row written by profiler-search build --emit ndjson (first: ${JSON.stringify((firstBad ?? '').slice(0, 80))})`,
        'merge reads the output of build --emit ndjson',
      )
    }
  }
  await forEachLine(input.stream(), input.label, (text) => {
    lineNo++
    if (text.trim() === '') return
    skipped.lines++
    const result = readRow(text, isRow)
    if (typeof result === 'string') {
      skipped.add(result, { source: input.label, line: lineNo })
      firstBad ??= text
    } else {
      read++
      newest.push(result)
    }
    if (probed < FORMAT_PROBE_LINES && ++probed === FORMAT_PROBE_LINES) checkProbe()
  })
  checkProbe()
}

/** Reserves the output file first, so nothing is read when it cannot be written; removes the temporary file on any error. */
export const merge = async (options: MergeOptions, io: BuildIO): Promise<MergeResult> => {
  const output = options.output === null ? null : await reserveFile(options.output)
  try {
    return await mergeInto(options, io, output)
  } finally {
    output?.discard()
  }
}

const mergeInto = async (options: MergeOptions, io: BuildIO, output: ReservedFile | null): Promise<MergeResult> => {
  const inputs = await openInputs(options.inputs, io.stdin)
  const newest = new NewestRows<ReadRow>(options.limit, (r) => r.at.key)
  const skipped = new SkippedRows()
  const state: ScanState = { isRow: (await schemaValidators()).row, newest, skipped }
  for (const input of inputs) await scanRows(input, state)
  const summary = skipped.summary()
  if (options.strict && summary) throw dataError(`--strict: ${summary}`, 'nothing was written')

  const rows = mergedProfileRows(newest.newestFirst(), options.tz)
  const text = options.emit === 'html' ? renderPage({ rows }) : renderData(options.emit, rows, options.tz)
  let published: MergeResult['published'] = 'stdout'
  if (output === null) await writeToStdout(io.stdout, text)
  else published = await output.commit(text, { ifChanged: options.ifChanged ?? false })

  if (summary) io.warn(summary)
  return { rows: rows.length, lines: skipped.lines, skipped: skipped.count, published }
}
