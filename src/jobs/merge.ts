/**
 * The `merge` job: NDJSON rows written by `build --emit ndjson` on several
 * servers (files, .gz, or stdin) → the newest N across all of them, tokens
 * kept → any output format → file or stdout; the same spine as `build`,
 * with rows for records:
 *
 *   openPublisher → openInputs → RowSource per input → selectFrom → mergedListing → publish
 *
 * Lines that are not rows are skipped and summed up on stderr, as `build`
 * does with log lines.
 */

import { dataError } from '../errors.js'
import { openInputs } from '../input/open-inputs.js'
import { mergedProfileRows } from '../merge/merged-rows.js'
import type { ReadRow, RowSkipReason } from '../merge/read-row.js'
import { RowSource, type RowContext } from '../merge/row-source.js'
import type { DisplayZone } from '../record.js'
import { pageClock, pageStamp } from '../profile/page-stamp.js'
import type { EmitFormat } from '../render/emit-format.js'
import type { DetailOptions } from '../render/profile-detail.js'
import { listingOf } from '../render/listing.js'
import { schemaValidators } from '../row-format.js'
import { selectFrom } from '../select/select-from.js'
import { NewestItems } from '../select/selection.js'
import { SkippedLines } from '../source/skipped-lines.js'
import { openPublisher, type Publisher } from '../write/publisher.js'
import type { JobIO, JobResult } from './job-io.js'

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
  /** `--if-changed`: leave the output file and its mtime alone when the new content is the same (a page: apart from its stamp, until it is 10 minutes old). */
  ifChanged: boolean
  /** `--anonymize-ip`: the published addresses have their host part zeroed. */
  anonymizeIp: boolean
  /** `--hide-raw`, `--full-paths`: what the published details leave out. */
  details: DetailOptions
}

/** The output is pinned and reserved before anything is read (see write/publisher.ts). */
export async function merge(options: MergeOptions, io: JobIO): Promise<JobResult> {
  const clock = pageClock(io.env)
  const publisher = await openPublisher(
    { output: options.output, outDir: null, format: { emit: options.emit, zone: options.tz }, inputs: options.inputs },
    io.cwd, () => io.stdout,
  )
  try {
    return await mergeInto(publisher, options, io, clock)
  } finally {
    await publisher.close()
  }
}

async function mergeInto(publisher: Publisher, options: MergeOptions, io: JobIO, clock: () => number): Promise<JobResult> {
  const inputs = await openInputs(options.inputs, () => io.stdin, io.cwd)
  const selection = new NewestItems<ReadRow>(options.limit, (row) => row.at.key)
  const context: RowContext = { isRow: schemaValidators().row, skipped: new SkippedLines<RowSkipReason>(), read: { rows: 0 } }
  try {
    await selectFrom(inputs.map((input) => new RowSource(input, context)), selection, { stopEarly: false, note: () => undefined })
  } finally {
    // each input read is closed already; those after a failure are let go of here (closing one twice does nothing)
    await Promise.all(inputs.map((input) => input.close()))
  }

  const { skipped } = context
  const summary = skipped.summary()
  if (options.strict && summary) throw dataError(`--strict: ${summary}`, 'nothing was written')
  const read = selection.newestFirst()
  const rows = mergedProfileRows(read, options.tz)
  // every row is kept until newer ones push it out: the newest read is the first kept
  const newest = read[0] === undefined ? null : { time: read[0].at.time, offset: read[0].at.offset }
  const listing = listingOf(rows, {
    anonymizeIp: options.anonymizeIp, search: null, notices: [], refresh: null, details: options.details,
    stamp: pageStamp(clock(), newest, options.tz, 'row', options.ifChanged),
  })
  const published = await publisher.publish(listing, { ifChanged: options.ifChanged })
  if (summary) io.warn(summary)
  return { rows: listing.rows.length, lines: skipped.lines, skipped: skipped.count, published }
}
