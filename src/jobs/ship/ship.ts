/**
 * The `ship` job: access-log lines into a ClickHouse table, each with its
 * host, file, sequence number and the time our parser reads, so that
 * `build clickhouse://…` lists what `build` of the files lists, for any
 * number of servers.
 *
 *   connect → for each log: where it stopped (the table) → the rest of its
 *   files → follow the live file (as watch does: rotation, copytruncate)
 *
 * Lines go to a bounded buffer and from there in batches to the table
 * (inserter.ts). Exactly once across restarts and kills: the table says
 * where each file stopped (log-stream.ts), once no insert of a run before
 * (killed while the server stored it) is under way (running-inserts.ts). While the buffer is full the
 * files are not read on (the lines wait in them). `--once` ships what the
 * files hold and ends (a last line without its newline waits for the next
 * run). SIGINT, SIGTERM, SIGHUP: what is held is inserted if it can be
 * within the stop's grace, then exit 0.
 */

import { openRegularFile } from '../../input/file-chunks.js'
import { hostname } from 'node:os'
import { ClickHouseConnection } from '../../clickhouse/clickhouse-connection.js'
import { parseClickHouseUrl } from '../../clickhouse/clickhouse-url.js'
import { EXIT, usageError } from '../../errors.js'
import { FileFollower, type FileLines, type FileSinks, type FollowTiming } from '../../input/follow-file.js'
import type { LineSink } from '../../input/line-splitter.js'
import { LogLines } from '../../source/log-lines.js'
import { NewestLine } from '../../source/newest-line.js'
import { readSettings, type ReadOptions } from '../../source/read-settings.js'
import { SkippedLines } from '../../source/skipped-lines.js'
import { exitOnStopSignal, onStopSignal, StopRequest } from '../../stop.js'
import type { JobIO } from '../job-io.js'
import { firstLineTime } from './first-line-time.js'
import { checkMayInsert, Inserter } from './inserter.js'
import { generationSink, logFilesOf, partsToShip, plainGenerations, readPart, type LogFiles, type StreamPart } from './log-stream.js'
import { awaitInserts } from './running-inserts.js'
import { bufferLines, MAX_GENERATION, OFFSET_PLACES, RowBuffer } from './shipped-rows.js'
import { lineEnd, storedEnds } from './stored-lines.js'

export interface ShipOptions {
  inputs: string[]
  /** `--to`: the clickhouse:// URL of the table. */
  to: string
  /** `--host`: the host column (default: this machine's name). */
  host: string | null
  /** `--once`: ship what is there and end. */
  once: boolean
  /** `--batch-lines`: the most lines one insert sends. */
  batchRows: number
  /** `--batch-interval`: rows wait at most this long, ms. */
  intervalMs: number
  /** Lines held at most while the server cannot take them. */
  bufferRows: number
  read: ReadOptions
  verbose: boolean
  quiet: boolean
  follow: FollowTiming
  /** How often the followed files are looked at, ms. */
  pollMs: number
}

export interface ShipResult {
  /** Lines inserted by this run. */
  inserted: number
}

/** One log being shipped: its lines, and how far its generations got. */
interface Shipping {
  log: LogFiles
  /** Its lines are decided here (formats, `auto`); the valid ones go to the buffer (bufferRead). */
  lines: LogLines
  skipped: SkippedLines
  parts: StreamPart[]
  /** The next generation number to give. */
  nextGeneration: number
  /** Files cut (copytruncate) whose copy may hold lines not read yet: the last line read of each. */
  cuts: LastLine[]
}

/** The last line read of a generation (while following). */
interface LastLine {
  generation: number
  /** Its offset in the file; -1 for none (or an overlong one). */
  start: number
  text: string
}

export async function ship(options: ShipOptions, io: JobIO): Promise<ShipResult> {
  if (options.inputs.length === 0) throw usageError('ship needs the logs to ship', 'name them, e.g. /var/log/nginx/access.log')
  if (options.inputs.includes('-')) throw usageError('ship reads files, not stdin (-)', 'name the log files; ship follows them by name')
  const table = parseClickHouseUrl(options.to, io.env, io.cwd)
  if (table.skipUnavailableShards) {
    throw usageError(`${options.to}: ship reads where it stopped from every shard`, 'leave skip_unavailable_shards=1 to the URLs that read: ship would send again the lines a shard that does not answer holds')
  }
  const connection = ClickHouseConnection.open(table, 'ship')
  const stop = new StopRequest()
  const releaseExitCode = options.once ? () => undefined : exitOnStopSignal(EXIT.ok)
  const releaseStop = onStopSignal((signal) => {
    stop.request(signal)
    return shipped
  })
  let done = (): void => undefined
  const shipped = new Promise<void>((resolve) => {
    done = resolve
  })
  try {
    return await shipWith(connection, stop, options, io)
  } finally {
    releaseStop()
    if (!stop.requested) releaseExitCode()
    await connection.close()
    done()
  }
}

async function shipWith(connection: ClickHouseConnection, stop: StopRequest, options: ShipOptions, io: JobIO): Promise<ShipResult> {
  const host = options.host ?? hostname()
  const note = options.verbose ? io.warn : () => undefined
  const settings = readSettings(options.read, io.env)
  const buffer = new RowBuffer(host)
  const inserter = new Inserter(connection, buffer, {
    host, batchRows: options.batchRows, intervalMs: options.intervalMs, once: options.once, warn: io.warn, now: Date.now, stop,
  })
  const logFiles = logFilesOf(options.inputs, io.cwd)
  await checkMayInsert(connection)
  // an insert of a run before (killed, its insert still being stored) shows in the table only once it is done
  if (!(await awaitInserts(connection, host, logFiles.map((log) => log.live), { stop, warn: io.warn }))) return { inserted: 0 }
  const logs: Shipping[] = []
  for (const log of logFiles) {
    const skipped = new SkippedLines(options.verbose ? io.warn : null)
    const lines = new LogLines({ settings, gate: null, skipped, note, newest: new NewestLine() }, log.live, 'offsets', OFFSET_PLACES)
    const parts = await partsToShip(log, await storedEnds(connection, host, log.live), io.warn, (path) => firstLineTime(path, settings))
    const nextGeneration = Math.max(0, ...parts.map((part) => part.generation + 1))
    logs.push({ log, lines, skipped, parts, nextGeneration, cuts: [] })
  }
  const followers: FileFollower[] = []
  try {
    for (const shipping of logs) {
      const { log, lines, parts } = shipping
      const between = (): Promise<void> => {
        bufferRead(shipping, buffer)
        return inserter.room(options.once ? null : stop)
      }
      for (const part of parts) {
        if (stop.requested) break
        const followed = !options.once && part.path === log.live && log.liveNamed
        if (followed) continue
        note(`${part.path}: shipping from byte ${part.from} as generation ${part.generation}`)
        await readPart(part, lines, part.path !== log.live, between)
        lines.settle()
        bufferRead(shipping, buffer)
      }
      if (!options.once && log.liveNamed && !stop.requested) followers.push(await follow(shipping, io, options.follow))
    }
    if (options.once) {
      for (const shipping of logs) {
        shipping.lines.end()
        bufferRead(shipping, buffer)
      }
      await inserter.flush()
    } else {
      await followLoop(followers, logs, inserter, buffer, stop, options, io)
    }
  } finally {
    await Promise.all(followers.map((follower) => follower.close()))
  }
  for (const { log, skipped } of logs) {
    const summary = skipped.summary()
    if (summary && !options.quiet) io.warn(`${log.live}: not shipped: ${summary}`)
  }
  return { inserted: inserter.inserted }
}

/** The live file followed from where shipping stopped; each new file (a rotation, a copytruncate) a generation of its own. */
async function follow(shipping: Shipping, io: JobIO, timing: FollowTiming): Promise<FileFollower> {
  const { log, lines } = shipping
  const livePart = shipping.parts.find((part) => part.path === log.live)
  const lastOf = new Map<string, LastLine>()
  const sinks: FileSinks = {
    forFile(how: FileLines, key: string): LineSink {
      const before = lastOf.get(key)
      if (how === 'cut' && before !== undefined && before.start >= 0) shipping.cuts.push(before)
      let generation: number
      if (how === 'resumed' && livePart !== undefined) generation = livePart.generation
      else {
        generation = shipping.nextGeneration++
        if (generation >= MAX_GENERATION) throw usageError(`${log.live}: more generations than a sequence number holds`, 'start a new file name, or empty the table of this file')
        io.warn(`${log.live}: ${how === 'cut' ? 'cut (copytruncate)' : 'a new file'}; shipping it as generation ${generation}`)
      }
      const last: LastLine = { generation, start: -1, text: '' }
      lastOf.set(key, last)
      const sink = generationSink(lines, generation)
      return {
        line(text, start) {
          last.start = start
          last.text = text
          sink.line(text, start)
        },
        tooLong(head, start) {
          last.start = -1
          sink.tooLong(head, start)
        },
      }
    },
  }
  const follower = new FileFollower(log.live, log.live, sinks, { warn: io.warn, note: io.warn }, timing)
  if (livePart === undefined) {
    await follower.start(null)
    return follower
  }
  const handle = await openRegularFile(log.live).catch(() => null)
  await follower.start(handle === null ? null : { handle, offset: livePart.from, midLine: false })
  return follower
}

/** The lines a log's LogLines decided since asked last: the valid ones into the buffer, as rows of the log. */
function bufferRead(shipping: Shipping, buffer: RowBuffer): void {
  bufferLines(shipping.lines.takeBatch(), shipping.log.live, buffer)
}

/** Polls the followers while the buffer has room, inserts what is due, until a stop. */
async function followLoop(followers: FileFollower[], logs: Shipping[], inserter: Inserter, buffer: RowBuffer, stop: StopRequest, options: ShipOptions, io: JobIO): Promise<void> {
  let full = false
  while (!stop.requested) {
    if (buffer.rows < options.bufferRows) {
      if (full) io.warn(`reading the logs on (${buffer.rows} lines held)`)
      full = false
      for (const follower of followers) await follower.poll()
      for (const shipping of logs) {
        await readCopies(shipping, () => {
          bufferRead(shipping, buffer)
          return inserter.room(stop)
        }, io)
        shipping.lines.settle()
        bufferRead(shipping, buffer)
      }
    } else if (!full) {
      full = true
      io.warn(`holding ${buffer.rows} lines, the most it holds: the logs are read on once the server takes them (their lines wait in the files)`)
    }
    await inserter.tick()
    await stop.sleep(options.pollMs)
  }
  // stopped: what is held goes in if the server takes it within the stop's grace
  await inserter.flush(null).catch(() => undefined)
}

/**
 * After a copytruncate: the lines written between the last poll and the
 * copy are in the copy beside the log (access.log.1), after the last line
 * read; they are shipped as the generation they belong to.
 */
async function readCopies(shipping: Shipping, between: () => Promise<void>, io: JobIO): Promise<void> {
  const { log, lines } = shipping
  for (const cut of shipping.cuts.splice(0)) {
    let found = false
    for (const path of await plainGenerations(log.live)) {
      const end = await lineEnd(path, cut.start, cut.text)
      if (end === null) continue
      found = true
      await readPart({ path, from: end, generation: cut.generation }, lines, true, between)
      break
    }
    if (!found) io.warn(`${log.live}: cut (copytruncate), but no copy beside it holds the line at byte ${cut.start}; lines written after it and before the cut are not shipped`)
  }
}
