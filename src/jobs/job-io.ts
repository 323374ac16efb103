/** What a job (`build`, `merge`) reads and writes besides its files: the edges the command line hands it. */

import type { Readable, Writable } from 'node:stream'

export interface JobIO {
  stdin: Readable & { isTTY?: boolean }
  stdout: Writable
  /** Where warnings go, one line each. */
  warn: (line: string) => void
  /** The terminal for the progress line; none is drawn when absent or not a TTY. */
  stderr?: Writable & { isTTY?: boolean; columns?: number }
}
