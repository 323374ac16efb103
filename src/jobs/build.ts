/**
 * The `build` job, end to end: the output opened (pinned, reserved), the
 * notices files opened, the logs read into the selection
 * (read-into-selection.ts), the listing made and published:
 *
 *   openPublisher → openNoticeFiles → readIntoSelection → logListing → publish
 *
 * I/O happens here and at the edges it calls; everything between is pure.
 */

import { dataError } from '../errors.js'
import { STDIN } from '../input/open-inputs.js'
import { openNoticeFiles, readNotices } from '../notices/read-notices.js'
import { checkCriteria } from '../select/criteria.js'
import { openPublisher, type Publisher } from '../write/publisher.js'
import { inputsRead, logsReadStdin, type BuildOptions } from './build-options.js'
import type { JobIO, JobResult } from './job-io.js'
import { logListing } from './log-reading.js'
import { readIntoSelection } from './read-into-selection.js'

/** Checks what it can before reading: the criteria, then the output (pinned and reserved until written). */
export async function build(options: BuildOptions, io: JobIO): Promise<JobResult> {
  checkCriteria(options.criteria)
  const publisher = await openPublisher(
    { output: options.output, outDir: options.outDir, format: { emit: options.emit, zone: options.tz }, inputs: inputsRead(options) },
    io.cwd, () => io.stdout,
  )
  try {
    return await buildInto(publisher, options, io)
  } finally {
    await publisher.close()
  }
}

async function buildInto(publisher: Publisher, options: BuildOptions, io: JobIO): Promise<JobResult> {
  const noticeInputs = await openNoticeFiles(options.notices.files, () => io.stdin, logsReadStdin(options), io.cwd)
  try {
    const { reading, close } = await readIntoSelection(options, io)
    // what was read to its end is closed already; a table's connection, or an input left unread, is let go of here
    await close()
    const { skipped } = reading.lines
    const skippedLines = skipped.summary()
    if (options.strict && skippedLines) throw dataError(`--strict: ${skippedLines}`, 'nothing was written')
    const notices = await readNotices(noticeInputs, options.notices)
    if (options.strict && notices.skipped) throw dataError(`--strict: ${notices.skipped}`, 'nothing was written')

    const listing = logListing(reading, options, notices.notices)
    const published = await publisher.publish(listing, { ifChanged: options.ifChanged })
    if (published === 'unchanged') reading.note(`${publisher.name} is unchanged, left as it was (--if-changed)`)

    if (skippedLines && !options.quiet) io.warn(skippedLines)
    if (skipped.lines === 0 && !options.quiet) io.warn(noLinesRead(options.inputs))
    if (notices.skipped && !options.quiet) io.warn(notices.skipped)
    return { rows: listing.rows.length, lines: skipped.lines, skipped: skipped.count, published }
  } finally {
    await Promise.all(noticeInputs.map((input) => input.close()))
  }
}

/** What a run that read no line at all says (the page says `0 results found` and `no line read`): the inputs are empty. */
export function noLinesRead(inputs: readonly string[]): string {
  const names = inputs.length === 0 ? ['stdin'] : inputs.map((input) => (input === STDIN ? 'stdin' : input))
  return `no lines read: ${names.join(', ')} ${names.length === 1 ? 'is' : 'are'} empty`
}
