/** What a run of the command line reads and writes besides files: the process's own, or what a test passes. */

import type { Writable } from 'node:stream'
import type { Stdin } from '../input/open-inputs.js'
import type { Environment } from '../jobs/job-io.js'

/** Everything a run reads or writes besides files: tests pass their own. */
export interface MainIO {
  readonly stdin: Stdin
  readonly stdout: Writable
  readonly stderr: Writable
  /** The working folder: relative paths and ./profiler-search.config.json are read from it. */
  cwd: string
  /** The environment (TZ: the zone of this machine's logs). */
  env: Environment
}

/** The process's own: stdin, stdout and stderr are asked for only when used (Node makes them then). */
export const processIO = (): MainIO => ({
  get stdin() {
    return process.stdin
  },
  get stdout() {
    return process.stdout
  },
  get stderr() {
    return process.stderr
  },
  cwd: process.cwd(),
  env: process.env,
})
