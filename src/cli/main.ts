/**
 * The command line: options are read and checked here, the job runs, and
 * `main()` returns the exit code. User mistakes become one line on stderr
 * with a hint; anything else is a bug and keeps its stack.
 */

import { readFileSync } from 'node:fs'
import type { Readable, Writable } from 'node:stream'
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander'
import { build, DEFAULT_ORDER_TOLERANCE } from '../jobs/build.js'
import { applyConfig } from '../config/apply-config.js'
import { CONFIG_FILE_NAME } from '../config/load-config.js'
import { merge } from '../jobs/merge.js'
import { EXIT, isUserError, usageError, type ExitCode } from '../errors.js'
import { redactPrefixProblem } from '../notices/redact.js'
import type { Cidr } from '../parse/record/client-ip.js'
import type { JsonFieldMap } from '../parse/format/json-fields.js'
import { AUTO, type LogFormatChoice } from '../parse/format/log-format-option.js'
import { clientIpFlag, jsonFieldsFlag, logFormatFlag, trustedProxyFlag } from './format-flags.js'
import type { ClientIpMode } from '../scan/read-settings.js'
import { isKnownZone } from '../profile/display-time.js'
import { EMIT_FORMATS, isEmitFormat, type EmitFormat } from '../render/emit-format.js'
import { CRITERION_PARSERS, DEFAULT_CRITERIA, InvalidCriterion, type Criteria } from '../select/criteria.js'
import { ANY } from '../select/filters/request.js'
import type { ShapeSettings } from '../select/shapes.js'

const PROG = 'profiler-search'

export interface MainIO {
  stdin: Readable & { isTTY?: boolean }
  stdout: Writable
  stderr: Writable
}

const version = (): string =>
  (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version

const seconds = (value: string): number => {
  if (!/^\d{1,9}$/.test(value)) throw new InvalidArgumentError('give a whole number of seconds, 0 or more')
  return Number(value)
}

const positiveInt = (value: string): number => {
  if (!/^[1-9]\d*$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new InvalidArgumentError('give a whole number of 1 or more')
  }
  return Number(value)
}

const timeZone = (value: string): string => {
  if (!isKnownZone(value)) throw new InvalidArgumentError('give an IANA time zone name such as Europe/Berlin or UTC')
  return value
}

/** `--notices`, repeatable: each use adds a file. */
const noticesFile = (value: string, previous: string[] | undefined): string[] => {
  if (value === '') throw new InvalidArgumentError('give a PHP error log: a path, a .gz file, or - for stdin')
  return [...(previous ?? []), value]
}

/** `--redact-path`, repeatable. */
const redactPath = (value: string, previous: string[] | undefined): string[] => {
  const problem = redactPrefixProblem(value)
  if (problem) throw new InvalidArgumentError(problem)
  return [...(previous ?? []), value]
}

const folderPath = (value: string): string => {
  if (value === '' || value === '-') throw new InvalidArgumentError('give a folder path, e.g. --out-dir /var/www/profiler (it is created if missing)')
  return value
}

const emitFormat = (value: string): EmitFormat => {
  if (!isEmitFormat(value)) throw new InvalidArgumentError(`give one of ${EMIT_FORMATS.join(', ')}`)
  return value
}

/** A search criterion's parser as a commander argParser: its message becomes the hint. */
const criterion = <T>(parse: (text: string) => T) => (value: string): T => {
  try {
    return parse(value)
  } catch (e) {
    if (e instanceof InvalidCriterion) throw new InvalidArgumentError(e.message)
    throw e
  }
}

/**
 * Commander stores a parser's null as '', so a criterion whose null means
 * "every value" (`--method any`, `--status any`) is kept as the word `any`
 * until the criteria are put together.
 */
const orAny = <T>(parse: (text: string) => T | null) => (text: string): T | typeof ANY => parse(text) ?? ANY

const EXIT_CODES_HELP = `
Exit codes:
  0   the page was written
  1   an input does not look like an nginx/Apache access log (in --log-format),
      or a line was skipped under --strict
  2   bad option, missing or unreadable input (a truncated .gz too, unless
      --partial-ok), or the output cannot be written
  70  internal error (a bug: please report it with the stack trace)`

const BUILD_EXAMPLES = `
Examples:
  $ profiler-search build /var/log/nginx/access.log -o /var/www/profiler/index.html
  $ zcat /var/log/nginx/access.log.*.gz | profiler-search build - -o out.html
  $ profiler-search build access.log access.log.1 access.log.2.gz --limit 50 --tz Europe/Berlin
  $ profiler-search build access.log --notices /var/log/php/error.log --redact-path /var/www/shop -o out.html
${EXIT_CODES_HELP}`

interface BuildFlags {
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
  method: Criteria['method'] | typeof ANY
  status: Criteria['status'] | typeof ANY
  url?: Criteria['url']
  token?: Criteria['token']
  from?: Criteria['from']
  until?: Criteria['until']
  anyUrl?: boolean
  crawlers: Criteria['crawlers']
  logFormat: LogFormatChoice
  jsonFields?: JsonFieldMap
  logTz?: string
  clientIp: ClientIpMode
  trustedProxy?: Cidr[]
  verbose?: boolean
  strict?: boolean
  fullScan?: boolean
  orderTolerance: number
  quiet?: boolean
}

const criteriaOf = (flags: BuildFlags): Criteria => ({
  ip: flags.ip ?? null,
  method: flags.method === ANY ? null : flags.method,
  status: flags.status === ANY ? null : flags.status,
  url: flags.url ?? null,
  token: flags.token ?? null,
  from: flags.from ?? null,
  until: flags.until ?? null,
  anyUrl: flags.anyUrl ?? false,
  crawlers: flags.crawlers,
})

const MERGE_EXAMPLES = `
Examples:
  on each server:  $ profiler-search build --emit ndjson --limit 50 /var/log/nginx/access.log -o /srv/rows.ndjson
  on one host:     $ profiler-search merge web1.ndjson web2.ndjson.gz -o /var/www/profiler/index.html
                   $ ssh web1 cat /srv/rows.ndjson | profiler-search merge - web2.ndjson --emit csv

Exit codes:
  0   the listing was written
  1   an input holds no rows written by build --emit ndjson, or a line was
      not a row under --strict
  2   bad option, missing or unreadable input, or the output cannot be written
  70  internal error (a bug: please report it with the stack trace)`

interface MergeFlags {
  output?: string
  limit: number
  tz?: string
  emit: EmitFormat
  strict?: boolean
  ifChanged?: boolean
}

const configOption = (): Option =>
  new Option('--config <file>', `read options and request shapes from this JSON file (default: ./${CONFIG_FILE_NAME} when present); flags win over it`)

const program = (io: MainIO, run: { code: ExitCode }, helpHint: string): Command => {
  const config: { shapes: ShapeSettings | null } = { shapes: null }
  const cmd = new Command(PROG)
    .description('Rebuild the profiler\'s "Profile Search" page from nginx/Apache access logs.')
    .version(version(), '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show this help')
    .addHelpCommand(false)
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (s) => void io.stdout.write(s),
      writeErr: (s) => void io.stderr.write(s),
      outputError: (message, write) => {
        const line = message.trim().split('\n').join(' ').replace(/^error: /, '')
        write(`${PROG}: ${line} (see ${helpHint})\n`)
      },
    })
    .addHelpText('after', EXIT_CODES_HELP)
    .hook('preAction', async (_program, action) => {
      config.shapes = (await applyConfig(action, cmd.commands, process.cwd())).shapes
    })

  cmd
    .command('build')
    .description('Read access logs (files, .gz, or - for stdin) and write the Profile Search page of the newest storefront requests.')
    .argument('[inputs...]', 'access logs: paths, gzip files (detected by content), - for stdin; none reads stdin')
    .addOption(new Option('-o, --output <file>', 'write the page to FILE atomically (default: stdout)'))
    .addOption(new Option('--out-dir <dir>', 'write a small site instead: DIR/index.html, DIR/profiles/<token>.html per row and DIR/profile-search.css, swapped in as a whole').argParser(folderPath).conflicts('output'))
    .addOption(new Option('-n, --limit <n>', 'number of rows, newest first').default(10).argParser(positiveInt))
    .addOption(new Option('--tz <zone>', 'show times in this IANA zone (default: each line\'s own logged offset)').argParser(timeZone))
    .addOption(new Option('--ip <text>', 'only clients whose address contains TEXT, or is in a CIDR range such as 10.0.0.0/8 or 2001:db8::/32').argParser(criterion(CRITERION_PARSERS.ip)))
    .addOption(new Option('--method <method>', 'only this request method (exact); any for every method').default(DEFAULT_CRITERIA.method, 'GET').argParser(criterion(orAny(CRITERION_PARSERS.method))))
    .addOption(new Option('--status <status>', 'only this status code (404) or class (4xx); any for every status').default(DEFAULT_CRITERIA.status, '200').argParser(criterion(orAny(CRITERION_PARSERS.status))))
    .addOption(new Option('--url <text>', 'only URLs containing TEXT; !TEXT for URLs without it').argParser(criterion(CRITERION_PARSERS.url)))
    .addOption(new Option('--token <token>', 'only the row with this token, as the page shows it (13 hex digits)').argParser(criterion(CRITERION_PARSERS.token)))
    .addOption(new Option('--from <time>', 'only rows shown at or after this date (2026-11-22) or date-time (2026-11-22T10:00[:SS]), in --tz, else each line\'s own offset').argParser(criterion(CRITERION_PARSERS.from)))
    .addOption(new Option('--until <time>', 'only rows shown at or before this date or date-time; a date includes its whole day').argParser(criterion(CRITERION_PARSERS.until)))
    .addOption(new Option('--any-url', 'list every request, not only the storefront URL shapes (the other criteria still apply)'))
    .addOption(new Option('--crawlers <mode>', 'include, exclude, or only list crawlers (recognised by User-Agent)').default(DEFAULT_CRITERIA.crawlers, 'include').argParser(criterion(CRITERION_PARSERS.crawlers)))
    .addOption(new Option('--log-format <format>', 'how lines are written: auto (each input\'s first lines decide), combined, common, vhost_combined, json, or the server\'s own nginx log_format or Apache LogFormat text').default(AUTO, 'auto').argParser(logFormatFlag))
    .addOption(new Option('--json-fields <map>', 'for JSON lines: which key holds what, e.g. ip=client,time=ts,request=req,status=code (a dot reaches into nested objects)').argParser(jsonFieldsFlag))
    .addOption(new Option('--log-tz <zone>', 'IANA zone of times logged without an offset (strftime without %z; the shown offset of $msec) (default: this machine\'s zone)').argParser(timeZone))
    .addOption(new Option('--client-ip <mode>', 'logged: the address the server logged; forwarded: the client in X-Forwarded-For, behind trusted proxies').default('logged', 'logged').argParser(clientIpFlag))
    .addOption(new Option('--trusted-proxy <cidr>', 'an address or CIDR range of your proxies, for --client-ip forwarded; repeatable (default: loopback, private, unique-local and link-local ranges)').argParser(trustedProxyFlag))
    .addOption(new Option('--verbose', 'say which log format auto chose, and show the first 20 skipped lines'))
    .addOption(new Option('--strict', 'fail with exit 1, writing nothing, when any line is skipped'))
    .addOption(new Option('--if-changed', 'leave the --output file and its mtime alone when the new content is byte-identical'))
    .addOption(new Option('--partial-ok', 'when an input breaks off (a truncated .gz), publish the rows read before the break and warn, instead of exit 2'))
    .addOption(new Option('--full-scan', 'read every line of every input (default: plain files are read from their end and reading stops once the newest rows are certain)'))
    .addOption(new Option('--order-tolerance <seconds>', 'how much earlier than a line written before it a line may be stamped (Apache stamps the request\'s start, writes at its end)').default(DEFAULT_ORDER_TOLERANCE).argParser(seconds))
    .addOption(new Option('--quiet', 'no progress line on a terminal and no skipped-lines summary'))
    .addOption(new Option('--emit <format>', 'write the page (html) or the rows as json, ndjson (one per line, for merge) or csv').default('html').argParser(emitFormat))
    .addOption(new Option('--notices <file>', 'show the PHP Deprecated notices of this PHP error output (error_log, saved screen output, nginx or Apache error log; .gz, - for stdin) before the page; repeatable, read in the order given').argParser(noticesFile))
    .addOption(new Option('--notices-limit <n>', 'show at most N distinct notices: those seen most recently, in the order they first appeared').default(10).argParser(positiveInt))
    .addOption(new Option('--all-notices', 'show every occurrence of the notices, in file order (--notices-limit does not apply)'))
    .addOption(new Option('--redact-path <prefix>', 'show this server path prefix as \u2026 in the notices, e.g. /var/www/shop; repeatable').argParser(redactPath))
    .addOption(configOption())
    .helpOption('-h, --help', 'show this help')
    .addHelpText('after', BUILD_EXAMPLES)
    .action(async (inputs: string[], flags: BuildFlags) => {
      if (flags.outDir !== undefined && flags.emit !== 'html') {
        throw usageError(`option '--out-dir <dir>' cannot be used with '--emit ${flags.emit}'`, `the site is HTML; write ${flags.emit} with -o FILE or to stdout`)
      }
      if (flags.ifChanged && flags.output === undefined) {
        throw usageError('--if-changed needs --output <file>', 'stdout is written every time; give -o out.html')
      }
      await build(
        { inputs, output: flags.output ?? null, outDir: flags.outDir ?? null, limit: flags.limit, tz: flags.tz ?? null, emit: flags.emit,
          criteria: criteriaOf(flags), shapes: config.shapes,
          ifChanged: flags.ifChanged ?? false, partialOk: flags.partialOk ?? false,
          notices: { files: flags.notices ?? [], limit: flags.noticesLimit, all: flags.allNotices ?? false, redactPaths: flags.redactPath ?? [] },
          read: { logFormat: flags.logFormat, jsonFields: flags.jsonFields ?? null, logTz: flags.logTz ?? null,
            clientIp: flags.clientIp, trustedProxies: flags.trustedProxy ?? null },
          verbose: flags.verbose ?? false, strict: flags.strict ?? false,
          fullScan: flags.fullScan ?? false, orderTolerance: flags.orderTolerance, quiet: flags.quiet ?? false },
        { stdin: io.stdin, stdout: io.stdout, stderr: io.stderr, warn: (line) => void io.stderr.write(`${PROG}: ${line}\n`) },
      )
      run.code = EXIT.ok
    })

  cmd
    .command('merge')
    .description('Merge the NDJSON rows several servers wrote with build --emit ndjson into one listing of the newest rows, tokens kept.')
    .argument('[inputs...]', 'NDJSON files from build --emit ndjson: paths, gzip files, - for stdin; none reads stdin')
    .addOption(new Option('-o, --output <file>', 'write the listing to FILE atomically (default: stdout)'))
    .addOption(new Option('-n, --limit <n>', 'number of rows, newest first across all inputs').default(10).argParser(positiveInt))
    .addOption(new Option('--tz <zone>', 'show times in this IANA zone (default: the offset each row was written with)').argParser(timeZone))
    .addOption(new Option('--emit <format>', 'write the page (html) or the rows as json, ndjson or csv').default('html').argParser(emitFormat))
    .addOption(new Option('--strict', 'fail with exit 1, writing nothing, when any line is not a row'))
    .addOption(new Option('--if-changed', 'leave the --output file and its mtime alone when the new content is byte-identical'))
    .addOption(configOption())
    .helpOption('-h, --help', 'show this help')
    .addHelpText('after', MERGE_EXAMPLES)
    .action(async (inputs: string[], flags: MergeFlags) => {
      if (flags.ifChanged && flags.output === undefined) {
        throw usageError('--if-changed needs --output <file>', 'stdout is written every time; give -o index.html')
      }
      await merge(
        { inputs, output: flags.output ?? null, limit: flags.limit, tz: flags.tz ?? null, emit: flags.emit,
          strict: flags.strict ?? false, ifChanged: flags.ifChanged ?? false },
        { stdin: io.stdin, stdout: io.stdout, warn: (line) => void io.stderr.write(`${PROG}: ${line}\n`) },
      )
      run.code = EXIT.ok
    })
  return cmd
}

export const main = async (argv: readonly string[], io: MainIO = process): Promise<ExitCode> => {
  const run: { code: ExitCode } = { code: EXIT.ok }
  const helpHint = argv[0] === 'build' || argv[0] === 'merge' ? `${PROG} ${argv[0]} --help` : `${PROG} --help`
  const cmd = program(io, run, helpHint)
  if (argv.length === 0) {
    io.stderr.write(cmd.helpInformation())
    return EXIT.usage
  }
  try {
    await cmd.parseAsync([...argv], { from: 'user' })
    return run.code
  } catch (e) {
    if (e instanceof CommanderError) {
      return e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help'
        ? EXIT.ok
        : EXIT.usage
    }
    if (isUserError(e)) {
      io.stderr.write(`${e.format(PROG)}\n`)
      return e.exitCode
    }
    io.stderr.write(`${PROG}: internal error, please report it:\n${(e as Error)?.stack ?? String(e)}\n`)
    return EXIT.internal
  }
}
