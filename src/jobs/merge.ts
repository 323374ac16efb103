/**
 * The `merge` job: NDJSON rows written by `build --emit ndjson` on several
 * servers (files, .gz, or stdin) → the newest N across all of them, tokens
 * kept → any output format → file or stdout. Lines that are not rows are
 * skipped and summed up on stderr, as `build` does with log lines.
 */

import { dataError } from '../errors.js'
import { forEachLine } from '../input/lines.js'
import { openInputs, type OpenedInput } from '../input/open-inputs.js'
import { mergedProfileRows } from '../merge/merged-rows.js'
import { MAX_ROW_LENGTH, readRow, type ReadRow, type RowSkipReason } from '../merge/read-row.js'
import type { DisplayZone } from '../profile/display-time.js'
import { renderData, type EmitFormat } from '../render/emit-format.js'
import { schemaValidators, type SchemaValidators } from '../render/emit-schema.js'
import { renderPage } from '../render/page.js'
import { FormatProbe } from '../scan/format-probe.js'
import { SkippedLines } from '../scan/skipped-lines.js'
import { NewestN } from '../select/newest.js'
import { withReservedFile, type Published, type ReservedFile } from '../write/atomic-file.js'
import { refuseOutputFileAmongInputs } from '../write/output-not-input.js'
import { writeToStdout } from '../write/stdout.js'
import type { JobIO } from './job-io.js'

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
  strict: boolean
  /** `--if-changed`: leave the output file and its mtime alone when the new content is byte-identical. */
  ifChanged: boolean
}

export interface MergeResult {
  rows: number
  lines: number
  skipped: number
  /** What happened to the output: written to stdout, written to the file, or left alone (`--if-changed`). */
  published: Published | 'stdout'
}

interface MergeState {
  isRow: SchemaValidators['row']
  newest: NewestN<ReadRow>
  skipped: SkippedLines<RowSkipReason>
  /** Rows read so far, for their order. */
  read: number
}

/** One input's rows into the state; a line over MAX_ROW_LENGTH is skipped as `line too long`, never held whole. */
const scanRows = async (input: OpenedInput, state: MergeState): Promise<void> => {
  const { isRow, newest, skipped } = state
  let lineNo = 0
  const probe = new FormatProbe((checked, first) => dataError(
    `${input.label}: none of the first ${checked} lines is a row written by profiler-search build --emit ndjson (first: ${JSON.stringify(first.slice(0, 80))})`,
    'merge reads the output of build --emit ndjson',
  ))
  const onRow = (text: string): void => {
    lineNo++
    if (text.trim() === '') return
    skipped.lines++
    const result = readRow(text, isRow)
    if (typeof result === 'string') skipped.add(result, { source: input.label, line: lineNo })
    // Equal instants: the row read first wins, so merging is a stable sort.
    else newest.push(result, -state.read++)
    probe.saw(typeof result !== 'string', text)
  }
  const onTooLong = (head: string): void => {
    lineNo++
    skipped.lines++
    skipped.add('line too long', { source: input.label, line: lineNo })
    probe.saw(false, head)
  }
  await forEachLine(input.chunks(), input.label, onRow, onTooLong, MAX_ROW_LENGTH)
  probe.end()
}

/** The output is reserved before anything is read (see withReservedFile). */
export const merge = (options: MergeOptions, io: JobIO): Promise<MergeResult> =>
  withReservedFile(options.output, io.cwd, async (output) => {
    if (output !== null) await refuseOutputFileAmongInputs(output.place, options.inputs, io.cwd)
    return mergeInto(options, io, output)
  })

const mergeInto = async (options: MergeOptions, io: JobIO, output: ReservedFile | null): Promise<MergeResult> => {
  const inputs = await openInputs(options.inputs, () => io.stdin, io.cwd)
  const state: MergeState = {
    isRow: schemaValidators().row,
    newest: new NewestN<ReadRow>(options.limit, (row) => row.at.key),
    skipped: new SkippedLines<RowSkipReason>(),
    read: 0,
  }
  try {
    for (const input of inputs) await scanRows(input, state)
  } finally {
    // each input read is closed already; those after a failure are let go of here (closing one twice does nothing)
    await Promise.all(inputs.map((input) => input.close()))
  }
  const { skipped } = state
  const summary = skipped.summary()
  if (options.strict && summary) throw dataError(`--strict: ${summary}`, 'nothing was written')

  const rows = mergedProfileRows(state.newest.newestFirst(), options.tz)
  // made piece by piece as it is written: never the whole output in memory
  const text = options.emit === 'html' ? renderPage({ rows }) : renderData(options.emit, rows, options.tz)
  let published: MergeResult['published'] = 'stdout'
  if (output === null) await writeToStdout(io.stdout, text)
  else published = await output.commit(text, { ifChanged: options.ifChanged })

  if (summary) io.warn(summary)
  return { rows: rows.length, lines: skipped.lines, skipped: skipped.count, published }
}
