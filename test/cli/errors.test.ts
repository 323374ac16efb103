/** User mistakes: one line on stderr naming the culprit, a documented exit code, nothing written. */

import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import t, { type Test } from 'tap'
import { fixture, runCli } from '../helpers/run-cli.js'

const OLD_PAGE = '<!DOCTYPE html><p>previous page</p>\n'

/** A folder with a previous page in it, to prove it survives a failed run. */
const withPreviousPage = (t: Test): string => {
  const dir = t.testdir({ 'out.html': OLD_PAGE })
  return dir
}

const assertUntouched = (t: Test, dir: string): void => {
  t.equal(readFileSync(`${dir}/out.html`, 'utf8'), OLD_PAGE, 'the previous page is unchanged')
  t.strictSame(readdirSync(dir), ['out.html'], 'no temporary file is left')
}

const cases: { name: string; args: (dir: string) => string[]; code: number; stderr: (dir: string) => string }[] = [
  {
    name: 'a missing input',
    args: (dir) => ['build', fixture('handmade/mixed.log'), `${dir}/nope.log`, '-o', `${dir}/out.html`],
    code: 2,
    stderr: (dir) => `profiler-search: cannot read ${dir}/nope.log: no such file (check the path; use - to read stdin)\n`,
  },
  {
    name: 'a folder as input',
    args: (dir) => ['build', `${dir}/`, '-o', `${dir}/out.html`],
    code: 2,
    stderr: (dir) => `profiler-search: cannot read ${dir}/: it is a folder (name the log files in it, e.g. ${dir}/access.log)\n`,
  },
  {
    name: 'an unknown option',
    args: (dir) => ['build', '--limt', '5', '-o', `${dir}/out.html`],
    code: 2,
    stderr: () => "profiler-search: unknown option '--limt' (Did you mean --limit?) (see profiler-search build --help)\n",
  },
  {
    name: 'a bad --limit',
    args: (dir) => ['build', '--limit', '0', fixture('handmade/mixed.log'), '-o', `${dir}/out.html`],
    code: 2,
    stderr: () => "profiler-search: option '-n, --limit <n>' argument '0' is invalid. give a whole number of 1 or more (see profiler-search build --help)\n",
  },
  {
    name: 'a non-numeric --limit',
    args: (dir) => ['build', '--limit', '10x', fixture('handmade/mixed.log'), '-o', `${dir}/out.html`],
    code: 2,
    stderr: () => "profiler-search: option '-n, --limit <n>' argument '10x' is invalid. give a whole number of 1 or more (see profiler-search build --help)\n",
  },
  {
    name: 'an unknown --tz',
    args: (dir) => ['build', '--tz', 'Mars/Olympus', fixture('handmade/mixed.log'), '-o', `${dir}/out.html`],
    code: 2,
    stderr: () => "profiler-search: option '--tz <zone>' argument 'Mars/Olympus' is invalid. give an IANA time zone name such as Europe/Berlin or UTC (see profiler-search build --help)\n",
  },
  {
    name: 'stdin named twice',
    args: (dir) => ['build', '-', '-', '-o', `${dir}/out.html`],
    code: 2,
    stderr: () => 'profiler-search: stdin (-) is named more than once (name it once)\n',
  },
  {
    name: 'an input that is not an access log',
    args: (dir) => ['build', fixture('handmade/mixed.log'), fixture('handmade/not-a-log.txt'), '-o', `${dir}/out.html`],
    code: 1,
    stderr: () => `profiler-search: ${fixture('handmade/not-a-log.txt')}: none of the first 3 lines is an nginx or Apache access log line in combined or common format (first: "[22-Nov-2026 10:00:00 Europe/Berlin] PHP Deprecated:  Implicit conversion from f") (is this an access log?)\n`,
  },
  {
    name: 'an unknown command',
    args: () => ['biuld'],
    code: 2,
    stderr: () => "profiler-search: unknown command 'biuld' (Did you mean build?) (see profiler-search --help)\n",
  },
]

for (const c of cases) {
  t.test(c.name, async (t) => {
    const dir = withPreviousPage(t)
    const r = await runCli(c.args(dir))
    t.equal(r.code, c.code, 'exit code')
    t.equal(r.stderr, c.stderr(dir), 'one line on stderr')
    t.equal(r.stdout, '', 'nothing on stdout')
    assertUntouched(t, dir)
  })
}

t.test('an output folder that does not exist fails before reading', async (t) => {
  const dir = t.testdir({})
  const r = await runCli(['build', fixture('handmade/mixed.log'), '-o', `${dir}/missing/out.html`])
  t.equal(r.code, 2)
  t.equal(r.stderr, `profiler-search: cannot write ${dir}/missing/out.html: its folder does not exist (choose another --output)\n`)
  t.notOk(existsSync(`${dir}/missing`))
})

t.test('an output that is a folder', async (t) => {
  const dir = t.testdir({ sub: {} })
  const r = await runCli(['build', fixture('handmade/mixed.log'), '-o', `${dir}/sub`])
  t.equal(r.code, 2)
  t.equal(r.stderr, `profiler-search: cannot write ${dir}/sub: it is a folder (give a file name, e.g. --output out.html)\n`)
})

t.test('no command prints the help on stderr with exit 2', async (t) => {
  const r = await runCli([])
  t.equal(r.code, 2)
  t.match(r.stderr, /^Usage: profiler-search \[options\] \[command\]/)
})

t.test('-o replaces the previous page atomically and leaves nothing else', async (t) => {
  const dir = withPreviousPage(t)
  writeFileSync(`${dir}/keep.txt`, 'x')
  const r = await runCli(['build', fixture('handmade/mixed.log'), '-o', `${dir}/out.html`])
  t.equal(r.code, 0)
  t.equal(r.stdout, '')
  t.match(readFileSync(`${dir}/out.html`, 'utf8'), /^<!DOCTYPE html>\n[\s\S]*6 results found[\s\S]*<\/html>\n$/)
  t.strictSame(readdirSync(dir).sort(), ['keep.txt', 'out.html'])
})
