/**
 * The program behind `main()`: options are read and checked, the job runs,
 * and the exit code is returned. User mistakes become one line on stderr
 * with a hint; anything else is a bug and keeps its stack (mapped back to
 * src/ when running from the bundle).
 */

import { Command, CommanderError } from 'commander'
import { deviceError, EXIT, isUserError } from '../errors.js'
import { signalExitCode, Stopped } from '../stop.js'
import { addBuildCommand } from './build-command.js'
import type { CommandContext } from './command-context.js'
import { bugReport } from './bug-report.js'
import { EXIT_CODES_HELP, PROG } from './help-texts.js'
import { jobIO } from '../jobs/job-io.js'
import type { MainIO } from './main-io.js'
import { addMergeCommand } from './merge-command.js'
import { addShipCommand } from './ship-command.js'
import { printed } from './print.js'
import { version } from './version.js'
import { addServeCommand } from './serve-command.js'
import { addHtpasswdCommand } from './htpasswd-command.js'
import { addWatchCommand } from './watch-command.js'

/** The commands, each with a --help of its own. */
const COMMANDS: readonly string[] = ['build', 'watch', 'merge', 'ship', 'serve', 'htpasswd']

/** The program; what commander prints on stdout (the help, the version) is kept in `out`, to be printed once it is done. */
/** Options people type for one of ours that commander's spelling suggestion misses (`--format csv` is not `--from`). */
const MEANT: Readonly<Record<string, string>> = { '--format': '--emit', '--output-format': '--emit' }

/** Commander's line about an unknown option, with the option meant when people often type another. */
function withMeantOption(line: string): string {
  const unknown = /^unknown option '([^'=]*)(?:=[^']*)?'/.exec(line)
  const meant = unknown ? MEANT[unknown[1] ?? ''] : undefined
  return meant && unknown ? `${unknown[0]} (Did you mean ${meant}?)` : line
}

function program(io: MainIO, helpHint: string, out: { text: string }): Command {
  const context: CommandContext = { io: jobIO(io, (line) => void io.stderr.write(`${PROG}: ${line}\n`)) }
  const cmd = new Command(PROG)
    .description('Rebuild the profiler\'s "Profile Search" page from nginx/Apache access logs.')
    .version(version(), '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show this help')
    .addHelpCommand(false)
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (s) => {
        out.text += s
      },
      writeErr: (s) => void io.stderr.write(s),
      outputError: (message, write) => {
        const line = withMeantOption(message.trim().split('\n').join(' ').replace(/^error: /, ''))
        write(`${PROG}: ${line} (see ${helpHint})\n`)
      },
    })
    .addHelpText('after', EXIT_CODES_HELP)
  addBuildCommand(cmd, context)
  addWatchCommand(cmd, context)
  addMergeCommand(cmd, context)
  addShipCommand(cmd, context)
  addServeCommand(cmd, context)
  addHtpasswdCommand(cmd, context)
  return cmd
}

export async function runProgram(argv: readonly string[], io: MainIO): Promise<number> {
  const helpHint = COMMANDS.includes(argv[0] ?? '') ? `${PROG} ${argv[0]} --help` : `${PROG} --help`
  const out = { text: '' }
  const cmd = program(io, helpHint, out)
  if (argv.length === 0) {
    io.stderr.write(cmd.helpInformation())
    return EXIT.usage
  }
  try {
    await cmd.parseAsync([...argv], { from: 'user' })
    return EXIT.ok
  } catch (e) {
    if (e instanceof CommanderError) {
      return e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help'
        ? printed(io, out.text)
        : EXIT.usage
    }
    const userError = isUserError(e) ? e : deviceError(e)
    if (userError !== null) {
      io.stderr.write(`${userError.format(PROG)}\n`)
      return userError.exitCode
    }
    // the process ends by the signal once the stop's cleanups ran; run in a process of one's own (a test), the shell's code for it
    if (e instanceof Stopped) return signalExitCode(e.signal)
    io.stderr.write(`${PROG}: internal error, please report it:\n${bugReport(e)}\n`)
    return EXIT.internal
  }
}
