/**
 * `profiler-search ship`: its options, their defaults, and the flags turned
 * into the ship job's options. The reading options are build's (the time of
 * each line is read as build reads it).
 */

import { Option, type Command } from 'commander'
import { InvalidArgumentError } from 'commander'
import { FOLLOW_TIMING } from '../input/follow-file.js'
import type { ShipOptions } from '../jobs/ship/ship.js'
import type { JsonFieldMap } from '../parse/format/json-fields.js'
import { AUTO, type LogFormatChoice } from '../parse/format/log-format-option.js'
import { buildOptionList } from './build-command.js'
import { usageError } from '../errors.js'
import { configured, inputsCommand, type CommandContext } from './command-context.js'
import { SHIP_EXAMPLES } from './help-texts.js'
import { intervalSeconds, positiveInt } from './option-parsers.js'

/** build's options that say how lines are read (and its messages): ship reads lines as build does. */
const FROM_BUILD = new Set(['--log-format', '--json-fields', '--log-tz', '--verbose', '--quiet', '--config'])

export const MAX_BATCH_LINES = 1_000_000

export interface ShipFlags {
  /** Required: checked after the config file is read (it may give it). */
  to?: string
  host?: string
  once?: boolean
  batchLines: number
  batchInterval: number
  logFormat: LogFormatChoice
  jsonFields?: JsonFieldMap
  logTz?: string
  verbose?: boolean
  quiet?: boolean
}

/** `--host`: the host column, printable text. */
function hostName(value: string): string {
  if (!/^[\x21-\x7e]{1,255}$/.test(value)) throw new InvalidArgumentError('give the name of this server, such as web1 (printable, no spaces)')
  return value
}

function batchLines(value: string): number {
  const n = positiveInt(value)
  if (n > MAX_BATCH_LINES) throw new InvalidArgumentError(`give at most ${MAX_BATCH_LINES} lines`)
  return n
}

/** The flags (after the config file) → the ship job's options; a usage error without a table to ship to. */
export function shipOptionsOf(inputs: string[], flags: ShipFlags): ShipOptions {
  if (flags.to === undefined) throw usageError('required option \'--to <url>\' not specified', 'see profiler-search ship --help; or "to" in the config file')
  return {
    inputs,
    to: flags.to,
    host: flags.host ?? null,
    once: flags.once ?? false,
    batchRows: flags.batchLines,
    intervalMs: Math.round(flags.batchInterval * 1000),
    bufferRows: Math.max(flags.batchLines * 2, 200_000),
    read: { logFormat: flags.logFormat ?? AUTO, jsonFields: flags.jsonFields ?? null, logTz: flags.logTz ?? null, clientIp: 'logged', trustedProxies: null },
    verbose: flags.verbose ?? false,
    quiet: flags.quiet ?? false,
    follow: { ...FOLLOW_TIMING, pollBytes: 16 * 1024 * 1024 },
    pollMs: 250,
  }
}

function shipOptionList(): Option[] {
  return [
    new Option('--to <url>', 'the table: clickhouse://[user@]host[:port]/database.table (port: the HTTP port, 8123; clickhouses:// for TLS); column names as ?time=…&host=…&seq=…&message=…&file=… where they differ from schema/clickhouse.sql; required, here or in the config file'),
    new Option('--once', 'ship what the logs hold now and end (backfill, cron) instead of following them'),
    new Option('--host <name>', 'the host column (default: this machine\'s name)').argParser(hostName),
    new Option('--batch-lines <n>', `send at most N lines per insert (at most ${MAX_BATCH_LINES})`).default(100_000).argParser(batchLines),
    new Option('--batch-interval <seconds>', 'send what waits at least this often, such as 1 or 0.5').default(1).argParser(intervalSeconds),
    ...buildOptionList().filter((option) => FROM_BUILD.has(option.long ?? '')),
  ]
}

/** Adds `ship` to the program. */
export function addShipCommand(program: Command, context: CommandContext): Command {
  return inputsCommand(program, 'ship',
    'Send access-log lines into a ClickHouse table, following the logs as watch does (rotations too), each line once across restarts; build and watch read the table through clickhouse:// inputs.',
    'access logs: the live log is followed; rotated generations (access.log.1, .gz) are shipped first',
    shipOptionList(), SHIP_EXAMPLES)
    .action(async (inputs: string[], _flags: ShipFlags, command: Command) => {
      const { flags } = await configured<ShipFlags>(command, context)
      // loaded when it runs: a build does not pay for evaluating the ship job
      const { ship } = await import('../jobs/ship/ship.js')
      await ship(shipOptionsOf(inputs, flags), context.io)
    })
}
