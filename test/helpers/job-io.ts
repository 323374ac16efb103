/** The io of a job called directly, what it says kept: for the tests of src/jobs/. */

import type { Readable } from 'node:stream'
import { jobIO, type JobIO } from '../../src/jobs/job-io.js'
import { testIO } from './main-io.js'

export interface TestJobIO {
  io: JobIO
  warnings: string[]
  stdout: () => string
  stderr: () => string
}

export const testJobIO = (cwd: string, stdin?: Readable | AsyncIterable<Buffer>): TestJobIO => {
  const run = testIO(cwd, stdin)
  const warnings: string[] = []
  return { io: jobIO(run.io, (line) => void warnings.push(line)), warnings, stdout: run.stdout, stderr: run.stderr }
}
