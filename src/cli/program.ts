/**
 * The program behind `main()`: options are read and checked, the job runs,
 * and the exit code is returned. User mistakes become one line on stderr
 * with a hint; anything else is a bug and keeps its stack (mapped back to
 * src/ when running from the bundle).
 */

import { resolve } from 'node:path'
import { Command, CommanderError } from 'commander'
import { applyConfig } from '../config/apply-config.js'
import { CONFIG_FILE_NAME } from '../config/load-config.js'
import { EXIT, isUserError } from '../errors.js'
import { signalExitCode, Stopped } from '../stop.js'
import { addBuildCommand } from './build-command.js'
import type { CommandContext } from './command-context.js'
import { bugReport } from './bug-report.js'
import { EXIT_CODES_HELP, PROG } from './help-texts.js'
import { jobIO } from '../jobs/job-io.js'
import type { MainIO } from './main-io.js'
import { addMergeCommand } from './merge-command.js'
import { version } from './version.js'
import { addWatchCommand } from './watch-command.js'

/** `--verbose`: which config file the run took its values from; one found in the working folder by its full path. */
const configNote = (action: Command, cwd: string): string => {
  const named = action.getOptionValue('config') as string | undefined
  return named === undefined ? `config file ${resolve(cwd, CONFIG_FILE_NAME)} (found in the working folder)` : `config file ${named} (--config)`
}

const program = (io: MainIO, helpHint: string): Command => {
  const context: CommandContext = {
    io: jobIO(io, (line) => void io.stderr.write(`${PROG}: ${line}\n`)),
    config: { shapes: null },
  }
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
      const applied = await applyConfig(action, cmd.commands, io.cwd)
      context.config.shapes = applied.shapes
      if (applied.file !== null && action.getOptionValue('verbose') === true) context.io.warn(configNote(action, io.cwd))
    })
  addBuildCommand(cmd, context)
  addWatchCommand(cmd, context)
  addMergeCommand(cmd, context)
  return cmd
}

export const runProgram = async (argv: readonly string[], io: MainIO): Promise<number> => {
  const helpHint = argv[0] === 'build' || argv[0] === 'watch' || argv[0] === 'merge' ? `${PROG} ${argv[0]} --help` : `${PROG} --help`
  const cmd = program(io, helpHint)
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
        ? EXIT.ok
        : EXIT.usage
    }
    if (isUserError(e)) {
      io.stderr.write(`${e.format(PROG)}\n`)
      return e.exitCode
    }
    // the process ends by the signal once the stop's cleanups ran; run in a process of one's own (a test), the shell's code for it
    if (e instanceof Stopped) return signalExitCode(e.signal)
    io.stderr.write(`${PROG}: internal error, please report it:\n${bugReport(e)}\n`)
    return EXIT.internal
  }
}
