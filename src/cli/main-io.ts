/** What a run of the command line reads and writes besides files: the process's own, or what a test passes. */

import type { RunIO } from '../jobs/job-io.js'

export type MainIO = RunIO

/** The process's own: stdin, stdout and stderr are asked for only when used (Node makes them then). */
export function processIO(): MainIO {
  return ({
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
}
