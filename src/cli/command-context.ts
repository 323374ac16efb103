/** What the subcommands share with the program that runs them. */

import { Option, type Command } from 'commander'
import { resolve } from 'node:path'
import { applyConfig } from '../config/apply-config.js'
import { CONFIG_FILE_NAME } from '../config/load-config.js'
import type { JobIO } from '../jobs/job-io.js'
import type { ShapeSettings } from '../select/shapes.js'

export interface CommandContext {
  /** The edges the job is given. */
  io: JobIO
}

/** `--verbose`: which config file the run took its values from; one found in the working folder by its full path. */
function configNote(command: Command, cwd: string): string {
  const named = command.getOptionValue('config') as string | undefined
  return named === undefined ? `config file ${resolve(cwd, CONFIG_FILE_NAME)} (found in the working folder)` : `config file ${named} (--config)`
}

/** What a command runs with: its flags after its config file (defaults < file < flags), and the file's request shapes. */
export interface Configured<Flags> {
  flags: Flags
  shapes: ShapeSettings | null
}

/** Reads the config file of `command` (see config/apply-config.ts) into its flags; the first step of each command's action. */
export async function configured<Flags>(command: Command, context: CommandContext): Promise<Configured<Flags>> {
  const applied = await applyConfig(command, command.parent?.commands ?? [command], context.io.cwd, context.io.warn)
  if (applied.file !== null && command.getOptionValue('verbose') === true) context.io.warn(configNote(command, context.io.cwd))
  return { flags: command.opts() as Flags, shapes: applied.shapes }
}

export function configOption(): Option {
  return new Option('--config <file>', `read options and request shapes from this JSON file, yours or root's and writable by nobody else (default: ./${CONFIG_FILE_NAME} when present); flags win over it`)
}

/** A subcommand of `program` that reads inputs, with these options, `-h` and the text after the options (examples, exit codes). */
export function inputsCommand(program: Command, name: string, description: string, inputs: string, options: readonly Option[], after: string): Command {
  const command = program.command(name).description(description).argument('[inputs...]', inputs)
  for (const option of options) command.addOption(option)
  return command.helpOption('-h, --help', 'show this help').addHelpText('after', after)
}
