/**
 * The `build` job, end to end:
 * inputs → lines → records → listed rows (newest N) → page → file or stdout.
 * I/O happens here and at the edges it calls; everything between is pure.
 */

import type { Readable, Writable } from 'node:stream'
import { dataError } from '../errors.js'
import { openInputs, STDIN } from '../input/open-inputs.js'
import { NO_NOTICES, openNoticeFiles, readNotices, type NoticesOptions } from '../notices/read-notices.js'
import { DEFAULT_READ_OPTIONS, readSettings, type ReadOptions } from '../scan/read-settings.js'
import { SkippedLines } from '../scan/skipped-lines.js'
import type { DisplayZone } from '../profile/display-time.js'
import { toProfileRows } from '../profile/rows.js'
import type { AccessRecord } from '../record.js'
import { renderData, type EmitFormat } from '../render/emit-format.js'
import { renderPage, renderSite } from '../render/page.js'
import { searchSummary } from '../render/search-summary.js'
import { NewestN } from '../select/newest.js'
import { checkCriteria, type Criteria } from '../select/criteria.js'
import { recordFilter } from '../select/record-filter.js'
import { rowsWithToken } from '../select/filters/token.js'
import { defaultRowRule, shapeRowRule, type ShapeSettings } from '../select/shapes.js'
import { reserveFile, type Published, type ReservedFile } from '../write/atomic-file.js'
import { checkSiteDir, publishSite } from '../write/site-dir.js'
import { writeToStdout } from '../write/stdout.js'
import { startProgress } from '../write/progress.js'
import { scanInputs, type ScanState } from '../scan/scan-inputs.js'

export interface BuildOptions {
  /** Paths, `-` for stdin; none means stdin. */
  inputs: string[]
  /** Target file, or null for stdout. */
  output: string | null
  /** `--out-dir`: publish a site (index.html, profiles/<token>.html, stylesheet) in this folder instead. */
  outDir?: string | null
  limit: number
  /** IANA zone for the Time column, or null for each line's own offset. */
  tz: DisplayZone
  /** Which lines become rows (`--ip`, `--method`, `--status`, `--url`, `--token`, `--from`, `--until`, `--any-url`, `--crawlers`). */
  criteria: Criteria
  /** html (the page), or the rows as json, ndjson or csv. */
  emit: EmitFormat
  /** `--if-changed`: leave the output file and its mtime alone when the new content is byte-identical. */
  ifChanged?: boolean
  /** `--partial-ok`: an input that breaks off (a truncated .gz) keeps the lines read before the break. */
  partialOk?: boolean
  /** `--notices` and its options: PHP Deprecated notices shown before the page; none when absent. */
  notices?: NoticesOptions
  /** The request shapes from a config file; null or absent for the documented defaults. */
  shapes?: ShapeSettings | null
  /** How lines are read: `--log-format`, `--json-fields`, `--log-tz`, `--client-ip`, `--trusted-proxy`. */
  read?: ReadOptions
  /** `--verbose`: say which format `auto` chose, and show the first skipped lines. */
  verbose?: boolean
  /** `--strict`: any skipped line fails the run (exit 1) and nothing is written. */
  strict?: boolean
  /** `--full-scan`: read every line of every input instead of plain files from their end. */
  fullScan?: boolean
  /** `--order-tolerance`: seconds a line may be stamped earlier than a line written before it. */
  orderTolerance?: number
  /** `--quiet`: no progress line and no skipped-lines summary. */
  quiet?: boolean
  /** Plain files at least this large are read from their end (default BACKWARD_MIN_BYTES; tests lower it). */
  backwardMinBytes?: number
}

/** Apache stamps a line when the request starts but writes it when it ends. */
export const DEFAULT_ORDER_TOLERANCE = 60

export interface BuildIO {
  stdin: Readable & { isTTY?: boolean }
  stdout: Writable
  /** Where warnings go, one line each. */
  warn: (line: string) => void
  /** The terminal for the progress line; none is drawn when absent or not a TTY. */
  stderr?: Writable & { isTTY?: boolean; columns?: number }
}

export interface BuildResult {
  rows: number
  lines: number
  skipped: number
  /** What happened to the output: written to stdout, written to the file, or left alone (`--if-changed`). */
  published: Published | 'stdout'
}

/** If none of an input's first lines is a log line, the format is wrong. */
export { FORMAT_PROBE_LINES } from '../scan/input-reader.js'

/** Reserves the output file first, so nothing is read when it cannot be written; removes the temporary file on any error. */
export const build = async (options: BuildOptions, io: BuildIO): Promise<BuildResult> => {
  checkCriteria(options.criteria)
  if (options.outDir) await checkSiteDir(options.outDir)
  const output = options.output === null ? null : await reserveFile(options.output)
  try {
    return await buildInto(options, io, output)
  } finally {
    output?.discard()
  }
}

const buildInto = async (options: BuildOptions, io: BuildIO, output: ReservedFile | null): Promise<BuildResult> => {
  const inputs = await openInputs(options.inputs, io.stdin)
  const noticesOptions = options.notices ?? NO_NOTICES
  const stdinTaken = options.inputs.length === 0 || options.inputs.includes(STDIN)
  const noticeInputs = await openNoticeFiles(noticesOptions.files, io.stdin, stdinTaken)
  const state: ScanState = {
    accepts: recordFilter(options.criteria, { rule: options.shapes ? shapeRowRule(options.shapes) : defaultRowRule(), zone: options.tz }),
    // A token is decided among all lines of its second (see select/filters/token.ts): keep them all.
    newest: new NewestN<AccessRecord>(options.criteria.token === null ? options.limit : Number.MAX_SAFE_INTEGER),
    skipped: new SkippedLines(options.verbose ? io.warn : null),
    read: readSettings(options.read ?? DEFAULT_READ_OPTIONS),
    note: options.verbose ? io.warn : () => undefined,
    progress: { bytes: 0 },
  }
  const total = inputs.every((input) => input.seekable) ? inputs.reduce((sum, input) => sum + (input.seekable?.size ?? 0), 0) : null
  const progress = io.stderr
    ? startProgress(io.stderr, {
      bytes: () => state.progress.bytes,
      lines: () => state.skipped.lines,
      rows: () => Math.min(state.newest.size, options.limit),
    }, total, { quiet: options.quiet ?? false })
    : null
  try {
    await scanInputs(inputs, state, {
      fullScan: options.fullScan ?? false,
      toleranceSeconds: options.orderTolerance ?? DEFAULT_ORDER_TOLERANCE,
      partialOk: options.partialOk ?? false,
      warn: io.warn,
      ...(options.backwardMinBytes === undefined ? {} : { backwardMinBytes: options.backwardMinBytes }),
    })
  } finally {
    progress?.stop()
  }

  const skippedLines = state.skipped.summary()
  if (options.strict && skippedLines) throw dataError(`--strict: ${skippedLines}`, 'nothing was written')

  const notices = await readNotices(noticeInputs, noticesOptions)
  const { token } = options.criteria
  const listed = toProfileRows(state.newest.newestFirst(), options.tz)
  const rows = token === null ? listed : rowsWithToken(listed, token).slice(0, options.limit)
  const pageData = { rows, search: searchSummary(options.criteria, options.limit, options.tz), notices }
  let published: BuildResult['published'] = 'stdout'
  if (options.outDir) {
    await publishSite(options.outDir, renderSite(pageData))
    published = 'written'
  } else {
    const page = options.emit === 'html' ? renderPage(pageData) : renderData(options.emit, rows, options.tz)
    if (output === null) await writeToStdout(io.stdout, page)
    else published = await output.commit(page, { ifChanged: options.ifChanged ?? false })
  }
  if (published === 'unchanged') state.note(`${options.output} is unchanged, left as it was (--if-changed)`)

  if (skippedLines && !options.quiet) io.warn(skippedLines)
  return { rows: rows.length, lines: state.skipped.lines, skipped: state.skipped.count, published }
}
