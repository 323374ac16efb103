/** The io of a run of the command line in this process, its stdout and stderr kept: for the tests of src/cli/main.ts and program.ts. */

import { Readable, Writable } from 'node:stream'
import type { MainIO } from '../../src/cli/main-io.js'
import { SOURCE_DATE_EPOCH } from './run-cli.js'

/** A stream that keeps what is written to it. */
const collector = (): Writable & { text: () => string } => {
  const chunks: Buffer[] = []
  const stream = new Writable({
    write: (chunk: Buffer, _encoding, done) => {
      chunks.push(chunk)
      done()
    },
  })
  return Object.assign(stream, { text: () => Buffer.concat(chunks).toString('utf8') })
}

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
