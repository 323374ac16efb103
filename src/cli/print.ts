/**
 * Text the command line prints itself (`--help`, `--version`) on stdout, as
 * a page is written there: a reader that closed early (`| head -1`) is no
 * error, the run ends quietly with exit 0; any other write error is one line
 * and exit 2.
 */

import { EXIT, isUserError } from '../errors.js'
import { writeToStdout } from '../write/stdout.js'
import { PROG } from './help-texts.js'
import type { MainIO } from './main-io.js'

/** Prints `text` on stdout; the exit code of the run. */
export async function printed(io: MainIO, text: string): Promise<number> {
  try {
    await writeToStdout(io.stdout, text)
    return EXIT.ok
  } catch (e) {
    if (!isUserError(e)) throw e
    io.stderr.write(`${e.format(PROG)}\n`)
    return e.exitCode
  }
}
