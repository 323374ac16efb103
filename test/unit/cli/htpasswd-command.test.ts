/** `profiler-search htpasswd` (src/cli/htpasswd-command.ts): its arguments and option, checked as commander reads them. */

import t from 'tap'
import { addHtpasswdCommand } from '../../../src/cli/htpasswd-command.js'
import { commandWith } from '../../helpers/command-flags.js'

t.test('--cost: 5 by default, as htpasswd -B; 4 to 17', async (t) => {
  t.equal(commandWith(addHtpasswdCommand, []).opts<{ cost: number }>().cost, 5)
  t.equal(commandWith(addHtpasswdCommand, ['--cost', '12']).opts<{ cost: number }>().cost, 12)
  for (const bad of ['3', '18', 'ten', '5.5']) t.throws(() => commandWith(addHtpasswdCommand, ['--cost', bad]), { code: 'commander.invalidArgument' }, bad)
  t.strictSame(commandWith(addHtpasswdCommand, []).options.map((option) => option.long), ['--cost'])
})
