/**
 * The program behind main() (src/cli/program.ts), run in this process: the
 * exit code of each way a run ends, and the one line of a user's mistake;
 * a bug keeps its stack; a stop gives the shell's code of its signal.
 */

import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import t from 'tap'
import { EXIT_CODES_HELP } from '../../../src/cli/help-texts.js'
import { runProgram } from '../../../src/cli/program.js'
import { Stopped } from '../../../src/stop.js'
import { testIO } from '../../helpers/main-io.js'
import { ROOT } from '../../helpers/run-cli.js'

const run = async (argv: string[], cwd = '/', stdin?: AsyncIterable<Buffer>) => {
  const io = testIO(cwd, stdin)
  const code = await runProgram(argv, io.io)
  return { code, stdout: io.stdout(), stderr: io.stderr() }
}

t.test('no command: the help on stderr, exit 2', async (t) => {
  const r = await run([])
  t.equal(r.code, 2)
  t.match(r.stderr, /^Usage: profiler-search \[options\] \[command\]\n\nRebuild the profiler's "Profile Search" page/)
  t.equal(r.stdout, '')
})

t.test('--help and --version: on stdout, exit 0', async (t) => {
  const help = await run(['--help'])
  t.equal(help.code, 0)
  t.ok(help.stdout.endsWith(`${EXIT_CODES_HELP}\n`), 'the exit codes after the options')
  const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string }
  t.strictSame(await run(['--version']), { code: 0, stdout: `${version}\n`, stderr: '' })
  t.equal((await run(['build', '--help'])).code, 0)
})

t.test('a mistake commander finds: one line naming it and the help to read, exit 2', async (t) => {
  t.strictSame(await run(['--bogus']), { code: 2, stdout: '', stderr: 'profiler-search: unknown option \'--bogus\' (see profiler-search --help)\n' })
  t.strictSame(await run(['build', '--bogus']), { code: 2, stdout: '', stderr: 'profiler-search: unknown option \'--bogus\' (see profiler-search build --help)\n' })
  t.strictSame(await run(['merge', '-n', '0']), {
    code: 2, stdout: '', stderr: 'profiler-search: option \'-n, --limit <n>\' argument \'0\' is invalid. give a whole number of 1 or more (see profiler-search merge --help)\n',
  })
  t.strictSame(await run(['biuld']), { code: 2, stdout: '', stderr: 'profiler-search: unknown command \'biuld\' (Did you mean build?) (see profiler-search --help)\n' })
  for (const argv of [['build', '--format', 'csv'], ['merge', '--format', 'csv'], ['build', '--output-format', 'csv']]) {
    t.strictSame(await run(argv), { code: 2, stdout: '', stderr: `profiler-search: unknown option '${argv[1]}' (Did you mean --emit?) (see profiler-search ${argv[0]} --help)\n` },
      `${argv.join(' ')}: the option people mean, not --from`)
  }
  t.equal((await run(['build', '--format=csv'])).stderr, 'profiler-search: unknown option \'--format=csv\' (Did you mean --emit?) (see profiler-search build --help)\n')
  t.equal((await run(['build', '--fromm', 'x'])).stderr, 'profiler-search: unknown option \'--fromm\' (Did you mean --from?) (see profiler-search build --help)\n', 'commander\'s own suggestion otherwise')
})

t.test('a user error of the job: its one line and its code', async (t) => {
  t.strictSame(await run(['build', 'missing.log'], t.testdir()), {
    code: 2, stdout: '', stderr: 'profiler-search: cannot read missing.log: no such file (check the path; use - to read stdin)\n',
  })
  t.strictSame(await run(['build', 'junk.log'], t.testdir({ 'junk.log': 'junk\n' })), {
    code: 1, stdout: '', stderr: 'profiler-search: junk.log: its only line is not an nginx or Apache access log line in combined or common format (it reads: "junk") (is this an access log?)\n',
  })
})

t.test('a stop: the code a shell shows for its signal', async (t) => {
  const stopped = (async function* stdin(): AsyncGenerator<Buffer> {
    yield Buffer.from('192.0.2.1 - - [22/Nov/2026:10:00:00 +0000] "GET / HTTP/1.1" 200 3\n')
    throw new Stopped('SIGTERM')
  })()
  t.strictSame(await run(['build', '-'], '/', stopped), { code: 143, stdout: '', stderr: '' })
})

t.test('a bug: exit 70, the stack kept', async (t) => {
  const bug = (async function* stdin(): AsyncGenerator<Buffer> {
    yield Buffer.from('')
    throw new TypeError('a bug in the reading')
  })()
  const r = await run(['build', '-'], '/', bug)
  t.equal(r.code, 70)
  t.match(r.stderr, /^profiler-search: internal error, please report it:\nTypeError: a bug in the reading\n {4}at /)
  t.equal(r.stdout, '')
})
