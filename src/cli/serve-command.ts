/**
 * `profiler-search serve`: build's options for reading the logs (formats,
 * zones, proxies, shapes, big logs, `--server-name`), `--any-url` and
 * `--crawlers` (the default page's, and the form's defaults), its own for
 * the server, and the flags turned into the complete options of the serve
 * job. The other search criteria come with each request, not as flags.
 */

import { Option, type Command } from 'commander'
import { usageError } from '../errors.js'
import { FOLLOW_TIMING } from '../input/follow-file.js'
import { STDIN } from '../input/open-inputs.js'
import { LOGIN_LIMIT } from '../jobs/serve/failed-logins.js'
import { DEFAULT_LISTEN, type ListenAddress } from '../jobs/serve/listen-address.js'
import {
  DEFAULT_MAX_SEARCHES, DEFAULT_SEARCH_TIMEOUT_SECONDS, MAX_SEARCH_LIMIT, SEARCH_QUEUE_MS, type ServeOptions,
} from '../jobs/serve/serve-options.js'
import { DEFAULT_NOTICES_LIMIT } from '../notices/read-notices.js'
import { DEFAULT_CRITERIA } from '../select/criteria.js'
import type { ShapeSettings } from '../select/shapes.js'
import { buildOptionList, buildOptionsOf, type BuildFlags } from './build-command.js'
import { configured, inputsCommand, type CommandContext } from './command-context.js'
import { SERVE_EXAMPLES } from './help-texts.js'
import { allowHostFlag, listenFlag, maxSearchesFlag, searchTimeoutSeconds } from './option-parsers.js'

/** build's options that serve takes: how the logs are read and which requests are rows at all. */
const FROM_BUILD = new Set([
  '--tz', '--any-url', '--crawlers', '--log-format', '--json-fields', '--log-tz', '--client-ip', '--trusted-proxy',
  '--verbose', '--partial-ok', '--anonymize-ip', '--hide-raw', '--full-paths', '--full-scan', '--threads', '--order-tolerance', '--quiet', '--server-name', '--config',
])

export type ServeFlags = Pick<BuildFlags, 'tz' | 'anyUrl' | 'crawlers' | 'logFormat' | 'jsonFields' | 'logTz' | 'clientIp' | 'trustedProxy' |
  'verbose' | 'partialOk' | 'anonymizeIp' | 'hideRaw' | 'fullPaths' | 'fullScan' | 'threads' | 'orderTolerance' | 'quiet' | 'serverName'> & {
  listen: ListenAddress
  htpasswd?: string
  allowHost?: string[]
  searchTimeout: number
  maxSearches: number
}

/** The flags (after the config file) → the serve job's options; throws a usage error for inputs it cannot serve. */
export function serveOptionsOf(inputs: string[], flags: ServeFlags, shapes: ShapeSettings | null): ServeOptions {
  if (inputs.length === 0 || inputs.includes(STDIN)) {
    throw usageError('serve needs log files, not stdin: each search reads the logs again', 'name them, e.g. profiler-search serve /var/log/nginx/access.log')
  }
  // the default page's criteria, and as many rows as a search may ask for kept in memory
  const build = buildOptionsOf(inputs, {
    ...flags, limit: MAX_SEARCH_LIMIT, emit: 'html', method: DEFAULT_CRITERIA.method as string, status: DEFAULT_CRITERIA.status, noticesLimit: DEFAULT_NOTICES_LIMIT,
  }, shapes)
  return {
    build,
    listen: flags.listen,
    htpasswd: flags.htpasswd ?? null,
    allowHosts: flags.allowHost ?? [],
    searchTimeoutMs: Math.round(flags.searchTimeout * 1000),
    maxSearches: flags.maxSearches,
    queueWaitMs: SEARCH_QUEUE_MS,
    follow: FOLLOW_TIMING,
  }
}

/** build's options that apply, in build's order, with serve's own first. */
function serveOptionList(): Option[] {
  return [
    new Option('--listen <address>', 'listen on HOST:PORT, an IP address (IPv6 in brackets) or localhost; any address but loopback needs --htpasswd; port 0 takes a free one')
      .default(DEFAULT_LISTEN, `${DEFAULT_LISTEN.host}:${DEFAULT_LISTEN.port}`).argParser(listenFlag),
    new Option('--htpasswd <file>', `let in only the users of FILE, made with htpasswd -B (bcrypt): HTTP Basic authentication; ${LOGIN_LIMIT.failures} failed logins from an address within ${LOGIN_LIMIT.windowMs / 60_000} minutes: 429 until the first is that old`),
    new Option('--allow-host <name>', 'also answer requests for this host name (a reverse proxy\'s, this machine\'s DNS name); the listening address, the address reached and localhost always are; repeatable').argParser(allowHostFlag),
    new Option('--search-timeout <seconds>', 'a search that reads the logs stops after this many seconds and lists what it found').default(DEFAULT_SEARCH_TIMEOUT_SECONDS).argParser(searchTimeoutSeconds),
    new Option('--max-searches <n>', 'searches reading the logs at once; another waits up to 2 s for its turn, then gets 503').default(DEFAULT_MAX_SEARCHES).argParser(maxSearchesFlag),
    ...buildOptionList().filter((option) => FROM_BUILD.has(option.long ?? '')),
  ]
}

/** Adds `serve` to the program. */
export function addServeCommand(program: Command, context: CommandContext): Command {
  return inputsCommand(program, 'serve',
    'Serve the Profile Search page over HTTP, its form searching the logs as build would (the default page from memory, the logs followed as watch follows them); until SIGINT or SIGTERM.',
    'access logs: files (plain, .gz, rotated names); the live log is followed; a clickhouse:// table is polled for new rows',
    serveOptionList(), SERVE_EXAMPLES)
    .action(async (inputs: string[], _flags: ServeFlags, command: Command) => {
      const { flags, shapes } = await configured<ServeFlags>(command, context)
      // loaded when it runs: a build does not pay for evaluating the server
      const { serve } = await import('../jobs/serve/serve.js')
      await serve(serveOptionsOf(inputs, flags, shapes), context.io)
    })
}
