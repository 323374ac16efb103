/** `profiler-search merge`: its options and their defaults, and the flags turned into the merge job's options. */

import { Option, type Command } from 'commander'
import { usageError } from '../errors.js'
import type { MergeOptions } from '../jobs/merge.js'
import type { EmitFormat } from '../render/emit-format.js'
import { detailOptionsOf, ifChangedOption, privacyOptionList } from './build-command.js'
import { configOption, configured, type CommandContext } from './command-context.js'
import { MERGE_EXAMPLES } from './help-texts.js'
import { emitFormat, rowLimit, timeZone } from './option-parsers.js'

export interface MergeFlags {
  output?: string
  limit: number
  tz?: string
  emit: EmitFormat
  strict?: boolean
  ifChanged?: boolean
  anonymizeIp?: boolean
  hideRaw?: boolean
  fullPaths?: boolean
}

export function mergeOptionsOf(inputs: string[], flags: MergeFlags): MergeOptions {
  if (flags.ifChanged && flags.output === undefined) {
    throw usageError('--if-changed needs --output <file>', 'stdout is written every time; give -o index.html')
  }
  return {
    inputs, output: flags.output ?? null, limit: flags.limit, tz: flags.tz ?? null, emit: flags.emit,
    strict: flags.strict ?? false, ifChanged: flags.ifChanged ?? false, anonymizeIp: flags.anonymizeIp ?? false, details: detailOptionsOf(flags),
  }
}

/** Adds `merge` to the program. */
export function addMergeCommand(program: Command, context: CommandContext): Command {
  const command = program
    .command('merge')
    .description('Merge the NDJSON rows several servers wrote with build --emit ndjson into one listing of the newest rows, tokens kept.')
    .argument('[inputs...]', 'NDJSON files from build --emit ndjson: paths, gzip files, - for stdin; none reads stdin')
    .addOption(new Option('-o, --output <file>', 'write the listing to FILE atomically (default: stdout)'))
    .addOption(new Option('-n, --limit <n>', 'number of rows, newest first across all inputs (at most 1000000)').default(10).argParser(rowLimit))
    .addOption(new Option('--tz <zone>', 'show times in this IANA zone (default: the offset each row was written with)').argParser(timeZone))
    .addOption(new Option('--emit <format>', 'write the page (html) or the rows as json, ndjson or csv').default('html').argParser(emitFormat))
    .addOption(new Option('--strict', 'fail with exit 1, writing nothing, when any line is skipped (not a row, or too long)'))
    .addOption(ifChangedOption())
  for (const option of privacyOptionList()) command.addOption(option)
  return command
    .addOption(configOption())
    .helpOption('-h, --help', 'show this help')
    .addHelpText('after', MERGE_EXAMPLES)
    .action(async (inputs: string[], _flags: MergeFlags, command: Command) => {
      const { flags } = await configured<MergeFlags>(command, context)
      // loaded when it runs: a build does not pay for evaluating the merge job
      const { merge } = await import('../jobs/merge.js')
      await merge(mergeOptionsOf(inputs, flags), context.io)
    })
}
