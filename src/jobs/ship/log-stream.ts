/**
 * One log as `ship` sends it: a host's file by its live name
 * (/var/log/nginx/access.log) with its rotated generations (access.log.1,
 * access.log.2.gz), one `file` in the table whose sequence numbers go on
 * across rotations (shipped-rows.ts).
 *
 * At start it asks the table where it stopped (stored-lines.ts) and finds
 * that line in the files (the live one, the generations named, the plain
 * ones beside it): what follows it is shipped, then each newer file as a
 * generation of its own. A table without lines of this file takes every
 * file named, oldest first. A stored line found nowhere (the files were
 * rotated on and compressed meanwhile) is said, and the live file is
 * shipped from its start.
 */

import { readdir } from 'node:fs/promises'
import { openRegularFile } from '../../input/file-chunks.js'
import { basename, dirname, join, resolve } from 'node:path'
import { errnoWords, usageError } from '../../errors.js'
import { LineSplitter, type LineSink } from '../../input/line-splitter.js'
import { openInputs } from '../../input/open-inputs.js'
import { forEachLine } from '../../input/lines.js'
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

function checkedGeneration(value: number, live: string): number {
  if (value >= MAX_GENERATION) throw usageError(`${live}: ${value} generations shipped, more than a sequence number holds`, 'start a new file name, or empty the table of this file')
  return value
}

/**
 * What to read of the log, given the last lines stored (storedEnds, newest
 * generation first): the parts, oldest first; `warn` hears a stored line
 * found nowhere.
 */
export async function partsToShip(log: LogFiles, stored: readonly StoredLine[], warn: (line: string) => void): Promise<StreamPart[]> {
  const newestFirst = [...log.named].reverse()
  const [last, before] = stored
  if (last === undefined) return log.named.map((path, i) => ({ path, from: 0, generation: i }))
  const candidates = [...new Set([...newestFirst.filter((path) => !path.endsWith('.gz')), log.live, ...(await plainGenerations(log.live))])]
  const parts: StreamPart[] = []
  if (before !== undefined) {
    const earlier = await find(before, candidates)
    if (earlier !== null) parts.push({ path: earlier.path, from: earlier.end, generation: before.generation })
  }
  const found = await find(last, candidates)
  if (found === null) {
    warn(`${log.live}: the last line shipped (generation ${last.generation}, byte ${last.offset}) is in none of ${candidates.join(', ')}; shipping ${log.live} from its start`)
    return [...parts, { path: log.live, from: 0, generation: checkedGeneration(last.generation + 1, log.live) }]
  }
  if (parts[0]?.path === found.path) parts.shift()
  parts.push({ path: found.path, from: found.end, generation: last.generation })
  // the newer files, oldest first, each a generation of its own: those named and, when the live log is
  // shipped, every generation beside it (rotated, and compressed too, while no ship ran)
  const beside = log.liveNamed ? await generationsBeside(log.live) : []
  const newer = [...new Set([...log.named, ...beside])]
    .filter((path) => path !== found.path && ageOf(path) < ageOf(found.path))
    .sort((a, b) => ageOf(b) - ageOf(a))
  newer.forEach((path, i) => parts.push({ path, from: 0, generation: checkedGeneration(last.generation + 1 + i, log.live) }))
  return parts
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
 * writes to any more); else it waits for the next run.
 */
export async function readPart(part: StreamPart, lines: LineSink, complete: boolean, between: () => Promise<void>): Promise<number> {
  const sink = generationSink(lines, part.generation, part.from)
  if (part.path.endsWith('.gz') || part.from === 0 && await isGzip(part.path)) {
    const [input] = await openInputs([part.path], () => { throw new Error('no stdin') }, '/')
    if (input === undefined) return 0
    await forEachLine(input.chunks(), part.path, sink)
    await between()
    return 0
  }
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
