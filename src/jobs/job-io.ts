/** What a job (`build`, `merge`) reads and writes besides its files: the edges the command line hands it. */

import type { Writable } from 'node:stream'
import type { Stdin } from '../input/open-inputs.js'

/** Environment variables as the job sees them. */
export type Environment = Readonly<Record<string, string | undefined>>

export interface JobIO {
  /** Read only when an input is `-` (Node makes process.stdin when it is first asked for). */
  readonly stdin: Stdin
  /** Written only when the output is stdout. */
  readonly stdout: Writable
  /** Where warnings go, one line each. */
  warn: (line: string) => void
  /** The terminal for the progress line; none is drawn when it is not a TTY. Asked for only after a second. */
  readonly stderr: Writable & { isTTY?: boolean; columns?: number }
  /** The folder relative paths (inputs, -o, --out-dir, --notices, the config file) are read from. */
  cwd: string
  /** The environment: TZ names the zone of this machine's logs. */
  env: Environment
}
