/**
 * What a build is asked to do, complete: the command line (or a test) fills
 * in the defaults, the jobs apply none of their own.
 */

import { splitInputs } from '../clickhouse/table-inputs.js'
import { STDIN } from '../input/open-inputs.js'
import type { NoticesOptions } from '../notices/read-notices.js'
import type { DisplayZone } from '../record.js'
import type { EmitFormat } from '../render/emit-format.js'
import type { DetailOptions } from '../render/profile-detail.js'
import type { Criteria } from '../select/criteria.js'
import type { ShapeSettings } from '../select/shapes.js'
import type { ReadOptions } from '../source/read-settings.js'
import type { ThreadSizes } from '../source/threaded-reading.js'

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
  /** `--if-changed`: leave the output file and its mtime alone when the new content is the same (a page: apart from its stamp, until it is 10 minutes old). */
  ifChanged: boolean
  /** `--partial-ok`: an input that breaks off (a truncated .gz) keeps the lines read before the break. */
  partialOk: boolean
  /** `--notices` and its options: PHP Deprecated notices shown before the page (no files: none). */
  notices: NoticesOptions
  /** The request shapes from a config file; null for the documented defaults. */
  shapes: ShapeSettings | null
  /** How lines are read: `--log-format`, `--json-fields`, `--log-tz`, `--client-ip`, `--trusted-proxy`, and whose they are (`--server-name`). */
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
  /** `--anonymize-ip`: the published addresses have their host part zeroed (after selection: the filters read the real ones). */
  anonymizeIp: boolean
  /** `--hide-raw`, `--full-paths`: what the published details leave out. */
  details: DetailOptions
  /** Plain files at least this large are read from their end (BACKWARD_MIN_BYTES; tests lower it). */
  backwardMinBytes: number
  /** `--threads`: threads that parse a large input (1: the main thread alone; more: workers, while it reads); null for one per core. */
  threads: number | null
  /** The sizes from which inputs are read on several threads (THREAD_SIZES; tests lower them). */
  threadSizes: ThreadSizes
  /** Lines without the search's literals are passed over undecoded (select/line-literals.ts; a test compares with every line parsed). Never under --strict. */
  passOver: boolean
}

/** The paths a run reads (logs, notices files): its output must be none of them. */
export function inputsRead(options: BuildOptions): string[] {
  return [...logFiles(options) ?? [], ...options.notices.files]
}

/** The log files a run opens: none when it names only clickhouse:// tables (no stdin then). */
export function logFiles(options: BuildOptions): string[] | null {
  const { files, tables } = splitInputs(options.inputs)
  return files.length === 0 && tables.length > 0 ? null : files
}

/** Whether the run reads stdin for its logs (none given, or `-`): then a notices file cannot be `-` too. */
export function logsReadStdin(options: BuildOptions): boolean {
  return options.inputs.length === 0 || options.inputs.includes(STDIN)
}
