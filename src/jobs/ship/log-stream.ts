/**
 * One log as `ship` sends it: a host's file by its live name
 * (/var/log/nginx/access.log) with its rotated generations (access.log.1,
 * access.log.2.gz), one `file` in the table whose sequence numbers go on
 * across rotations (shipped-rows.ts).
 *
 * At start it asks the table where it stopped (stored-lines.ts) and finds
 * that line in the files (the live one, the generations named, those
 * beside it: plain ones first, then compressed ones that may hold it):
 * what follows it is shipped, then each newer file as a generation of its
 * own. A table without lines of this file takes every file named, oldest
 * first (the generations beside it not named are said, not shipped). A
 * stored line found nowhere (logrotate deleted the generation that held it
 * while no ship ran) is said: the generations on disk whose first line is
 * not older than it are shipped, oldest first, then the live file from its
 * start, and stderr says from when to when lines may be lost (how many
 * cannot be known: the file that held them is gone).
 */

import { readdir } from 'node:fs/promises'
import { openRegularFile } from '../../input/file-chunks.js'
import { basename, dirname, join, resolve } from 'node:path'
import { errnoWords, usageError } from '../../errors.js'
import { LineSplitter, type LineSink } from '../../input/line-splitter.js'
import { openFileInput } from '../../input/open-inputs.js'
import { splitLines } from '../../input/lines.js'
import { generation } from '../../input/rotation.js'
import { MAX_GENERATION, sequence } from './shipped-rows.js'
import { lineEnd, type StoredLine } from './stored-lines.js'

/** A file of the stream to read, from `from`, as generation `generation`. */
export interface StreamPart {
  path: string
  from: number
  generation: number
}

/** The files of one log: the live name and the generations named, oldest first. */
export interface LogFiles {
  /** The live log's path: the `file` of its rows. */
  live: string
  /** The paths named, oldest first (the live one last, when named). */
  named: string[]
  /** Whether the live file itself was named (and so is followed). */
  liveNamed: boolean
}

/** The inputs grouped by log, each log's files oldest first, in the order the logs were first named. */
export function logFilesOf(inputs: readonly string[], cwd: string): LogFiles[] {
  const logs = new Map<string, LogFiles>()
  for (const input of inputs) {
    const path = resolve(cwd, input)
    const { base } = generation(basename(path))
    const live = join(dirname(path), base)
    const log = logs.get(live) ?? { live, named: [], liveNamed: false }
    if (!log.named.includes(path)) log.named.push(path)
    if (path === live) log.liveNamed = true
    logs.set(live, log)
  }
  for (const log of logs.values()) log.named.sort((a, b) => ageOf(b) - ageOf(a))
  return [...logs.values()]
}

function ageOf(path: string): number {
  return generation(basename(path)).age
}

/** The generations beside the live log (access.log.1, access.log.2.gz, access.log-20261121), newest first. */
async function generationsBeside(live: string): Promise<string[]> {
  const names = await readdir(dirname(live)).catch(() => [] as string[])
  return names
    .filter((name) => generation(name).base === basename(live) && generation(name).age > 0)
    .sort((a, b) => generation(a).age - generation(b).age)
    .map((name) => join(dirname(live), name))
}

/** The plain generations beside the live log, newest first: where a line shipped before may be found. */
export async function plainGenerations(live: string): Promise<string[]> {
  return (await generationsBeside(live)).filter((path) => !path.endsWith('.gz'))
}

/** Where a stored line is now: the file holding it and the offset after it; null when no file does. */
async function find(line: StoredLine, candidates: readonly string[]): Promise<{ path: string; end: number } | null> {
  for (const path of candidates) {
    const end = await lineEnd(path, line.offset, line.message)
    if (end !== null) return { path, end }
  }
  return null
}

/** The time of a file's first line our parser reads (first-line-time.ts): whole seconds, null for none. */
export type FirstLineTime = (path: string) => Promise<number | null>

/**
 * The compressed generations (newest first) that may hold a line of `time`:
 * those whose first line is not newer, down to the first that began before
 * it (what is older ended before that one began).
 */
async function compressedHolding(time: number, compressed: readonly string[], firstTime: FirstLineTime): Promise<string[]> {
  const holding: string[] = []
  for (const path of compressed) {
    const first = await firstTime(path)
    if (first !== null && first > time) continue
    holding.push(path)
    if (first !== null && first < time) break
  }
  return holding
}

/** A time as said on stderr: 2026-11-22T10:00:05Z. */
function timeText(seconds: number): string {
  return new Date(seconds * 1000).toISOString().replace('.000Z', 'Z')
}

function checkedGeneration(value: number, live: string): number {
  if (value >= MAX_GENERATION) throw usageError(`${live}: ${value} generations shipped, more than a sequence number holds`, 'start a new file name, or empty the table of this file')
  return value
}

/**
 * What to read of the log, given the last lines stored (storedEnds, newest
 * generation first): the parts, oldest first; `warn` hears a stored line
 * found nowhere, and the generations an empty table leaves out.
 */
export async function partsToShip(log: LogFiles, stored: readonly StoredLine[], warn: (line: string) => void, firstTime: FirstLineTime): Promise<StreamPart[]> {
  const newestFirst = [...log.named].reverse()
  const [last, before] = stored
  const beside = await generationsBeside(log.live)
  if (last === undefined) {
    const left = log.liveNamed ? beside.filter((path) => !log.named.includes(path)) : []
    if (left.length > 0) warn(`${log.live}: the table holds no line of it yet: shipping ${log.named.join(', ')} from the start; ${left.join(', ')} beside it ${left.length === 1 ? 'is' : 'are'} not shipped (name ${left.length === 1 ? 'it' : 'them'} to ship ${left.length === 1 ? 'it' : 'them'} too)`)
    return log.named.map((path, i) => ({ path, from: 0, generation: i }))
  }
  const candidates = [...new Set([...newestFirst.filter((path) => !path.endsWith('.gz')), log.live, ...beside.filter((path) => !path.endsWith('.gz'))])]
  const parts: StreamPart[] = []
  if (before !== undefined) {
    const earlier = await find(before, candidates)
    if (earlier !== null) parts.push({ path: earlier.path, from: earlier.end, generation: before.generation })
  }
  const compressed = [...new Set([...newestFirst, ...beside].filter((path) => path.endsWith('.gz')))].sort((a, b) => ageOf(a) - ageOf(b))
  let found = await find(last, candidates)
  const holding = found === null ? await compressedHolding(last.time, compressed, firstTime) : []
  found ??= await find(last, holding)
  // the newer files, oldest first, each a generation of its own: those named and, when the live log is
  // shipped, every generation beside it (rotated, and compressed too, while no ship ran)
  const files = [...new Set([...log.named, ...(log.liveNamed ? beside : [])])]
  if (found === null) {
    const rest = files.filter((path) => path !== log.live && path !== parts[0]?.path)
    return [...parts, ...await afterLost(log, last, rest, [...candidates, ...holding], warn, firstTime)]
  }
  if (parts[0]?.path === found.path) parts.shift()
  parts.push({ path: found.path, from: found.end, generation: last.generation })
  const newer = files
    .filter((path) => path !== found.path && ageOf(path) < ageOf(found.path))
    .sort((a, b) => ageOf(b) - ageOf(a))
  newer.forEach((path, i) => parts.push({ path, from: 0, generation: checkedGeneration(last.generation + 1 + i, log.live) }))
  return parts
}

/**
 * The last line shipped is in no file: the generations of `files` whose
 * first line is not older than it, oldest first, then the live file, each
 * whole; said on stderr, with the time from which lines may be lost.
 */
async function afterLost(log: LogFiles, last: StoredLine, files: readonly string[], searched: readonly string[], warn: (line: string) => void, firstTime: FirstLineTime): Promise<StreamPart[]> {
  const newer: string[] = []
  const older: string[] = []
  for (const path of [...files].sort((a, b) => ageOf(b) - ageOf(a))) {
    const first = await firstTime(path)
    if (first !== null && first < last.time) older.push(path)
    else newer.push(path)
  }
  const shipped = [...newer, log.live]
  const lastText = `generation ${last.generation}, byte ${last.offset}, ${timeText(last.time)}`
  const what = newer.length === 0 ? `shipping ${log.live} from its start`
    : newer.length === 1 ? `shipping ${newer[0] as string}, the generation on disk not older than it, then ${log.live} from its start`
      : `shipping the ${newer.length} generations on disk not older than it, oldest first (${newer.join(', ')}), then ${log.live} from its start`
  warn(`${log.live}: the last line shipped (${lastText}) is in none of ${searched.join(', ')}; ${what}${older.length === 0 ? '' : `; older, not shipped: ${older.join(', ')}`}`)
  const firstShipped = shipped[0] as string
  const until = await firstTime(firstShipped)
  warn(`${log.live}: lines written after ${timeText(last.time)} and before ${until === null ? 'the first line' : timeText(until)} of ${firstShipped} may be lost: the file that held them is gone, so how many cannot be known`)
  return shipped.map((path, i) => ({ path, from: 0, generation: checkedGeneration(last.generation + 1 + i, log.live) }))
}

/** A sink that hands a generation's lines on with their sequence numbers as offsets. */
export function generationSink(lines: LineSink, generationNumber: number, base = 0): LineSink {
  return {
    line: (text, start) => lines.line(text, sequence(generationNumber, base + start)),
    tooLong: (head, start) => lines.tooLong(head, sequence(generationNumber, base + start)),
  }
}

/**
 * Reads a part to the end the file has now, a block at a time; `between`
 * runs after each block (to insert what the buffer holds). A last line
 * without its newline is shipped only when `complete` (a file no server
 * writes to any more); else it waits for the next run. A compressed file is
 * read from its start, its lines before `from` left out.
 */
export async function readPart(part: StreamPart, lines: LineSink, complete: boolean, between: () => Promise<void>): Promise<number> {
  if (part.path.endsWith('.gz') || await isGzip(part.path)) {
    const input = await openFileInput(part.path)
    const sink = generationSink(lines, part.generation)
    const from = part.from
    const after: LineSink = from === 0 ? sink : {
      line(text, start) {
        if (start >= from) sink.line(text, start)
      },
      tooLong(head, start) {
        if (start >= from) sink.tooLong(head, start)
      },
    }
    for await (const _ of splitLines(input.chunks(), part.path, after)) await between()
    return 0
  }
  const sink = generationSink(lines, part.generation, part.from)
  const handle = await openRegularFile(part.path).catch((e: unknown) => {
    throw usageError(`cannot read ${part.path}: ${errnoWords(e)}`)
  })
  if (handle === null) throw usageError(`cannot read ${part.path}: it is no longer a regular file`)
  const splitter = new LineSplitter(sink)
  const buffer = Buffer.allocUnsafe(1024 * 1024)
  let offset = part.from
  try {
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset)
      if (bytesRead === 0) break
      offset += bytesRead
      for (let at = 0; at < bytesRead; at += 64 * 1024) splitter.push(buffer.subarray(at, Math.min(bytesRead, at + 64 * 1024)))
      await between()
    }
  } finally {
    await handle.close()
  }
  if (complete) splitter.end()
  await between()
  return offset
}

async function isGzip(path: string): Promise<boolean> {
  const handle = await openRegularFile(path).catch(() => null)
  if (handle === null) return false
  try {
    const head = Buffer.alloc(2)
    const { bytesRead } = await handle.read(head, 0, 2, 0)
    return bytesRead === 2 && head[0] === 0x1f && head[1] === 0x8b
  } finally {
    await handle.close()
  }
}
