/**
 * `profiler-search build`: its options, their defaults (the only place they
 * are set), and the flags turned into the complete options of the build job.
 */

import { Option, type Command } from 'commander'
import { usageError } from '../errors.js'
import { build } from '../jobs/build.js'
import type { BuildOptions } from '../jobs/build-options.js'
import { DEFAULT_NOTICES_LIMIT } from '../notices/read-notices.js'
import type { JsonFieldMap } from '../parse/format/json-fields.js'
import { AUTO, type LogFormatChoice } from '../parse/format/log-format-option.js'
import type { Cidr } from '../parse/record/client-ip.js'
import type { EmitFormat } from '../render/emit-format.js'
import type { DetailOptions } from '../render/profile-detail.js'
import type { ClientIpMode } from '../source/read-settings.js'
import { BACKWARD_MIN_BYTES, DEFAULT_ORDER_TOLERANCE } from '../source/plan-sources.js'
import { THREAD_SIZES } from '../source/threaded-reading.js'
import { CRITERION_PARSERS, DEFAULT_CRITERIA, type Criteria } from '../select/criteria.js'
import { ANY } from '../select/filters/request.js'
import type { ShapeSettings } from '../select/shapes.js'
import { configOption, configured, inputsCommand, type CommandContext } from './command-context.js'
import { BUILD_EXAMPLES } from './help-texts.js'
import {
  clientIpFlag, criterion, emitFormat, folderPath, jsonFieldsFlag, logFormatFlag, noticesFile, orAny, positiveInt, repeatable, rowLimit,
  redactPath, seconds, serverName, timeZone, trustedProxyFlag,
} from './option-parsers.js'

/** The option values as commander gives them: unset options without a default are undefined. */
export interface BuildFlags {
  output?: string
  outDir?: string
  limit: number
  tz?: string
  emit: EmitFormat
  ifChanged?: boolean
  partialOk?: boolean
  notices?: string[]
  noticesLimit: number
  allNotices?: boolean
  redactPath?: string[]
  ip?: Criteria['ip']
  /** An upper-case method, or the word `any` (see orAny). */
  method: string
  status: Criteria['status'] | typeof ANY
  url?: Criteria['url']
  token?: Criteria['token']
  from?: Criteria['from']
  until?: Criteria['until']
  anyUrl?: boolean
  crawlers: Criteria['crawlers']
  server?: string[]
  logFormat: LogFormatChoice
  jsonFields?: JsonFieldMap
  logTz?: string
  clientIp: ClientIpMode
  trustedProxy?: Cidr[]
  verbose?: boolean
  strict?: boolean
  fullScan?: boolean
  threads?: number
  orderTolerance: number
  quiet?: boolean
  anonymizeIp?: boolean
  hideRaw?: boolean
  fullPaths?: boolean
  serverName?: string
}

function criteriaOf(flags: BuildFlags): Criteria {
  return ({
  ip: flags.ip ?? null,
  method: flags.method === ANY ? null : flags.method,
  status: flags.status === ANY ? null : flags.status,
  url: flags.url ?? null,
  token: flags.token ?? null,
  from: flags.from ?? null,
  until: flags.until ?? null,
  anyUrl: flags.anyUrl ?? false,
  crawlers: flags.crawlers,
  server: flags.server ?? null,
})
}

/** `--hide-raw`, `--full-paths` (build, watch and merge). */
export function detailOptionsOf(flags: { hideRaw?: boolean; fullPaths?: boolean }): DetailOptions {
  return { hideRaw: flags.hideRaw ?? false, fullPaths: flags.fullPaths ?? false }
}

/** `--if-changed` (build and merge). */
export function ifChangedOption(): Option {
  return new Option('--if-changed', 'leave the --output file and its mtime alone when the new content is the same (a page: apart from its stamp of when it was generated, until it is 10 minutes old)')
}

/** What a published page or its data may leave out: build's, watch's and merge's options, in --help's order. */
export function privacyOptionList(): Option[] {
  return [
    new Option('--anonymize-ip', 'publish client addresses with the host part zeroed (IPv4: the last octet, IPv6: the last 80 bits), in the rows, details, raw lines and --emit data'),
    new Option('--hide-raw', 'leave the raw log line and its Source (file:line) out of each token\'s details'),
    new Option('--full-paths', 'show server paths in full: the Source of a log named by an absolute path (default: its file name; a relative path as given) and the FILE of a PHP notice (default: …/ and its name)'),
  ]
}

/** The flags (after the config file) → the build job's options; throws a usage error for a combination that cannot work. */
export function buildOptionsOf(inputs: string[], flags: BuildFlags, shapes: ShapeSettings | null): BuildOptions {
  if (flags.outDir !== undefined && flags.emit !== 'html') {
    throw usageError(`option '--out-dir <dir>' cannot be used with '--emit ${flags.emit}'`, `the site is HTML; write ${flags.emit} with -o FILE or to stdout`)
  }
  if (flags.ifChanged && flags.output === undefined) {
    throw usageError('--if-changed needs --output <file>', 'stdout is written every time; give -o out.html')
  }
  return {
    inputs,
    output: flags.output ?? null,
    outDir: flags.outDir ?? null,
    limit: flags.limit,
    tz: flags.tz ?? null,
    emit: flags.emit,
    criteria: criteriaOf(flags),
    shapes,
    ifChanged: flags.ifChanged ?? false,
    partialOk: flags.partialOk ?? false,
    notices: { files: flags.notices ?? [], limit: flags.noticesLimit, all: flags.allNotices ?? false, redactPaths: flags.redactPath ?? [] },
    read: {
      logFormat: flags.logFormat, jsonFields: flags.jsonFields ?? null, logTz: flags.logTz ?? null,
      clientIp: flags.clientIp, trustedProxies: flags.trustedProxy ?? null, serverName: flags.serverName ?? null,
    },
    verbose: flags.verbose ?? false,
    strict: flags.strict ?? false,
    fullScan: flags.fullScan ?? false,
    orderTolerance: flags.orderTolerance,
    quiet: flags.quiet ?? false,
    anonymizeIp: flags.anonymizeIp ?? false,
    details: detailOptionsOf(flags),
    backwardMinBytes: BACKWARD_MIN_BYTES,
    threads: flags.threads ?? null,
    threadSizes: THREAD_SIZES,
    passOver: true,
  }
}

/** The options of `build`, as --help lists them; `watch` takes those that apply to it (see watch-command.ts). */
export function buildOptionList(): Option[] {
  return [
  new Option('-o, --output <file>', 'write the page to FILE atomically (default: stdout)'),
  new Option('--out-dir <dir>', 'write a small site instead: DIR/index.html, DIR/profiles/<token>.html per row and DIR/profile-search.css, swapped in as a whole').argParser(folderPath).conflicts('output'),
  new Option('-n, --limit <n>', 'number of rows, newest first (at most 1000000)').default(10).argParser(rowLimit),
  new Option('--tz <zone>', 'show times in this IANA zone (default: each line\'s own logged offset)').argParser(timeZone),
  new Option('--ip <text>', 'only clients whose address contains TEXT, or is in a CIDR range such as 10.0.0.0/8 or 2001:db8::/32').argParser(criterion(CRITERION_PARSERS.ip)),
  new Option('--method <method>', 'only this request method (exact); any for every method').default(DEFAULT_CRITERIA.method, 'GET').argParser(criterion(orAny(CRITERION_PARSERS.method))),
  new Option('--status <status>', 'only this status code (404) or class (4xx); any for every status').default(DEFAULT_CRITERIA.status, '200').argParser(criterion(orAny(CRITERION_PARSERS.status))),
  new Option('--url <text>', 'only URLs containing TEXT; !TEXT for URLs without it').argParser(criterion(CRITERION_PARSERS.url)),
  new Option('--token <token>', 'only the row with this token, as the page shows it (13 hex digits)').argParser(criterion(CRITERION_PARSERS.token)),
  new Option('--from <time>', 'only rows shown at or after this date (2026-11-22) or date-time (2026-11-22T10:00[:SS]), in --tz, else each line\'s own offset').argParser(criterion(CRITERION_PARSERS.from)),
  new Option('--until <time>', 'only rows shown at or before this date or date-time; a date includes its whole day').argParser(criterion(CRITERION_PARSERS.until)),
  new Option('--any-url', 'list every request, not only the storefront URL shapes (the other criteria still apply)'),
  new Option('--crawlers <mode>', 'include, exclude, or only list crawlers (recognised by User-Agent)').default(DEFAULT_CRITERIA.crawlers, 'include').argParser(criterion(CRITERION_PARSERS.crawlers)),
  new Option('--server <name>', 'only rows of this server, as its rows name it (--server-name; merged rows); repeatable').argParser(repeatable(criterion(CRITERION_PARSERS.server))),
  new Option('--log-format <format>', 'how lines are written: auto (each input\'s lines a format reads decide), combined, common, vhost_combined, json, or the server\'s own nginx log_format or Apache LogFormat text').default(AUTO, 'auto').argParser(logFormatFlag),
  new Option('--json-fields <map>', 'for JSON lines: which key holds what, e.g. ip=client,time=ts,request=req,status=code (a dot reaches into nested objects)').argParser(jsonFieldsFlag),
  new Option('--log-tz <zone>', 'IANA zone of times logged without an offset (strftime without %z; the shown offset of $msec) (default: this machine\'s zone)').argParser(timeZone),
  new Option('--client-ip <mode>', 'logged: the address the server logged; forwarded: the client in X-Forwarded-For, behind trusted proxies').default('logged', 'logged').argParser(clientIpFlag),
  new Option('--trusted-proxy <cidr>', 'an address or CIDR range of your proxies, for --client-ip forwarded; repeatable (default: loopback, private, unique-local and link-local ranges)').argParser(trustedProxyFlag),
  new Option('--verbose', 'say which log format auto chose, and show the first 20 skipped lines'),
  new Option('--strict', 'fail with exit 1, writing nothing, when any line is skipped'),
  ifChangedOption(),
  new Option('--partial-ok', 'when an input breaks off (a truncated .gz), publish the rows read before the break and warn, instead of exit 2'),
  ...privacyOptionList(),
  new Option('--full-scan', 'read every line of every input (default: plain files are read from their end and reading stops once the newest rows are certain)'),
  new Option('--threads <n>', 'threads that parse a large input: with more than 1, worker threads parse it while this one reads (default: one per core; one for a --limit of 10000 or more)').argParser(positiveInt),
  new Option('--order-tolerance <seconds>', 'how much earlier than a line written before it a line may be stamped (Apache stamps the request\'s start, writes at its end)').default(DEFAULT_ORDER_TOLERANCE).argParser(seconds),
  new Option('--quiet', 'no progress line on a terminal and no skipped-lines summary'),
  new Option('--emit <format>', 'write the page (html) or the rows as json, ndjson (one per line, for merge) or csv').default('html').argParser(emitFormat),
  new Option('--server-name <name>', 'name this server in each row\'s data (server) and detail, so merge can tell servers apart (default: none)').argParser(serverName),
  new Option('--notices <file>', 'show the PHP Deprecated notices of this PHP error output (error_log, saved screen output, nginx or Apache error log; .gz, - for stdin) before the page; repeatable, read in the order given').argParser(noticesFile),
  new Option('--notices-limit <n>', 'show at most N distinct notices: those seen most recently, in the order they first appeared').default(DEFAULT_NOTICES_LIMIT).argParser(positiveInt),
  new Option('--all-notices', 'show every occurrence of the notices, in file order (--notices-limit does not apply)'),
  new Option('--redact-path <prefix>', 'show this server path prefix as \u2026 in the notices, e.g. /var/www/shop; repeatable').argParser(redactPath),
  configOption(),
]
}

/** Adds `build` to the program. */
export function addBuildCommand(program: Command, context: CommandContext): Command {
  return inputsCommand(program, 'build',
    'Read access logs (files, .gz, or - for stdin) and write the Profile Search page of the newest storefront requests.',
    'access logs: paths, gzip files (detected by content), - for stdin, clickhouse://host/database.table (a table ship fills); none reads stdin',
    buildOptionList(), BUILD_EXAMPLES)
    .action(async (inputs: string[], _flags: BuildFlags, command: Command) => {
      const { flags, shapes } = await configured<BuildFlags>(command, context)
      await build(buildOptionsOf(inputs, flags, shapes), context.io)
    })
}
