/**
 * The command line's entry: `main(argv, io)` runs one command and returns
 * its exit code. It is kept small, since every run loads it: the program and
 * its options come in only when a command needs them, so `--version` (what
 * a health check runs) answers without loading them.
 */

import { loadProgram } from './load-program.js'
import { processIO, type MainIO } from './main-io.js'
import { printed } from './print.js'
import { version } from './version.js'

export async function main(argv: readonly string[], io: MainIO = processIO()): Promise<number> {
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) return printed(io, `${version()}\n`)
  const { runProgram } = await loadProgram()
  return runProgram(argv, io)
}
