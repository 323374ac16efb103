/**
 * `watch` in process: its options and their refusals, and the runs that end
 * by themselves (every input a stream that ended, or history): the page is
 * the one `build` writes, with `--refresh`'s meta line when asked for. The
 * runs that follow files until a signal are in test/robustness/watch*.test.ts.
 */

import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import t from 'tap'
import { fixture, runCli } from '../helpers/run-cli.js'

const NGINX = readFileSync(fixture('nginx/access.log'), 'utf8')

t.test('watch needs a file or a folder to publish to, and options that fit', async (t) => {
  const refusals: Array<[string[], string]> = [
    [['watch', fixture('nginx/access.log')],
      'profiler-search: watch needs --output <file> or --out-dir <dir> (it publishes the page again as the logs grow, e.g. -o /var/www/profiler/index.html)\n'],
    [['watch', '-', '-o', 'x.json', '--emit', 'json', '--refresh', '5'],
      'profiler-search: --refresh is for the HTML page, not --emit json (leave out --refresh or --emit)\n'],
    [['watch', '-o', 'x.html', '--interval', '0'],
      "profiler-search: option '--interval <seconds>' argument '0' is invalid. give a number of seconds above 0 and at most 86400, such as 1 or 0.5 (to the millisecond) (see profiler-search watch --help)\n"],
    [['watch', '-o', 'x.html', '--interval', '0.0005'],
      "profiler-search: option '--interval <seconds>' argument '0.0005' is invalid. give a number of seconds above 0 and at most 86400, such as 1 or 0.5 (to the millisecond) (see profiler-search watch --help)\n"],
    [['watch', '-o', 'x.html', '--refresh', '0'],
      "profiler-search: option '--refresh <seconds>' argument '0' is invalid. give a whole number of 1 or more (see profiler-search watch --help)\n"],
    [['watch', '-o', 'x.html', '--strict'], "profiler-search: unknown option '--strict' (see profiler-search watch --help)\n"],
    [['watch', '-o', 'x.html', '--if-changed'], "profiler-search: unknown option '--if-changed' (see profiler-search watch --help)\n"],
    [['watch', '-o', 'x.html', '--all-notices'], "profiler-search: unknown option '--all-notices' (see profiler-search watch --help)\n"],
  ]
  for (const [args, stderr] of refusals) {
    const r = await runCli(args, { input: NGINX })
    t.strictSame([r.code, r.stderr, r.stdout], [2, stderr, ''], args.join(' '))
  }
})

t.test('stdin is followed until it ends: then the page is the one build writes, and the watch ends', async (t) => {
  const dir = t.testdir({})
  const built = await runCli(['build', '-', '-o', `${dir}/built.html`, '--limit', '5'], { input: NGINX })
  t.equal(built.code, 0, built.stderr)
  const watched = await runCli(['watch', '-', '-o', `${dir}/watched.html`, '--limit', '5', '--interval', '0.05'], { input: NGINX })
  t.strictSame([watched.code, watched.stdout, watched.stderr], [0, '', ''])
  t.equal(readFileSync(`${dir}/watched.html`, 'utf8'), readFileSync(`${dir}/built.html`, 'utf8'))
  t.strictSame(readdirSync(dir).sort(), ['built.html', 'watched.html'], 'no temporary file left')
})

t.test('--refresh adds one meta line to the head; the CSP stays as it is', async (t) => {
  const dir = t.testdir({})
  await runCli(['build', '-', '-o', `${dir}/built.html`], { input: NGINX })
  const r = await runCli(['watch', '-', '-o', `${dir}/page.html`, '--refresh', '5', '--interval', '0.05'], { input: NGINX })
  t.equal(r.code, 0, r.stderr)
  const page = readFileSync(`${dir}/page.html`, 'utf8')
  const built = readFileSync(`${dir}/built.html`, 'utf8')
  const meta = '<meta http-equiv="refresh" content="5">'
  t.equal(page.split(meta).length, 2, 'once')
  t.ok(page.indexOf(meta) < page.indexOf('</head>'), 'in the head')
  t.equal(page.replace(meta, ''), built, 'nothing else differs')
  t.match(page, /<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'">/)
})

t.test('--out-dir: the index page gets the refresh line, the profile pages do not', async (t) => {
  const dir = t.testdir({})
  const r = await runCli(['watch', '-', '--out-dir', `${dir}/site`, '--refresh', '2', '--limit', '2', '--interval', '0.05'], { input: NGINX })
  t.equal(r.code, 0, r.stderr)
  t.match(readFileSync(`${dir}/site/index.html`, 'utf8'), '<meta http-equiv="refresh" content="2">')
  const profiles = readdirSync(`${dir}/site/profiles`)
  t.equal(profiles.length, 2)
  for (const name of profiles) t.notMatch(readFileSync(`${dir}/site/profiles/${name}`, 'utf8'), 'http-equiv="refresh"')
})

t.test('history only (.gz, rotated names): published once, as build does, and the watch ends', async (t) => {
  const dir = t.testdir({})
  const inputs = [fixture('nginx/rotated/access.log.2.gz'), fixture('nginx/rotated/access.log.1')]
  const built = await runCli(['build', ...inputs, '--emit', 'ndjson', '-o', `${dir}/built.ndjson`])
  const watched = await runCli(['watch', ...inputs, '--emit', 'ndjson', '-o', `${dir}/watched.ndjson`])
  t.strictSame([built.code, watched.code, watched.stderr], [0, 0, ''])
  t.equal(readFileSync(`${dir}/watched.ndjson`, 'utf8'), readFileSync(`${dir}/built.ndjson`, 'utf8'))
})

t.test('a --notices line over 64 KiB is counted on stderr, as build does', async (t) => {
  const dir = t.testdir({
    'error.log.1.gz': gzipSync(`Deprecated: A in /a.php on line 1\nDeprecated: ${'é'.repeat(40_000)} in /b.php on line 2\n`),
  })
  const inputs = [fixture('nginx/rotated/access.log.1'), '--notices', `${dir}/error.log.1.gz`]
  const built = await runCli(['build', ...inputs, '-o', `${dir}/built.html`])
  const watched = await runCli(['watch', ...inputs, '-o', `${dir}/watched.html`])
  const line = `profiler-search: --notices: skipped 1 of 2 lines (1 line too long); first at ${dir}/error.log.1.gz:2\n`
  t.strictSame([built.code, built.stderr, watched.code, watched.stderr], [0, line, 0, line])
  t.equal(readFileSync(`${dir}/watched.html`, 'utf8'), readFileSync(`${dir}/built.html`, 'utf8'))
})

t.test('a start that fails is exit 2 or 1, as for build, with nothing written', async (t) => {
  const dir = t.testdir({ 'not-a-log': 'hello\nworld\n' })
  const missing = await runCli(['watch', `${dir}/nope.log`, '-o', `${dir}/out.html`])
  t.strictSame([missing.code, missing.stderr], [2, `profiler-search: cannot read ${dir}/nope.log: no such file (check the path; use - to read stdin)\n`])
  const notLog = await runCli(['watch', `${dir}/not-a-log`, '-o', `${dir}/out.html`])
  t.equal(notLog.code, 1)
  t.match(notLog.stderr, /^profiler-search: .*not-a-log: none of its 2 lines is an nginx or Apache access log line/)
  t.strictSame(readdirSync(dir), ['not-a-log'])
})

t.test('a watch that fails to start lets go of every file it opened', { skip: existsSync('/proc/self/fd') ? false : 'no /proc/self/fd to count descriptors in' }, async (t) => {
  const dir = t.testdir({ 'not-a-log.txt': 'hello\n' })
  const openFds = (): number => readdirSync('/proc/self/fd').length
  const failing: [string, number, string[]][] = [
    ['the notices file missing: the log and the notices file before it are open', 2,
      [fixture('nginx/access.log'), '--notices', fixture('php/error_log'), '--notices', `${dir}/missing`]],
    ['the log is no log: the notices file is open, not yet followed', 1, [`${dir}/not-a-log.txt`, '--notices', fixture('php/error_log')]],
  ]
  for (const [what, code, inputs] of failing) {
    const before = openFds()
    const r = await runCli(['watch', ...inputs, '-o', `${dir}/index.html`])
    t.equal(r.code, code, `${what}: exit ${code}`)
    t.equal(openFds(), before, `${what}: all closed`)
  }
})
