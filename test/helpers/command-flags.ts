/** A subcommand of the command line with its flags read as commander reads them, its action never run: for the tests of src/cli/*-command.ts. */

import { PassThrough } from 'node:stream'
import { Command } from 'commander'
import type { CommandContext } from '../../src/cli/command-context.js'

/** What a test's commands are given: io that takes nothing and says nothing; `warnings` hears io.warn. */
export const testContext = (cwd = '/', warnings: string[] = []): CommandContext => ({
  io: { stdin: new PassThrough(), stdout: new PassThrough(), stderr: new PassThrough(), warn: (line) => void warnings.push(line), cwd, env: {} },
})

/** `add` puts the subcommand on a new program; its flags are then read from `argv`, defaults and all. */
export const commandWith = (add: (program: Command, context: CommandContext) => Command, argv: string[], context = testContext()): Command => {
  const command = add(new Command().exitOverride(), context).exitOverride()
  command.parseOptions(argv)
  return command
}
