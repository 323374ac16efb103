/** The command line's entry (src/cli/main.ts): --version answered at once, anything else run by the program. */

import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import t from 'tap'
import { main } from '../../../src/cli/main.js'
import { testIO } from '../../helpers/main-io.js'
import { ROOT } from '../../helpers/run-cli.js'

const run = async (argv: string[]) => {
  const io = testIO('/')
  const code = await main(argv, io.io)
  return { code, stdout: io.stdout(), stderr: io.stderr() }
}

t.test('--version and -V alone: the version, exit 0', async (t) => {
  const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string }
  t.strictSame(await run(['--version']), { code: 0, stdout: `${version}\n`, stderr: '' })
  t.strictSame(await run(['-V']), { code: 0, stdout: `${version}\n`, stderr: '' })
})

t.test('anything else goes to the program', async (t) => {
  t.equal((await run([])).code, 2)
  t.strictSame(await run(['--bogus']), { code: 2, stdout: '', stderr: 'profiler-search: unknown option \'--bogus\' (see profiler-search --help)\n' })
  t.equal((await run(['merge', '--help'])).code, 0)
})
