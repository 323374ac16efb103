/**
 * `profiler-search htpasswd FILE USER`: a user's bcrypt entry for `serve
 * --htpasswd` (and nginx's auth_basic_user_file) without apache2-utils. The
 * password is typed at a terminal or piped in, never given as an argument.
 */

import { InvalidArgumentError, Option, type Command } from 'commander'
import { usageError } from '../errors.js'
import type { HtpasswdOptions } from '../jobs/htpasswd/htpasswd.js'
import { DEFAULT_COST, userNameProblem } from '../jobs/htpasswd/entries.js'
import type { CommandContext } from './command-context.js'
import { HTPASSWD_EXAMPLES } from './help-texts.js'
import { readPassword, type PasswordStdin } from './password-prompt.js'

/** bcrypt's costs htpasswd -C takes. */
const COSTS = { min: 4, max: 17 }

function cost(value: string): number {
  const n = /^\d{1,2}$/.test(value) ? Number(value) : NaN
  if (!(n >= COSTS.min && n <= COSTS.max)) throw new InvalidArgumentError(`give a whole number from ${COSTS.min} to ${COSTS.max}: each one more doubles the time a check takes`)
  return n
}

function userName(value: string): string {
  const problem = userNameProblem(value)
  if (problem !== undefined) throw new InvalidArgumentError(problem)
  return value
}

/** Adds `htpasswd` to the program. */
export function addHtpasswdCommand(program: Command, context: CommandContext): Command {
  return program
    .command('htpasswd')
    .description('Add a user to a file of users for serve --htpasswd (bcrypt, as htpasswd -B writes it), or replace their password; the password is typed (not shown) or read from stdin, never given as an argument.')
    .argument('<file>', 'the file of users: made (mode 0600) if missing, else replaced atomically with the user\'s entry added or replaced')
    .argument('<user>', 'the user name', userName)
    .addOption(new Option('--cost <n>', `bcrypt's cost: 2^n rounds (${COSTS.min} to ${COSTS.max}); serve checks a password on every request`).default(DEFAULT_COST).argParser(cost))
    .helpOption('-h, --help', 'show this help')
    .addHelpText('after', HTPASSWD_EXAMPLES)
    // a third argument is most likely a password: refused with a word on why, not as just one too many
    .allowExcessArguments(true)
    .action(async (file: string, user: string, flags: { cost: number }, command: Command) => {
      if (command.args.length > 2) {
        throw usageError('htpasswd takes no password as an argument: ps shows every argument to every user', 'type it when asked, or give it as the first line of stdin')
      }
      // loaded when it runs: a build does not pay for it
      const { setPassword } = await import('../jobs/htpasswd/htpasswd.js')
      const { io } = context
      const options: HtpasswdOptions = { file, user, cost: flags.cost }
      await setPassword(options, () => readPassword(io.stdin as PasswordStdin, io.stderr), io)
    })
}
