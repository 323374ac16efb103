/**
 * The one way every command reads access logs: the inputs of the options
 * (files, stdin, clickhouse:// tables) opened, the criteria compiled into a
 * selection, the inputs read into it through the spine (log-reading.ts:
 * planSources → selectFrom), and what stays open handed back. `build` and a
 * server's search read once; `watch` and the server's default rows also
 * follow the logs from where the reading stopped (follow/).
 *
 *   openInputs → startLogReading → (followers) → readLogs → (table followers)
 */

import { followedTables, parseTables, splitInputs, tableSources } from '../clickhouse/table-inputs.js'
import { usageError } from '../errors.js'
import type { FollowMessages, FollowTiming } from '../input/follow-file.js'
import { openInputs, type OpenedInput } from '../input/open-inputs.js'
import { watchedInputs, type WatchedInput } from '../input/watched-inputs.js'
import type { NoticeCollector } from '../notices/read-notices.js'
import type { ReadReach } from '../select/select-from.js'
import { ArrivalPlaces } from '../source/batch.js'
import type { LogLinesContext } from '../source/log-lines.js'
import { SkippedLines } from '../source/skipped-lines.js'
import type { BuildOptions } from './build-options.js'
import { FollowedLog, type Followed, type FollowContext } from './follow/followed-inputs.js'
import type { JobIO } from './job-io.js'
import { logFiles } from './build-options.js'
import { readLogs, startLogReading, type LogReading } from './log-reading.js'

/** How the logs are read besides the options. */
export interface ReadHow {
  /** Ends the reading between two batches once requested (a server's search past its deadline, a stop signal). */
  stop?: { readonly requested: boolean }
  /** Count what ruled out the lines read (serve says so of a search that finds nothing). */
  countRuledOut?: boolean
  /** Follow the logs after reading them: the notices their followers feed, and how files are looked after. */
  follow?: { notices: NoticeCollector; timing: FollowTiming; sayWhatIsSkipped: boolean }
  /** A stream cannot be read again (a server's searches read the logs each time): exit 2 for one. */
  noStreams?: string
}

export interface LogsRead {
  reading: LogReading
  reach: ReadReach
  /** The followers of the live logs and tables (with `follow`), each reading on from where the scan stopped. */
  followed: Followed[]
  /** The logs as watched (with `follow`): live files, history, streams. */
  logs: WatchedInput[]
  /** The context of the lines read while following (with `follow`): their own skipped-line counts. */
  following: FollowContext | null
  /** Lets go of every input still open (the followers' too). */
  close: () => Promise<void>
}

/**
 * Reads the logs of `options` into a new selection. A problem ends it as it
 * ends a build (exit 1 or 2), every input let go of; after a stop the
 * selection holds what was read (`reach` says how far).
 */
export async function readIntoSelection(options: BuildOptions, io: JobIO, how: ReadHow = {}): Promise<LogsRead> {
  const tables = parseTables(splitInputs(options.inputs).tables, io.env, io.cwd)
  const files = logFiles(options)
  const inputs = files === null ? [] : await openInputs(files, () => io.stdin, io.cwd)
  const open: { close(): Promise<void> }[] = [...inputs]
  const followed: Followed[] = []
  async function close(): Promise<void> {
    await Promise.all(followed.map((input) => input.close()))
    await Promise.all(open.map((input) => input.close()))
  }
  try {
    const stream = how.noStreams === undefined ? undefined : inputs.find((input) => input.stream)
    if (stream) throw usageError(`${how.noStreams} cannot read ${stream.label}: it is a stream, and each search reads the logs again`, 'give log files')
    const reading = startLogReading(options, io, how.countRuledOut ?? false)
    const logs = how.follow === undefined ? [] : await watchedInputs(inputs, io.cwd)
    const following = how.follow === undefined ? null : followContext(reading, logs.length + tables.length, how.follow, { warn: io.warn, note: reading.note }, options, io)
    // made before anything is read, so the files they hold are closed whatever happens next
    if (following !== null) for (const input of logs) pushIf(followed, await FollowedLog.of(input, following))
    const sources = tableSources(tables, reading.lines, options, inputs.length)
    open.push(...sources)
    const reach = await readLogs(following === null ? inputs : logs.flatMap(scannedPart), reading, options, io, sources, how.stop)
    if (following !== null) followed.push(...followedTables(sources, following.lines, reading.selection, following.places, options.orderTolerance, io.warn))
    return { reading, reach, followed, logs, following, close }
  } catch (e) {
    await close()
    throw e
  }
}

/** The context of the lines read while following: the scan's selection, their own skipped-line counts, places after every one of the scan's. */
function followContext(reading: LogReading, inputs: number, follow: NonNullable<ReadHow['follow']>, messages: FollowMessages, options: BuildOptions, io: JobIO): FollowContext {
  const lines: LogLinesContext = { ...reading.lines, skipped: new SkippedLines(options.verbose && follow.sayWhatIsSkipped ? io.warn : null) }
  return { lines, selection: reading.selection, places: new ArrivalPlaces(inputs), notices: follow.notices, messages, timing: follow.timing }
}

/** What the scan reads of a watched input: a live file up to where following starts, history whole; a stream only while followed. */
export function scannedPart(input: WatchedInput): OpenedInput[] {
  return input.kind === 'live' ? [input.scanned] : input.kind === 'history' ? [input.input] : []
}

function pushIf<T>(list: T[], item: T | null): void {
  if (item !== null) list.push(item)
}
