/**
 * The `watch` job: the page is built once, as `build` builds it (reading
 * large logs from their end), then the logs are followed and the page is
 * published again, atomically, whenever what it lists changed, at most once
 * per interval. The newest-N heap stays in memory, so an update costs the
 * bytes appended, not the log; memory is bounded by `--limit`.
 *
 * Each tick (POLL_MS, or the interval when shorter) reads what the followed
 * files gained; when a record was kept or a notice came and the interval
 * since the last publish has passed, the listing is made from the heap
 * (tokens per page, as always) and published if its key differs. Reading
 * right before publishing keeps the time from a line's write to its page
 * under one interval and a tick.
 *
 * Until the first page is written, a problem ends the run as it ends a
 * build (exit 1 or 2). After it, a problem (an input gone, a failed write)
 * is one line on stderr and the watch goes on; a failed write is tried
 * again at the next change. SIGINT, SIGTERM and SIGHUP end it with exit 0
 * and no temporary file left. It ends by itself only when nothing is left
 * to follow: every input was history or a stream that ended.
 */

import { EXIT, isUserError } from '../errors.js'
import type { FollowTiming } from '../input/follow-file.js'
import { openInputs, STDIN, type OpenedInput } from '../input/open-inputs.js'
import { watchedInputs } from '../input/watched-inputs.js'
import { noticeCollector, openNoticeFiles, skippedNotices } from '../notices/read-notices.js'
import { pageKey } from '../render/page-key.js'
import { placesAfterScan, type ScanState } from '../scan/scan-state.js'
import { SkippedLines } from '../scan/skipped-lines.js'
import { checkCriteria } from '../select/criteria.js'
import { ReservedFile } from '../write/atomic-file.js'
import { exitOnStopSignal, onStopSignal } from '../write/stop-signals.js'
import {
  closeOutputs, listingOf, pinOutputs, publishListing, scanState, scanWithProgress, type BuildOptions, type Listing, type Output, type OutputPlaces,
} from './build.js'
import type { JobIO } from './job-io.js'
import { followLog, followNotices, type Followed } from './watch-inputs.js'

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

/** How often the followed files are looked at. */
export const POLL_MS = 250

/** A stop signal's request, and a sleep it cuts short. */
const stopSwitch = () => {
  let wake: (() => void) | null = null
  const stop = {
    requested: false,
    request: () => {
      stop.requested = true
      wake?.()
    },
    sleep: (ms: number) => new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms)
      function done(): void {
        clearTimeout(timer)
        wake = null
        resolve()
      }
      wake = done
    }),
  }
  return stop
}

export const watch = async (options: WatchOptions, io: JobIO): Promise<WatchResult> => {
  checkCriteria(options.criteria)
  // pinned once: every publish of the watch goes into the folders checked now, whatever their paths become
  const places = await pinOutputs(options, io)
  try {
    return await watchInto(options, io, places)
  } finally {
    await closeOutputs(places)
  }
}

const watchInto = async (options: WatchOptions, io: JobIO, places: OutputPlaces): Promise<WatchResult> => {
  const stop = stopSwitch()
  let sayAtEnd = (): void => undefined
  const releaseExitCode = exitOnStopSignal(EXIT.ok)
  const releaseStop = onStopSignal(() => {
    stop.request()
    sayAtEnd()
  })
  const followed: Followed[] = []
  // every input opened, so one not yet (or never) handed to a follower is closed too (closing one twice does nothing)
  const opened: OpenedInput[] = []
  try {
    const first = places.file === null ? null : await ReservedFile.reserve(places.file)
    let started: Started
    try {
      started = await start(options, io, { file: first, site: places.site }, followed, opened)
    } finally {
      first?.discard()
    }
    sayAtEnd = () => {
      // said once, at the end
      sayAtEnd = () => undefined
      const skippedLines = started.state.skipped.summary()
      if (skippedLines && !options.quiet) io.warn(`while following: ${skippedLines}`)
    }
    const result = await follow(options, io, started, followed, stop, places)
    sayAtEnd()
    return result
  } finally {
    releaseStop()
    // after a stop signal its handler ends the process with exit 0 once the cleanups ran, maybe after this
    // returns (streams alone are polled without I/O): the exit code stays set for it
    if (!stop.requested) releaseExitCode()
    await Promise.all(followed.map((input) => input.close()))
    await Promise.all(opened.map((input) => input.close()))
  }
}

/** What the first publish leaves for the rest of the watch. */
interface Started {
  state: ScanState
  /** The listing now, from the heap and the notices. */
  listing: () => Listing
  /** Set when a record was kept or a notice came since the last look. */
  changes: { pending: boolean }
  key: string
}

/**
 * Opens the inputs (added to `opened`), builds and publishes the first page, and sets up the followers (added to
 * `followed` as they are made).
 */
const start = async (options: WatchOptions, io: JobIO, output: Output, followed: Followed[], opened: OpenedInput[]): Promise<Started> => {
  const inputs = await openInputs(options.inputs, () => io.stdin, io.cwd)
  opened.push(...inputs)
  const stdinTaken = options.inputs.length === 0 || options.inputs.includes(STDIN)
  const logs = await watchedInputs(inputs, io.cwd)
  const noticeInputs = await openNoticeFiles(options.notices.files, () => io.stdin, stdinTaken, io.cwd)
  opened.push(...noticeInputs)
  const noticeFiles = await watchedInputs(noticeInputs, io.cwd)
  const state = scanState(options, io)
  const notices = noticeCollector(options.notices)
  const changes = { pending: false }
  const context = {
    // lines read while following are counted apart from those of the first page
    state: { ...state, skipped: new SkippedLines(options.verbose ? io.warn : null) },
    place: placesAfterScan(logs.length),
    changed: () => void (changes.pending = true),
    notices,
    messages: { warn: io.warn, note: state.note },
    timing: options.follow,
  }
  // made before anything is read, so the files they hold are closed whatever happens next
  for (const input of logs) pushIf(followed, await followLog(input, context))
  const scanned = logs.flatMap((input) => input.kind === 'live' ? [input.scanned] : input.kind === 'history' ? [input.input] : [])
  await scanWithProgress(scanned, state, options, io)
  for (const input of noticeFiles) {
    if (input.kind !== 'stream') await notices.read(input.kind === 'live' ? input.scanned : input.input)
    pushIf(followed, await followNotices(input, context))
  }
  const listing = (): Listing => {
    const now = listingOf(state, options, notices.picked())
    return { ...now, data: { ...now.data, refresh: options.refresh } }
  }
  const first = listing()
  await publishListing(first, options, io, output, { ifChanged: true })
  const skippedLines = state.skipped.summary()
  if (skippedLines && !options.quiet) io.warn(skippedLines)
  const skippedNoticeLines = skippedNotices(notices.skipped)
  if (skippedNoticeLines && !options.quiet) io.warn(skippedNoticeLines)
  return { state: context.state, listing, changes, key: pageKey(first.rows, first.data.notices ?? []) }
}

const pushIf = <T>(list: T[], item: T | null): void => {
  if (item !== null) list.push(item)
}

/** Follows the inputs and publishes each change, until stopped or nothing is left to follow. */
const follow = async (
  options: WatchOptions, io: JobIO, started: Started, followed: Followed[], stop: ReturnType<typeof stopSwitch>, places: OutputPlaces,
): Promise<WatchResult> => {
  const publish = republisher(options, io, started.key, places)
  const tick = Math.min(POLL_MS, options.intervalMs)
  let nextPublish = Date.now() + options.intervalMs
  for (;;) {
    for (const input of [...followed]) {
      try {
        await input.poll()
      } catch (e) {
        if (!isUserError(e)) throw e
        io.warn(`${e.message}; ${input.label} is not read any more`)
        followed.splice(followed.indexOf(input), 1)
        await input.close()
      }
    }
    if (stop.requested) break
    const over = followed.every((input) => input.ended())
    const now = Date.now()
    if (started.changes.pending && (now >= nextPublish || over)) {
      started.changes.pending = false
      nextPublish = now + options.intervalMs
      await publish(started.listing())
    }
    if (over) break
    await stop.sleep(started.changes.pending ? Math.min(tick, Math.max(0, nextPublish - now)) : tick)
  }
  return { published: publish.count }
}

/**
 * Publishes a listing when its key differs from the last one written. A
 * failed write is one message (not repeated while the same failure lasts),
 * and is tried again at the next change; a write after failures says so.
 */
const republisher = (options: WatchOptions, io: JobIO, firstKey: string, places: OutputPlaces) => {
  let written = firstKey
  let failure: string | null = null
  const target = options.output ?? `--out-dir ${options.outDir}`
  const publish = async (listing: Listing): Promise<void> => {
    const key = pageKey(listing.rows, listing.data.notices ?? [])
    if (key === written) return
    try {
      const file = places.file === null ? null : await ReservedFile.reserve(places.file)
      try {
        await publishListing(listing, options, io, { file, site: places.site }, {})
      } finally {
        file?.discard()
      }
    } catch (e) {
      if (!isUserError(e)) throw e
      const message = `${e.message} (tried again at the next change)`
      if (message !== failure) io.warn(message)
      failure = message
      return
    }
    written = key
    publish.count++
    if (failure !== null) io.warn(`${target}: written again`)
    failure = null
  }
  publish.count = 1
  return publish
}
