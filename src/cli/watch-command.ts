/**
 * `profiler-search watch`: build's options that apply to a page kept up to
 * date (taken from build-command.ts, defaults and all), its own two, and
 * the flags turned into the complete options of the watch job.
 */

import { Option, type Command } from 'commander'
import { usageError } from '../errors.js'
import { FOLLOW_TIMING } from '../input/follow-file.js'
import type { WatchOptions } from '../jobs/watch/watch.js'
import type { ShapeSettings } from '../select/shapes.js'
import { buildOptionList, buildOptionsOf, type BuildFlags } from './build-command.js'
import { configured, inputsCommand, type CommandContext } from './command-context.js'
import { WATCH_EXAMPLES } from './help-texts.js'
import { intervalSeconds, positiveInt } from './option-parsers.js'

/**
 * build's options a watch has no use for: it never ends on a skipped line
 * (--strict), never rewrites a page whose listing is unchanged (what
 * --if-changed asks for), and keeps memory bounded (--all-notices keeps
 * every occurrence).
 */
const NOT_FOR_WATCH = new Set(['--strict', '--if-changed', '--all-notices'])

export interface WatchFlags extends BuildFlags {
  interval: number
  refresh?: number
}

/** The flags (after the config file) → the watch job's options; throws a usage error for a combination that cannot work. */
export function watchOptionsOf(inputs: string[], flags: WatchFlags, shapes: ShapeSettings | null): WatchOptions {
  if (flags.output === undefined && flags.outDir === undefined) {
    throw usageError('watch needs --output <file> or --out-dir <dir>', 'it publishes the page again as the logs grow, e.g. -o /var/www/profiler/index.html')
  }
  if (flags.refresh !== undefined && flags.emit !== 'html') {
    throw usageError(`--refresh is for the HTML page, not --emit ${flags.emit}`, 'leave out --refresh or --emit')
  }
  return {
    ...buildOptionsOf(inputs, flags, shapes),
    intervalMs: Math.round(flags.interval * 1000),
    refresh: flags.refresh ?? null,
    follow: FOLLOW_TIMING,
  }
}

/** build's options that apply, in build's order, with watch's own after --out-dir. */
function watchOptionList(): Option[] {
  return buildOptionList().flatMap((option) => {
  if (NOT_FOR_WATCH.has(option.long ?? '')) return []
  if (option.long === '--output') option.description = 'write the page to FILE atomically, and again whenever the listing changes'
  if (option.long !== '--out-dir') return [option]
  return [
    option,
    new Option('--interval <seconds>', 'publish the page at most once per this many seconds, such as 0.5 (at most 86400)').default(1).argParser(intervalSeconds),
    new Option('--refresh <seconds>', 'add <meta http-equiv="refresh"> to the page: an open browser tab loads it again after this many seconds').argParser(positiveInt),
  ]
})
}

/** Adds `watch` to the program. */
export function addWatchCommand(program: Command, context: CommandContext): Command {
  return inputsCommand(program, 'watch',
    'Build the Profile Search page once, then follow the logs as tail -F does (rotations too) and publish it again, atomically, whenever the listing changes; until SIGINT or SIGTERM.',
    'access logs: the live log is followed; .gz and rotated names (access.log.1) are read once; - (stdin) until it ends; a clickhouse:// table is polled for new rows; none reads stdin',
    watchOptionList(), WATCH_EXAMPLES)
    .action(async (inputs: string[], _flags: WatchFlags, command: Command) => {
      const { flags, shapes } = await configured<WatchFlags>(command, context)
      // loaded when it runs: a build does not pay for evaluating the watch job
      const { watch } = await import('../jobs/watch/watch.js')
      await watch(watchOptionsOf(inputs, flags, shapes), context.io)
    })
}
