/**
 * Runs the command line the way a user does: in this process through
 * `main(argv, io)` (runCli: most tests), or as the built bin in a process of
 * its own (spawnCli, startCli), where a process is the point: signals, kills,
 * pipes, the environment of the process, memory, and one smoke
 * test per command.
 */

import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process'
import { Readable, Writable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { main } from '../../src/cli/main.js'
import { scaled } from './wait-for.js'

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/**
 * How a test starts a node process: `spawn(NODE, [...NODE_ARGS, script, ...])`.
 * tap's process-info hooks go into every child a test starts, whatever its
 * environment says, and cost each process about a quarter of a second; with
 * coverage off they record nothing, so env(1) drops them before node starts.
 */
export const NODE = 'env'
export const NODE_ARGS = ['-u', 'NODE_OPTIONS', process.execPath] as const
export const BIN = fileURLToPath(new URL('../../bin/profiler-search.js', import.meta.url))
export const fixture = (name: string): string => fileURLToPath(new URL(`../../fixtures/${name}`, import.meta.url))

/**
 * The generated time every test run's pages are stamped with (22.11.2026 13:50:00 in the fixtures' +01:00),
 * as reproducible builds set it: without it, two builds of one log a second apart differ in their stamp.
 */
export const SOURCE_DATE_EPOCH = '1795351800'

export interface CliResult {
  code: number | null
  signal: NodeJS.Signals | null
  stdout: string
  stderr: string
  /** Peak resident memory of the child in KiB, when asked for with `measureRss`. */
  maxRssKiB?: number
  /** Whether it was killed for running past `timeoutMs`. */
  timedOut?: boolean
}

export interface CliOptions {
  /** Bytes for stdin; stdin is closed empty when absent. */
  input?: string | Buffer
  cwd?: string
  env?: NodeJS.ProcessEnv
  /** A collector (see below) for stderr, for a test that reads what the run says while it runs. */
  stderr?: Writable & { text: () => string }
}

export interface SpawnOptions extends CliOptions {
  /** Report the child's peak RSS (`process.resourceUsage().maxRSS`, read as it exits) in `maxRssKiB`. */
  measureRss?: boolean
  /** Kill the child with SIGKILL after this many milliseconds (on an idle machine: scaled to its load) and report `timedOut`: a hang fails fast. */
  timeoutMs?: number
}

/** A stream that keeps what is written to it. */
export const collector = (): Writable & { text: () => string } => {
  const chunks: Buffer[] = []
  const stream = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      chunks.push(chunk)
      done()
    },
  })
  return Object.assign(stream, { text: () => Buffer.concat(chunks).toString('utf8') })
}

/** Runs `main(args, io)` in this process, with the tests' environment (TZ=UTC, SOURCE_DATE_EPOCH). */
export const runCli = async (args: readonly string[], options: CliOptions = {}): Promise<CliResult> => {
  const stdout = collector()
  const stderr = options.stderr ?? collector()
  const input = options.input === undefined ? [] : [Buffer.from(options.input)]
  const code = await main(args, {
    stdin: Readable.from(input),
    stdout,
    stderr,
    cwd: options.cwd ?? ROOT,
    env: { TZ: 'UTC', LANG: 'C', SOURCE_DATE_EPOCH, ...options.env },
  })
  return { code, signal: null, stdout: stdout.text(), stderr: stderr.text() }
}

export interface StartedCli {
  /** The running bin; its stdin is open for the caller to feed and end. */
  child: ChildProcessWithoutNullStreams
  /** Settles when the process has ended and its output is read. */
  result: Promise<CliResult>
}

/** Writes the child's peak RSS to fd 3 as it exits (not on a fatal signal). */
const REPORT_RSS = 'data:text/javascript,import {writeSync} from "node:fs";' +
  'process.on("exit",()=>{try{writeSync(3,String(process.resourceUsage().maxRSS))}catch{}})'

/** Starts the built bin and leaves stdin open, for tests that feed it slowly or signal it mid-run. */
export const startCli = (args: readonly string[], options: Omit<SpawnOptions, 'input'> = {}): StartedCli => {
  const preload = options.measureRss ? [`--import=${REPORT_RSS}`] : []
  const child = spawn(NODE, [...NODE_ARGS, ...preload, BIN, ...args], {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, TZ: 'UTC', LANG: 'C', SOURCE_DATE_EPOCH, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe', ...(options.measureRss ? ['pipe' as const] : [])],
  })
  const out: Buffer[] = []
  const err: Buffer[] = []
  const rss: Buffer[] = []
  child.stdout.on('data', (b: Buffer) => out.push(b))
  child.stderr.on('data', (b: Buffer) => err.push(b))
  child.stdio[3]?.on('data', (b: Buffer) => rss.push(b))
  child.stdin.on('error', () => undefined)
  let timedOut = false
  const timer = options.timeoutMs === undefined ? undefined : setTimeout(() => {
    timedOut = true
    child.kill('SIGKILL')
  }, scaled(options.timeoutMs))
  const result = new Promise<CliResult>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      const reported = Buffer.concat(rss).toString('utf8')
      resolve({
        code, signal, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'),
        ...(options.measureRss && reported ? { maxRssKiB: Number(reported) } : {}),
        ...(options.timeoutMs === undefined ? {} : { timedOut }),
      })
    })
  })
  return { child, result }
}

/** Runs the built bin in a process of its own. */
export const spawnCli = (args: readonly string[], options: SpawnOptions = {}): Promise<CliResult> => {
  const { child, result } = startCli(args, options)
  child.stdin.end(options.input ?? '')
  return result
}
