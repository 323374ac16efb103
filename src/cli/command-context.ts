/** What the subcommands share with the program that runs them. */

import { Option, type Command } from 'commander'
import { CONFIG_FILE_NAME } from '../config/load-config.js'
import type { JobIO } from '../jobs/job-io.js'
import type { ShapeSettings } from '../select/shapes.js'

export interface CommandContext {
  /** The edges the job is given. */
  io: JobIO
  /** The request shapes of the config file, once it has been read (before the action runs). */
  config: { shapes: ShapeSettings | null }
}

export const configOption = (): Option =>
  new Option('--config <file>', `read options and request shapes from this JSON file (default: ./${CONFIG_FILE_NAME} when present); flags win over it`)

/** A subcommand of `program` that reads inputs, with these options, `-h` and the text after the options (examples, exit codes). */
export const inputsCommand = (program: Command, name: string, description: string, inputs: string, options: readonly Option[], after: string): Command => {
  const command = program.command(name).description(description).argument('[inputs...]', inputs)
  for (const option of options) command.addOption(option)
  return command.helpOption('-h, --help', 'show this help').addHelpText('after', after)
}
