/**
 * The command line: options are read and checked here, the job runs, and
 * `main()` returns the exit code. User mistakes become one line on stderr
 * with a hint; anything else is a bug and keeps its stack.
 */

import { readFileSync } from 'node:fs'
import type { Readable, Writable } from 'node:stream'
import { Command, CommanderError, InvalidArgumentError, Option } from 'commander'
import { build } from './build.js'
import { EXIT, isUserError, type ExitCode } from './errors.js'
import { isKnownZone } from './profile/display-time.js'

const PROG = 'profiler-search'

export interface MainIO {
  stdin: Readable & { isTTY?: boolean }
  stdout: Writable
  stderr: Writable
}

const version = (): string =>
  (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version

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

const EXIT_CODES_HELP = `
Exit codes:
  0   the page was written
  1   an input does not look like an nginx/Apache access log
  2   bad option, missing or unreadable input, or the output cannot be written
  70  internal error (a bug: please report it with the stack trace)`

const BUILD_EXAMPLES = `
Examples:
  $ profiler-search build /var/log/nginx/access.log -o /var/www/profiler/index.html
  $ zcat /var/log/nginx/access.log.*.gz | profiler-search build - -o out.html
  $ profiler-search build access.log access.log.1 access.log.2.gz --limit 50 --tz Europe/Berlin
${EXIT_CODES_HELP}`

interface BuildFlags {
  output?: string
  limit: number
  tz?: string
}

const program = (io: MainIO, run: { code: ExitCode }, helpHint: string): Command => {
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

  cmd
    .command('build')
    .description('Read access logs (files, .gz, or - for stdin) and write the Profile Search page of the newest storefront requests.')
    .argument('[inputs...]', 'access logs: paths, gzip files (detected by content), - for stdin; none reads stdin')
    .addOption(new Option('-o, --output <file>', 'write the page to FILE atomically (default: stdout)'))
    .addOption(new Option('-n, --limit <n>', 'number of rows, newest first').default(10).argParser(positiveInt))
    .addOption(new Option('--tz <zone>', 'show times in this IANA zone (default: each line\'s own logged offset)').argParser(timeZone))
    .helpOption('-h, --help', 'show this help')
    .addHelpText('after', BUILD_EXAMPLES)
    .action(async (inputs: string[], flags: BuildFlags) => {
      await build(
        { inputs, output: flags.output ?? null, limit: flags.limit, tz: flags.tz ?? null },
        { stdin: io.stdin, stdout: io.stdout, warn: (line) => void io.stderr.write(`${PROG}: ${line}\n`) },
      )
      run.code = EXIT.ok
    })
  return cmd
}

export const main = async (argv: readonly string[], io: MainIO = process): Promise<ExitCode> => {
  const run: { code: ExitCode } = { code: EXIT.ok }
  const helpHint = argv[0] === 'build' ? `${PROG} build --help` : `${PROG} --help`
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
