/**
 * The steps of reading access logs that `build` and `watch` share: the
 * selection the options ask for, the context every input's lines are read
 * in, and the reading of the inputs into the selection (the spine:
 * source/plan-sources.ts → select/select-from.ts), with the progress line.
 */

import { availableParallelism } from 'node:os'
import { UserError } from '../errors.js'
import type { OpenedInput } from '../input/open-inputs.js'
import { startsPhpErrorOutput } from '../notices/recognise.js'
import type { Notice } from '../notices/php-notice.js'
import { logFormatText } from '../parse/format/log-format-option.js'
import { listedRows } from '../profile/listed-rows.js'
import { pageClock, pageStamp } from '../profile/page-stamp.js'
import { listingOf, type Listing } from '../render/listing.js'
import { searchSummary } from '../render/search-summary.js'
import type { Criteria } from '../select/criteria.js'
import { recordFilter } from '../select/record-filter.js'
import { ruledOutNote, type RuledOut } from '../select/ruled-out.js'
import { selectFrom, type ReadReach, type SelectOptions } from '../select/select-from.js'
import { NewestRecords, TokenRecords } from '../select/selection.js'
import { defaultRowRule, shapeRowRule } from '../select/shapes.js'
import { FLAT_LINES_FROM, type LogLinesContext } from '../source/log-lines.js'
import { NotThisFormatError } from '../source/format-probe.js'
import { NewestLine } from '../source/newest-line.js'
import { lineTimeReader } from '../source/line-time.js'
import { timeWindow, windowSides } from '../select/time-window.js'
import { searchLiterals } from '../select/line-literals.js'
import type { SearchLiterals } from '../source/log-lines.js'
import type { LineSide } from '../input/window-range.js'
import { planSources } from '../source/plan-sources.js'
import { readSettings } from '../source/read-settings.js'
import type { RecordSource } from '../source/record-source.js'
import { SkippedLines } from '../source/skipped-lines.js'
import type { ThreadedReading } from '../source/threaded-reading.js'
import { byCodePoints } from '../text/code-points.js'
import { threadedReading } from '../workers/threaded.js'
import type { WorkerJob } from '../workers/worker-job.js'
import { WorkerPool } from '../workers/worker-pool.js'
import { startProgress } from '../write/progress.js'
import type { BuildOptions } from './build-options.js'
import type { Environment, JobIO } from './job-io.js'

/** What the logs of a run are read into: the selection, and the context of each input's lines. */
export interface LogReading {
  selection: NewestRecords | TokenRecords
  lines: LogLinesContext
  /** `--verbose` notes; a no-op without it. */
  note: (line: string) => void
  /** The clock the page's stamp is read from (SOURCE_DATE_EPOCH, else the system's). */
  clock: () => number
  /** The lines each criterion ruled out, when counted (a served search); else null. See ruledOutNote. */
  ruledOut: RuledOut | null
}

/** The criteria compiled once, an empty selection, the read settings: nothing read yet. `counted`: count the lines each criterion rules out. */
export function startLogReading(options: BuildOptions, io: JobIO, counted = false): LogReading {
  const filter = recordFilter(options.criteria, { rule: options.shapes ? shapeRowRule(options.shapes) : defaultRowRule(), zone: options.tz }, counted)
  // A token is decided among the lines of its second (see select/filters/token.ts): those that can still hold it are kept.
  const selection = options.criteria.token === null
    ? new NewestRecords(filter, options.limit, options.orderTolerance * 1000)
    : new TokenRecords(filter, options.criteria.token, options.orderTolerance * 1000)
  const note = options.verbose ? io.warn : () => undefined
  return {
    selection,
    lines: {
      settings: readSettings(options.read, io.env), gate: selection, skipped: new SkippedLines(options.verbose ? io.warn : null), note, newest: new NewestLine(),
      ...(options.quiet ? {} : { warn: io.warn }),
      literals: lineLiterals(options),
      flatLines: options.limit >= FLAT_LINES_FROM,
    },
    note,
    clock: pageClock(io.env),
    ruledOut: filter.ruledOut,
  }
}

/**
 * Why the logs read gave no row, when the criteria were counted and the
 * selection kept no record (then every line read met each criterion up to
 * the one that ruled it out); null otherwise.
 */
export function whyNoRows(reading: LogReading, criteria: Criteria): string | null {
  return reading.ruledOut === null || reading.selection.size > 0 ? null : ruledOutNote(reading.ruledOut, criteria)
}

/**
 * Reads `inputs` into the selection, newest first across all of them and
 * from their end unless a full scan is asked for (select/select-from.ts),
 * with the progress line on a terminal; a large input on the run's workers
 * too (one per core, or `--threads`), which are ended with the reading.
 * `tables` (clickhouse:// inputs, already made into sources) are read side
 * by side with the files. Until `stop` is requested, if given (a server's
 * search); says how far it read.
 */
export async function readLogs(inputs: readonly OpenedInput[], reading: LogReading, options: BuildOptions, io: JobIO, tables: readonly RecordSource[] = [],
  stop?: SelectOptions['stop']): Promise<ReadReach> {
  // a run that keeps many records reads on one thread unless told otherwise: the workers' records would be held there and again here
  const threads = options.threads ?? (options.limit >= FLAT_LINES_FROM ? 1 : availableParallelism())
  const pool = threads > 1 ? io.workers ?? new WorkerPool(threads) : null
  try {
    return await readLogsWith(inputs, tables, reading, options, io, threaded(reading, options, io, pool), stop)
  } finally {
    if (pool !== null && pool !== io.workers) await pool.close()
  }
}

/** How the run reads on several threads: its job on the pool, if it has one (workers start as work comes). */
function threaded(reading: LogReading, options: BuildOptions, io: JobIO, pool: WorkerPool | null): ThreadedReading & { held(): number } {
  return threadedReading({
    pool, job: workerJob(options, io.env, reading.ruledOut !== null), sizes: options.threadSizes, lines: reading.lines, selection: reading.selection, ruledOut: reading.ruledOut,
  })
}

/** What the workers need of the options, as plain data (workers/worker-job.ts); `counted`: whether they count the lines each criterion rules out. */
export function workerJob(options: BuildOptions, env: Environment, counted = false): WorkerJob {
  const { read } = options
  return {
    criteria: options.criteria,
    counted,
    tz: options.tz,
    shapes: options.shapes,
    limit: options.limit,
    read: {
      logFormat: logFormatText(read.logFormat),
      jsonFields: read.jsonFields,
      logTz: read.logTz,
      clientIp: read.clientIp,
      trustedProxies: read.trustedProxies?.map((cidr) => cidr.text) ?? null,
      serverName: read.serverName ?? null,
    },
    env: env.TZ === undefined ? {} : { TZ: env.TZ },
    literals: lineLiterals(options),
  }
}

/** The search's literals, by which lines are passed over undecoded; none under --strict, which checks every line. */
function lineLiterals(options: BuildOptions): SearchLiterals | null {
  return options.strict || !options.passOver ? null : searchLiterals(options.criteria)
}

async function readLogsWith(inputs: readonly OpenedInput[], tables: readonly RecordSource[], reading: LogReading, options: BuildOptions, io: JobIO,
  threaded: ThreadedReading & { held(): number }, stop: SelectOptions['stop']): Promise<ReadReach> {
  const files = planSources(inputs, reading.lines, {
    fullScan: options.fullScan,
    backwardMinBytes: options.backwardMinBytes,
    // a config's shapes may make each line cost much: the event loop (and a stop signal) gets a turn now and then
    paced: options.shapes !== null,
    partialOk: options.partialOk,
    warn: io.warn,
    threaded,
    window: searchWindow(options, reading),
  })
  // tables by name, as the files are planned: the order a run's inputs were named in never changes what it reads
  const sources = [...[...tables].sort((a, b) => byCodePoints(a.label, b.label)), ...files]
  const read = { bytes: 0 }
  const total = tables.length === 0 && inputs.every((input) => input.seekable) ? inputs.reduce((sum, input) => sum + (input.seekable?.size ?? 0), 0) : null
  const progress = startProgress(() => io.stderr, {
    bytes: () => read.bytes,
    lines: () => reading.lines.skipped.lines,
    // the workers' records count too (at most the limit: some of them will not be kept)
    rows: () => Math.min(reading.selection.size + threaded.held(), options.limit),
  }, total, { quiet: options.quiet })
  try {
    return await selectFrom(sources, reading.selection, { stopEarly: !options.fullScan, note: reading.note, progress: read, stop })
  } catch (e) {
    throw withPhpHint(e)
  } finally {
    progress.stop()
  }
}

/** Where a line lies against the search's time window (a token's second, --from/--until), by the run's formats; null without one. */
function searchWindow(options: BuildOptions, reading: LogReading): LineSide | null {
  const window = timeWindow(options.criteria, options.tz, options.orderTolerance * 1000)
  return window === null ? null : windowSides(window, lineTimeReader(reading.lines.settings))
}

/** An input that is no access log but PHP's error output (error_log, nginx's error.log) is one meant for --notices: the hint says so. */
function withPhpHint(e: unknown): unknown {
  if (!(e instanceof NotThisFormatError) || !startsPhpErrorOutput(e.firstLine)) return e
  return new UserError(e.message, e.exitCode, 'it looks like PHP error output or an error log: read its notices with --notices FILE, and give the access log as input',
    { input: e.input, withoutLogContent: e.withoutLogContent })
}

/** The listing the selection holds now: its rows (tokens given now), the search, these notices. */
export function logListing(reading: LogReading, options: BuildOptions, notices: readonly Notice[], refresh: number | null = null): Listing {
  return listingOf(listedRows(reading.selection.newestFirst(), options.tz, options.criteria.token, options.limit), {
    anonymizeIp: options.anonymizeIp,
    search: searchSummary(options.criteria, options.limit, options.tz),
    notices,
    refresh,
    details: options.details,
    stamp: pageStamp(reading.clock(), reading.lines.newest.get(), options.tz, 'line', options.ifChanged),
  })
}
