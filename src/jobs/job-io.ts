/** What a job (`build`, `merge`) reads and writes besides its files: the edges the command line hands it. */

import type { Writable } from 'node:stream'
import type { Stdin } from '../input/open-inputs.js'
import type { WorkerPool } from '../workers/worker-pool.js'
import type { PublishResult } from '../write/publisher.js'

/** Environment variables as the job sees them. */
export type Environment = Readonly<Record<string, string | undefined>>

/** A run's edges: the process's own, or what a test passes. */
export interface RunIO {
  /** Read only when an input is `-` (Node makes process.stdin when it is first asked for). */
  readonly stdin: Stdin
  /** Written only when the output is stdout. */
  readonly stdout: Writable
  /** Where messages go; the terminal for the progress line (none when it is not a TTY), asked for only after a second. */
  readonly stderr: Writable & { isTTY?: boolean; columns?: number }
  /** The folder relative paths (inputs, -o, --out-dir, --notices, the config file) are read from. */
  readonly cwd: string
  /** The environment: TZ names the zone of this machine's logs. */
  readonly env: Environment
  /** Worker threads to read with, kept from run to run (tests); else each run starts its own and ends them. */
  readonly workers?: WorkerPool
}

export interface JobIO extends RunIO {
  /** Where warnings go, one line each. */
  warn: (line: string) => void
}

/**
 * The run's edges with `warn` added. The job sees them through the run's
 * own object, so stdin, stdout and stderr stay unmade until asked for.
 */
export function jobIO(io: RunIO, warn: JobIO['warn']): JobIO {
  return Object.assign(Object.create(io) as RunIO, { warn })
}

/** What a run of `build` or `merge` did. */
export interface JobResult {
  rows: number
  /** Non-blank lines read. */
  lines: number
  skipped: number
  /** What happened to the output: written to stdout, written to the file, or left alone (`--if-changed`). */
  published: PublishResult
}
