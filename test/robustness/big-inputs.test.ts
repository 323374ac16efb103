/**
 * Inputs built to exhaust memory or time: a 10 MB line, gzip that expands
 * 1000x (into many lines, or into one endless line). Each run must finish,
 * count what it skipped, and keep its peak RSS bounded (measured in the child
 * with process.resourceUsage().maxRSS as it exits).
 */

import { readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import t, { type Test } from 'tap'
import { countLine, rowSummaries } from '../helpers/page.js'
import { fixture, runCli, spawnCli, type CliResult } from '../helpers/run-cli.js'
import { clfTime, combinedLine, timeAt } from '../helpers/log-line.js'

const MB = 1024 * 1024
/** A generous bound: node itself takes about 50 MB; the inputs are 10 to 100 MB. */
const MAX_RSS_MB = 200
/** Longer than any of these runs takes on a loaded 2-core machine; a hang is killed and fails. */
const HANG_MS = 60_000

const NGINX = readFileSync(fixture('nginx/access.log'))
const line = (second: number, target: string): string => combinedLine({ time: clfTime(timeAt(2 * 3600 + second)), url: target })

/** Rows cut to 100 characters, so a failure never prints megabytes. */
const shortRows = (html: string): string[] => rowSummaries(html).map((row) => row.slice(0, 100))

const assertBounded = (t: Test, r: CliResult, what: string): void => {
  t.equal(r.timedOut, false, `${what}: finished within ${HANG_MS / 1000} s`)
  const mb = Math.round((r.maxRssKiB ?? Infinity) / 1024)
  t.ok(mb < MAX_RSS_MB, `${what}: peak RSS ${mb} MB < ${MAX_RSS_MB} MB`)
}

t.test('a 10 MB line (a listed URL shape) is skipped as too long, in bounded memory', async (t) => {
  const huge = line(2, `/${'a'.repeat(10 * MB)}/`)
  const input = `${line(1, '/moebel/')}\n${huge}\n${line(3, '/robots.txt')}\n`
  const r = await spawnCli(['build', '--tz', 'UTC', '-'], { input, measureRss: true, timeoutMs: HANG_MS })
  t.equal(r.code, 0)
  t.strictSame(shortRows(r.stdout), [
    '200 192.0.2.1 GET /robots.txt 22.11.2026 12:00:03',
    '200 192.0.2.1 GET /moebel/ 22.11.2026 12:00:01',
  ])
  t.equal(r.stderr, 'profiler-search: skipped 1 of 3 lines (1 line too long); first at stdin:2\n')
  assertBounded(t, r, '10 MB line')
})

t.test('a 10 MB last line without a newline at the end', async (t) => {
  const input = `${line(1, '/moebel/')}\n${'x'.repeat(10 * MB)}`
  const r = await spawnCli(['build', '-'], { input, measureRss: true, timeoutMs: HANG_MS })
  t.equal(r.code, 0)
  t.equal(countLine(r.stdout), '1 results found')
  t.equal(r.stderr, 'profiler-search: skipped 1 of 2 lines (1 line too long); first at stdin:2\n')
  assertBounded(t, r, '10 MB last line')
})

t.test('a .gz that expands 900x into 100 MB of NUL lines: read to the end, every line counted', async (t) => {
  const junk = Buffer.alloc(100 * MB, `${'\0'.repeat(16383)}\n`)
  const gz = Buffer.concat([gzipSync(NGINX), gzipSync(junk, { level: 9 })])
  t.ok(gz.length < 130 * 1024, `compressed to ${Math.round(gz.length / 1024)} KB`)
  const dir = t.testdir({ 'bomb.log.gz': gz })
  const r = await spawnCli(['build', '--limit', '100', `${dir}/bomb.log.gz`], { measureRss: true, timeoutMs: HANG_MS })
  t.equal(r.code, 0)
  const clean = await runCli(['build', '--limit', '100', fixture('nginx/access.log')])
  t.strictSame(shortRows(r.stdout), shortRows(clean.stdout))
  const skippedBefore = Number(/skipped (\d+) of (\d+)/.exec(clean.stderr)?.[1] ?? 0)
  const linesBefore = NGINX.toString('utf8').trimEnd().split('\n').length
  t.match(r.stderr, new RegExp(`^profiler-search: skipped ${skippedBefore + 6400} of ${linesBefore + 6400} lines \\(`), 'the 6400 junk lines are counted')
  assertBounded(t, r, '100 MB of lines')
})

t.test('a .gz that expands 1000x into one 100 MB line: skipped as too long, bounded memory, no hang', async (t) => {
  const gz = Buffer.concat([gzipSync(NGINX), gzipSync(Buffer.alloc(100 * MB), { level: 9 })])
  t.ok(gz.length < 110 * 1024, `compressed to ${Math.round(gz.length / 1024)} KB`)
  const dir = t.testdir({ 'zeros.gz': gz })
  const r = await spawnCli(['build', `${dir}/zeros.gz`], { measureRss: true, timeoutMs: HANG_MS })
  t.equal(r.code, 0)
  t.match(r.stderr, /^profiler-search: skipped \d+ of \d+ lines \([^)]*1 line too long[^)]*\)/)
  assertBounded(t, r, 'one 100 MB line')
})

t.test('merge and --notices: a .gz that expands into one 100 MB line is skipped as too long, in bounded memory', async (t) => {
  const row = readFileSync(fixture('ndjson/web1.ndjson'), 'utf8').split('\n')[0] ?? ''
  const dir = t.testdir({
    'rows.ndjson.gz': Buffer.concat([gzipSync(Buffer.alloc(100 * MB, 'x'), { level: 9 }), gzipSync(`\n${row}\n`)]),
    'error.log.gz': Buffer.concat([gzipSync(Buffer.alloc(100 * MB, 'x'), { level: 9 }), gzipSync('\nDeprecated: A in /a.php on line 1\n')]),
  })
  const merged = await spawnCli(['merge', '--emit', 'ndjson', `${dir}/rows.ndjson.gz`], { measureRss: true, timeoutMs: HANG_MS })
  t.strictSame([merged.code, merged.stdout, merged.stderr],
    [0, `${row}\n`, `profiler-search: skipped 1 of 2 lines (1 line too long); first at ${dir}/rows.ndjson.gz:1\n`])
  assertBounded(t, merged, 'merge')
  const built = await spawnCli(['build', fixture('nginx/access.log'), '--notices', `${dir}/error.log.gz`], { measureRss: true, timeoutMs: HANG_MS })
  t.equal(built.code, 0)
  t.equal(built.stderr, `profiler-search: --notices: skipped 1 of 2 lines (1 line too long); first at ${dir}/error.log.gz:1\n`)
  t.match(built.stdout, '<div class="php-notice"><b>Deprecated</b>: A in <b>…/a.php</b> on line <b>1</b></div>')
  assertBounded(t, built, '--notices')
})
