/** What the subcommands share with the program that runs them. */

import { Option } from 'commander'
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
