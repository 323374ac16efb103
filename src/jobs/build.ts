/**
 * The `build` job, end to end:
 * inputs → lines → records → listed rows (newest N) → page → file or stdout.
 * I/O happens here and at the edges it calls; everything between is pure.
 * The options arrive complete: the command line (or a test) fills in the
 * defaults, this job applies none of its own.
 */

import { dataError } from '../errors.js'
import { openInputs, STDIN, type OpenedInput } from '../input/open-inputs.js'
import { openNoticeFiles, readNotices, type NoticesOptions } from '../notices/read-notices.js'
import type { DisplayZone } from '../profile/display-time.js'
import { toProfileRows } from '../profile/rows.js'
import type { AccessRecord, ProfileRow } from '../record.js'
import { renderData, type EmitFormat } from '../render/emit-format.js'
import type { Notice } from '../notices/php-notice.js'
import { renderPage, renderSite, type PageData } from '../render/page.js'
import { searchSummary } from '../render/search-summary.js'
import { readSettings, type ReadOptions } from '../scan/read-settings.js'
import { scanInputs } from '../scan/scan-inputs.js'
import type { ScanState } from '../scan/scan-state.js'
import { SkippedLines } from '../scan/skipped-lines.js'
import { checkCriteria, type Criteria } from '../select/criteria.js'
import { rowsWithToken, TokenSearch } from '../select/filters/token.js'
import { NewestN } from '../select/newest.js'
import { recordFilter } from '../select/record-filter.js'
import { defaultRowRule, shapeRowRule, type ShapeSettings } from '../select/shapes.js'
import { pinOutputFile, ReservedFile, type CommitOptions, type OutputPlace, type Published } from '../write/atomic-file.js'
import { refuseOutputFileAmongInputs, refuseSiteHoldingInputs } from '../write/output-not-input.js'
import { startProgress } from '../write/progress.js'
import { pinSiteDir, publishSite, type SitePlace } from '../write/site-dir.js'
import { writeToStdout } from '../write/stdout.js'
import type { JobIO } from './job-io.js'

export interface BuildOptions {
  /** Paths, `-` for stdin; none means stdin. */
  inputs: string[]
  /** Target file, or null for stdout. */
  output: string | null
  /** `--out-dir`: publish a site (index.html, profiles/<token>.html, stylesheet) in this folder instead; null for none. */
  outDir: string | null
  limit: number
  /** IANA zone for the Time column, or null for each line's own offset. */
  tz: DisplayZone
  /** Which lines become rows (`--ip`, `--method`, `--status`, `--url`, `--token`, `--from`, `--until`, `--any-url`, `--crawlers`). */
  criteria: Criteria
  /** html (the page), or the rows as json, ndjson or csv. */
  emit: EmitFormat
  /** `--if-changed`: leave the output file and its mtime alone when the new content is byte-identical. */
  ifChanged: boolean
  /** `--partial-ok`: an input that breaks off (a truncated .gz) keeps the lines read before the break. */
  partialOk: boolean
  /** `--notices` and its options: PHP Deprecated notices shown before the page (no files: none). */
  notices: NoticesOptions
  /** The request shapes from a config file; null for the documented defaults. */
  shapes: ShapeSettings | null
  /** How lines are read: `--log-format`, `--json-fields`, `--log-tz`, `--client-ip`, `--trusted-proxy`. */
  read: ReadOptions
  /** `--verbose`: say which format `auto` chose, and show the first skipped lines. */
  verbose: boolean
  /** `--strict`: any skipped line fails the run (exit 1) and nothing is written. */
  strict: boolean
  /** `--full-scan`: read every line of every input instead of plain files from their end. */
  fullScan: boolean
  /** `--order-tolerance`: seconds a line may be stamped earlier than a line written before it. */
  orderTolerance: number
  /** `--quiet`: no progress line and no skipped-lines summary. */
  quiet: boolean
  /** Plain files at least this large are read from their end (BACKWARD_MIN_BYTES; tests lower it). */
  backwardMinBytes: number
}

export interface BuildResult {
  rows: number
  lines: number
  skipped: number
  /** What happened to the output: written to stdout, written to the file, or left alone (`--if-changed`). */
  published: Published | 'stdout'
}

/** Where a listing is published: the reserved `-o` file, the `--out-dir` site, or stdout (neither). */
export interface Output {
  file: ReservedFile | null
  site: SitePlace | null
}

/** Checks what it can before reading: the criteria, the --out-dir, the output (reserved until written). */
export const build = async (options: BuildOptions, io: JobIO): Promise<BuildResult> => {
  checkCriteria(options.criteria)
  return withOutput(options, io, (output) => buildInto(options, io, output))
}

/** The inputs an output must not be: the logs and the notices files. */
const inputsOf = (options: BuildOptions): string[] => [...options.inputs, ...options.notices.files]

/** Where the output goes, pinned (see write/pinned-folder.ts) for the whole run: the `-o` file's folder, or the `--out-dir` site's. */
export interface OutputPlaces {
  file: OutputPlace | null
  site: SitePlace | null
}

/** Pins the output's folder and checks it, before anything is read; the output must be none of the inputs. */
export const pinOutputs = async (options: BuildOptions, io: JobIO): Promise<OutputPlaces> => {
  const places: OutputPlaces = { file: null, site: null }
  try {
    if (options.outDir !== null) {
      places.site = await pinSiteDir(options.outDir, io.cwd)
      await refuseSiteHoldingInputs(places.site, inputsOf(options), io.cwd)
    }
    if (options.output !== null) {
      places.file = await pinOutputFile(options.output, io.cwd)
      await refuseOutputFileAmongInputs(places.file, inputsOf(options), io.cwd)
    }
  } catch (e) {
    await closeOutputs(places)
    throw e
  }
  return places
}

export const closeOutputs = async (places: OutputPlaces): Promise<void> => {
  await places.file?.folder.close()
  await places.site?.parent.close()
}

/** Runs `job` with the output pinned and its file reserved (see Output), so nothing is read when it cannot be written. */
const withOutput = async <T>(options: BuildOptions, io: JobIO, job: (output: Output) => Promise<T>): Promise<T> => {
  const places = await pinOutputs(options, io)
  try {
    const file = places.file === null ? null : await ReservedFile.reserve(places.file)
    try {
      return await job({ file, site: places.site })
    } finally {
      file?.discard()
    }
  } finally {
    await closeOutputs(places)
  }
}

const buildInto = async (options: BuildOptions, io: JobIO, output: Output): Promise<BuildResult> => {
  const inputs = await openInputs(options.inputs, () => io.stdin, io.cwd)
  const opened = [...inputs]
  try {
    const stdinTaken = options.inputs.length === 0 || options.inputs.includes(STDIN)
    const noticeInputs = await openNoticeFiles(options.notices.files, () => io.stdin, stdinTaken, io.cwd)
    opened.push(...noticeInputs)
    const state = scanState(options, io)
    await scanWithProgress(inputs, state, options, io)

    const skippedLines = state.skipped.summary()
    if (options.strict && skippedLines) throw dataError(`--strict: ${skippedLines}`, 'nothing was written')

    const notices = await readNotices(noticeInputs, options.notices)
    if (options.strict && notices.skipped) throw dataError(`--strict: ${notices.skipped}`, 'nothing was written')

    const listing = listingOf(state, options, notices.notices)
    const published = await publishListing(listing, options, io, output, { ifChanged: options.ifChanged })
    if (published === 'unchanged') state.note(`${options.output} is unchanged, left as it was (--if-changed)`)

    if (skippedLines && !options.quiet) io.warn(skippedLines)
    if (notices.skipped && !options.quiet) io.warn(notices.skipped)
    return { rows: listing.rows.length, lines: state.skipped.lines, skipped: state.skipped.count, published }
  } finally {
    // what was read to its end is closed already; an input left unread (a failure on the way, or not needed) is let go of here
    await Promise.all(opened.map((input) => input.close()))
  }
}

// The steps of a build, which `watch` takes too.

/** What a scan of the inputs starts from: the criteria compiled, an empty newest-N heap, the read settings. */
export const scanState = (options: BuildOptions, io: JobIO): ScanState => ({
  accepts: recordFilter(options.criteria, { rule: options.shapes ? shapeRowRule(options.shapes) : defaultRowRule(), zone: options.tz }),
  // A token is decided among the lines of its second (see select/filters/token.ts): those that can still hold it are kept.
  newest: options.criteria.token === null
    ? new NewestN<AccessRecord>(options.limit, (record) => record.time)
    : new TokenSearch(options.criteria.token),
  skipped: new SkippedLines(options.verbose ? io.warn : null),
  read: readSettings(options.read, io.env),
  note: options.verbose ? io.warn : () => undefined,
  progress: { bytes: 0 },
  costlyLines: options.shapes !== null,
})

/** Scans the inputs into the state, with the progress line on a terminal. */
export const scanWithProgress = async (inputs: readonly OpenedInput[], state: ScanState, options: BuildOptions, io: JobIO): Promise<void> => {
  const total = inputs.every((input) => input.seekable) ? inputs.reduce((sum, input) => sum + (input.seekable?.size ?? 0), 0) : null
  const progress = startProgress(() => io.stderr, {
    bytes: () => state.progress.bytes,
    lines: () => state.skipped.lines,
    rows: () => Math.min(state.newest.size, options.limit),
  }, total, { quiet: options.quiet })
  try {
    await scanInputs(inputs, state, {
      fullScan: options.fullScan,
      toleranceSeconds: options.orderTolerance,
      partialOk: options.partialOk,
      warn: io.warn,
      backwardMinBytes: options.backwardMinBytes,
    })
  } finally {
    progress.stop()
  }
}

/** The page's content: its rows (tokens given now, from the heap), the search and the notices. */
export interface Listing {
  rows: ProfileRow[]
  data: ListingData
}

/** What page.hbs gets: the page data, and `watch --refresh`'s seconds (a meta refresh; none when absent or null). */
export type ListingData = PageData & { refresh?: number | null }

/** The listing the state holds now, with these notices. */
export const listingOf = (state: ScanState, options: BuildOptions, notices: Notice[]): Listing => {
  const { criteria } = options
  const listed = toProfileRows(state.newest.newestFirst(), options.tz)
  const rows = criteria.token === null ? listed : rowsWithToken(listed, criteria.token).slice(0, options.limit)
  return { rows, data: { rows, search: searchSummary(criteria, options.limit, options.tz), notices } }
}

/** Publishes the listing: the --out-dir site, or the page (or data) into the reserved file, or to stdout when there is none. */
export const publishListing = async (
  listing: Listing, options: BuildOptions, io: JobIO, output: Output, commit: CommitOptions,
): Promise<BuildResult['published']> => {
  const { rows, data: pageData } = listing
  if (output.site !== null) {
    await publishSite(output.site, renderSite(pageData))
    return 'written'
  }
  // made piece by piece as it is written: never the whole output in memory
  const page = options.emit === 'html' ? renderPage(pageData) : renderData(options.emit, rows, options.tz)
  if (output.file === null) {
    await writeToStdout(io.stdout, page)
    return 'stdout'
  }
  return output.file.commit(page, commit)
}
