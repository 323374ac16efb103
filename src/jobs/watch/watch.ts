/**
 * The `watch` job: the page is built once, as `build` builds it (the same
 * spine: large logs read from their end), then the logs are followed and
 * the page is published again, atomically, whenever what it lists changed,
 * at most once per interval (follow-loop.ts): each change is the spine
 * again, a batch of what the logs gained into the same selection. The
 * selection stays in memory, so an update costs the bytes appended, not the
 * log; memory is bounded by `--limit`.
 *
 *   openPublisher → readIntoSelection (with followers) → publish → followChanges
 *
 * Until the first page is written, a problem ends the run as it ends a
 * build (exit 1 or 2). After it, a problem (an input gone, a failed write)
 * is one line on stderr and the watch goes on. SIGINT, SIGTERM and SIGHUP
 * end it with exit 0 and no temporary file left, heard between two batches
 * of lines, the first page's reading too. It ends by itself only
 * when nothing is left to follow: every input was history or a stream that
 * ended.
 */

import { EXIT } from '../../errors.js'
import type { FollowTiming } from '../../input/follow-file.js'
import type { OpenedInput } from '../../input/open-inputs.js'
import { watchedInputs } from '../../input/watched-inputs.js'
import { noticeCollector, openNoticeFiles, skippedNotices, type NoticeCollector } from '../../notices/read-notices.js'
import type { Listing } from '../../render/listing.js'
import { checkCriteria } from '../../select/criteria.js'
import { SkippedLines } from '../../source/skipped-lines.js'
import { exitOnStopSignal, onStopSignal, StopRequest } from '../../stop.js'
import { openPublisher, type Publisher } from '../../write/publisher.js'
import { inputsRead, logsReadStdin, type BuildOptions } from '../build-options.js'
import type { JobIO } from '../job-io.js'
import { logListing, type LogReading } from '../log-reading.js'
import { readIntoSelection } from '../read-into-selection.js'
import { followChanges } from './follow-loop.js'
import { FollowedNotices, type Followed, type FollowContext } from '../follow/followed-inputs.js'
import { Republisher } from './republisher.js'

export interface WatchOptions extends BuildOptions {
  /** `--interval`: the page is published at most once per this many milliseconds. */
  intervalMs: number
  /** `--refresh`: the page asks a browser to load it again after this many seconds; null for never. */
  refresh: number | null
  /** How followed files are looked after (tests shorten it). */
  follow: FollowTiming
}

export interface WatchResult {
  /** Pages published, the first one included. */
  published: number
}

export async function watch(options: WatchOptions, io: JobIO): Promise<WatchResult> {
  checkCriteria(options.criteria)
  // a stop signal ends the watch, as a service manager expects of a clean stop: exit 0; from before the
  // output is opened, which reserves its temporary file: a signal then ended the process by the signal
  const stop = new StopRequest()
  const releaseExitCode = exitOnStopSignal(EXIT.ok)
  // the process ends once the watch has ended its loop and said what it skipped (or after the stop's grace)
  let ended = (): void => undefined
  const watchEnded = new Promise<void>((resolve) => {
    ended = resolve
  })
  const releaseStop = onStopSignal((signal) => {
    stop.request(signal)
    return watchEnded
  })
  let publisher: Publisher | null = null
  const followed: Followed[] = []
  // every input opened, so one not yet (or never) handed to a follower is closed too (closing one twice does nothing)
  const opened: OpenedInput[] = []
  try {
    // pinned once: every publish of the watch goes into the folders checked now, whatever their paths become
    publisher = await openPublisher(
      { output: options.output, outDir: options.outDir, format: { emit: options.emit, zone: options.tz }, inputs: inputsRead(options) },
      io.cwd, () => io.stdout,
    )
    return await watchWith(publisher, { followed, opened }, stop, options, io)
  } finally {
    releaseStop()
    // after a stop signal its handler ends the process with exit 0 once this has ended: the exit code stays set for it
    if (!stop.requested) releaseExitCode()
    await Promise.all(followed.map((input) => input.close()))
    await Promise.all(opened.map((input) => input.close()))
    await publisher?.close()
    ended()
  }
}

/** What the watch holds open, closed whatever happens: the inputs as they are opened, the followers as they are made. */
interface Held {
  followed: Followed[]
  opened: Pick<OpenedInput, 'close'>[]
}

/** The first page, then the changes. */
async function watchWith(publisher: Publisher, held: Held, stop: StopRequest, options: WatchOptions, io: JobIO): Promise<WatchResult> {
  const { followed } = held
  const noticeInputs = await openNoticeFiles(options.notices.files, () => io.stdin, logsReadStdin(options), io.cwd)
  held.opened.push(...noticeInputs)
  const noticeFiles = await watchedInputs(noticeInputs, io.cwd)
  const notices = noticeCollector(options.notices)
  // a stop signal is heard while the first page is read, as while following: a large log does not hold the watch past it
  const read = await readIntoSelection(options, io, { stop, follow: { notices, timing: options.follow, sayWhatIsSkipped: true } })
  held.opened.push(read)
  followed.push(...read.followed)
  const { reading, following } = read
  if (stop.requested) {
    // a stop is said under --verbose only, as every stop of a watch is exit 0 without a word
    reading.note(`stopped by ${stop.reason as NodeJS.Signals} while reading the logs for the first page; nothing published`)
    return { published: 0 }
  }
  const context = following as FollowContext
  for (const input of noticeFiles) {
    if (input.kind !== 'stream') await notices.read(input.kind === 'live' ? input.scanned : input.input)
    pushIf(followed, await FollowedNotices.of(input, context))
  }
  const first = listingNow(reading, notices, options)
  await publisher.publish(first, { ifChanged: true })
  sayWhatWasSkipped(reading.lines.skipped, notices, options, io)

  const republisher = new Republisher(publisher, first, io.warn)
  await followChanges(followed, republisher, stop, { intervalMs: options.intervalMs, listing: () => listingNow(reading, notices, options), warn: io.warn })
  const skippedWhileFollowing = context.lines.skipped.summary()
  if (skippedWhileFollowing && !options.quiet) io.warn(`while following: ${skippedWhileFollowing}`)
  return { published: republisher.count }
}

function listingNow(reading: LogReading, notices: NoticeCollector, options: WatchOptions): Listing {
  return logListing(reading, options, notices.picked(), options.refresh)
}

function sayWhatWasSkipped(skipped: SkippedLines, notices: NoticeCollector, options: WatchOptions, io: JobIO): void {
  if (options.quiet) return
  const skippedLines = skipped.summary()
  if (skippedLines) io.warn(skippedLines)
  const skippedNoticeLines = skippedNotices(notices.skipped)
  if (skippedNoticeLines) io.warn(skippedNoticeLines)
}

function pushIf<T>(list: T[], item: T | null): void {
  if (item !== null) list.push(item)
}
