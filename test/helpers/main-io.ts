/** The io of a run of the command line in this process, its stdout and stderr kept: for the tests of src/cli/main.ts and program.ts. */

import { Readable } from 'node:stream'
import type { MainIO } from '../../src/cli/main-io.js'
import { collector, SOURCE_DATE_EPOCH } from './run-cli.js'

export interface TestIO {
  io: MainIO
  stdout: () => string
  stderr: () => string
}

/** io for a run: stdin gives `stdin` (none: an empty stream), relative paths are read from `cwd`. */
export const testIO = (cwd: string, stdin: AsyncIterable<Buffer> = Readable.from([])): TestIO => {
  const stdout = collector()
  const stderr = collector()
  return { io: { stdin, stdout, stderr, cwd, env: { TZ: 'UTC', SOURCE_DATE_EPOCH } }, stdout: () => stdout.text(), stderr: () => stderr.text() }
}
