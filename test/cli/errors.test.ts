/** User mistakes: one line on stderr naming the culprit, a documented exit code, nothing written. */

import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { spawn } from 'node:child_process'
import { gzipSync } from 'node:zlib'
import t, { type Test } from 'tap'
import { BIN, fixture, NODE, NODE_ARGS, runCli } from '../helpers/run-cli.js'
import { clfTime, combinedLine, timeAt } from '../helpers/log-line.js'

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
    name: 'a --limit past the most rows held in memory',
    args: (dir) => ['build', '--limit', '1000001', '--emit', 'ndjson', fixture('handmade/mixed.log'), '-o', `${dir}/out.html`],
    code: 2,
    stderr: () => "profiler-search: option '-n, --limit <n>' argument '1000001' is invalid. give at most 1000000 rows (they are held in memory); filter with --from/--until or the other criteria for fewer (see profiler-search build --help)\n",
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
    name: 'a PHP error log given as an access log',
    args: (dir) => ['build', fixture('handmade/mixed.log'), fixture('handmade/not-a-log.txt'), '-o', `${dir}/out.html`],
    code: 1,
    stderr: () => `profiler-search: ${fixture('handmade/not-a-log.txt')}: none of its 3 lines is an nginx or Apache access log line in combined or common format (first: "[22-Nov-2026 10:00:00 Europe/Berlin] PHP Deprecated:  Implicit conversion from f") (it looks like PHP error output or an error log: read its notices with --notices FILE, and give the access log as input)\n`,
  },
  {
    name: 'an input that is not an access log',
    args: (dir) => ['build', fixture('handmade/mixed.log'), fixture('README.md'), '-o', `${dir}/out.html`],
    code: 1,
    stderr: () => `profiler-search: ${fixture('README.md')}: none of its 172 lines is an nginx or Apache access log line in combined or common format (first: "# Access-log fixtures") (is this an access log?)\n`,
  },
  {
    name: '--format csv, meaning --emit',
    args: (dir) => ['build', fixture('handmade/mixed.log'), '--format', 'csv', '-o', `${dir}/out.html`],
    code: 2,
    stderr: () => "profiler-search: unknown option '--format' (Did you mean --emit?) (see profiler-search build --help)\n",
  },
  {
    name: 'an --ip no address can hold',
    args: (dir) => ['build', fixture('handmade/mixed.log'), '--ip', '999.1.1.1', '-o', `${dir}/out.html`],
    code: 2,
    stderr: () => "profiler-search: option '--ip <text>' argument '999.1.1.1' is invalid. 999.1.1.1 can match no address: IPv4 addresses are four numbers of 0 to 255; " +
      'give part of an address such as 203.0.113 or 2001:db8, or a CIDR range such as 10.0.0.0/8 or 2001:db8::/32 (see profiler-search build --help)\n',
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

t.test('a truncated .gz is an input error and nothing is published', async (t) => {
  const dir = withPreviousPage(t)
  const gz = gzipSync(readFileSync(fixture('nginx/access.log')))
  writeFileSync(`${dir}/access.log.2.gz`, gz.subarray(0, gz.length - 40))
  const r = await runCli(['build', fixture('nginx/rotated/access.log'), `${dir}/access.log.2.gz`, '-o', `${dir}/out.html`])
  t.equal(r.code, 2)
  t.equal(r.stderr, `profiler-search: cannot read ${dir}/access.log.2.gz: the gzip data is truncated or corrupt (unexpected end of file) (check the file with gzip -t)\n`)
  t.equal(readFileSync(`${dir}/out.html`, 'utf8'), OLD_PAGE)
  t.strictSame(readdirSync(dir).sort(), ['access.log.2.gz', 'out.html'])
})

t.test('stdout closed early ends quietly with 0', async (t) => {
  // A page of 5000 rows is far larger than a pipe's buffer, so the write meets a closed pipe.
  const lines = Array.from({ length: 5000 }, (_, i) => combinedLine({ ip: '127.0.0.1', time: clfTime(timeAt(i)), url: `/moebel/${i + 1}/sofa` }))
  const dir = t.testdir({ 'big.log': `${lines.join('\n')}\n` })
  const result = await new Promise<{ code: number | null; stderr: string; got: number }>((resolve) => {
    const child = spawn(NODE, [...NODE_ARGS, BIN, 'build', '--limit', '5000', `${dir}/big.log`], { stdio: ['ignore', 'pipe', 'pipe'] })
    let got = 0
    let stderr = ''
    child.stdout.once('data', (b: Buffer) => {
      got = b.length
      child.stdout.destroy()
    })
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()))
    child.on('close', (code) => resolve({ code, stderr, got }))
  })
  t.ok(result.got > 0)
  t.equal(result.code, 0)
  t.equal(result.stderr, '')
})
