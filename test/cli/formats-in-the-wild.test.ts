/**
 * Access logs as they are found in the wild, not as a healthy nginx or
 * Apache writes them (fixtures/wild/, written by hand from each writer's
 * documentation; see fixtures/README.md): Traefik's CLF with its extra fields
 * and bare `-`, a last line cut off inside its User-Agent, and a file mixing
 * combined with vhost-prefixed lines. Also an input of one overlong line,
 * which is no access log at all.
 */

import { readFileSync, writeFileSync } from 'node:fs'
import t from 'tap'
import { countLine, tableRows } from '../helpers/page.js'
import { fixture, runCli } from '../helpers/run-cli.js'
import { commonLine } from '../helpers/log-line.js'

type Row = Record<string, unknown>
const ndjson = (text: string): Row[] => text.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Row)
/** `status ip method url time token` of each page row. */
const pageRows = (html: string): string[] => tableRows(html).map((cells) => cells.join(' '))
/** The keys of a row a reader of the log fills, without the page's columns and the source. */
const logged = (row: Row): Row => {
  const { referer, userAgent, bytes, host, port, forwardedFor, user, request, timestamp } = row
  return { timestamp, referer, userAgent, bytes, host, port, forwardedFor, user, request }
}

const TRAEFIK = fixture('wild/traefik.log')
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0'

t.test('Traefik\'s CLF: read as combined under auto, extra fields ignored, a bare - is null', async (t) => {
  const r = await runCli(['build', '--verbose', TRAEFIK])
  t.equal(r.code, 0)
  t.equal(r.stderr, `profiler-search: ${TRAEFIK}: log format combined (auto)\n`, 'every line is read')
  t.strictSame(pageRows(r.stdout), [
    '200 2001:db8::5 GET /wohnzimmer/sofas/4711/sofa-bergen-3-sitzer?c=12 22.11.2026 12:45:35 6b02e3ef5b3f8',
    '200 198.51.100.23 GET /robots.txt 22.11.2026 12:45:33 6b02e3ed48903',
    '200 203.0.113.8 GET /moebel/12/sofa-bergen 22.11.2026 12:45:32 6b02e3ecd36ce',
    '200 203.0.113.7 GET /moebel/ 22.11.2026 12:45:31 6b02e3eb5d426',
  ])
  const rows = ndjson((await runCli(['build', '--emit', 'ndjson', TRAEFIK])).stdout)
  t.strictSame(rows.map(logged), [
    { timestamp: '2026-11-22T12:45:35+00:00', referer: 'https://shop.example/wohnzimmer/', userAgent: null, bytes: 4096, host: null, port: null, forwardedFor: null, user: null,
      request: 'GET /wohnzimmer/sofas/4711/sofa-bergen-3-sitzer?c=12 HTTP/2.0' },
    { timestamp: '2026-11-22T12:45:33+00:00', referer: null, userAgent: 'curl/8.5.0', bytes: 24, host: null, port: null, forwardedFor: null, user: 'alice',
      request: 'GET /robots.txt HTTP/1.1' },
    { timestamp: '2026-11-22T12:45:32+00:00', referer: null, userAgent: null, bytes: 2048, host: null, port: null, forwardedFor: null, user: null,
      request: 'GET /moebel/12/sofa-bergen HTTP/2.0' },
    { timestamp: '2026-11-22T12:45:31+00:00', referer: 'https://www.google.de/', userAgent: FIREFOX, bytes: 512, host: null, port: null, forwardedFor: null, user: null,
      request: 'GET /moebel/ HTTP/1.1' },
  ], 'Traefik\'s unquoted - for an empty Referer or User-Agent is null, as "-" is')
  const fixed = await runCli(['build', '--log-format', 'combined', TRAEFIK])
  t.equal(fixed.stdout, r.stdout, '--log-format combined gives the same page')
  const all = await runCli(['build', '--any-url', '--method', 'any', '--status', 'any', TRAEFIK])
  t.equal(all.stderr, '', 'no line skipped')
  t.equal(countLine(all.stdout), '6 results found')
})

t.test('a last line cut off inside its User-Agent is read, the User-Agent as far as it was written', async (t) => {
  const log = fixture('wild/cut-off.log')
  const r = await runCli(['build', '--emit', 'ndjson', log])
  t.equal(r.code, 0)
  t.equal(r.stderr, '', 'not a skipped line')
  const rows = ndjson(r.stdout)
  t.strictSame(rows.map((row) => `${String(row.line)} ${String(row.url)} ${JSON.stringify(row.userAgent)}`), [
    '4 /lampen/ "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWe"',
    '3 /robots.txt "Mozilla/5.0 \\"quoted\\" agent"',
    '2 /sofas/ "curl/8.5.0"',
    '1 /moebel/ "Mozilla/5.0 (X11; Linux x86_64)"',
  ])
  t.strictSame(logged(rows[0] as Row), {
    timestamp: '2026-11-22T13:45:39+01:00', referer: 'https://shop.example/', userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWe',
    bytes: 300, host: null, port: null, forwardedFor: null, user: null, request: 'GET /lampen/ HTTP/1.1',
  }, 'the complete fields as logged')
  t.equal((rows[0] as Row).raw, '203.0.113.10 - - [22/Nov/2026:13:45:39 +0100] "GET /lampen/ HTTP/1.1" 200 300 "https://shop.example/" "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWe')

  const dir = t.testdir()
  const line = (n: number, tail: string) => `${commonLine({ ip: `203.0.113.${n}`, time: `22/Nov/2026:13:45:3${n} +0100`, url: '/moebel/', bytes: 3 })} ${tail}`
  writeFileSync(`${dir}/cuts.log`, [line(1, '"-" "curl/8"'), line(2, '"-" "'), line(3, '"https://shop.exa'), line(4, '"-" "ua"x'), 'x'].join('\n'))
  const cuts = await runCli(['build', '--emit', 'ndjson', `${dir}/cuts.log`])
  t.strictSame(ndjson(cuts.stdout).map((row) => [row.line, row.referer, row.userAgent]), [[2, null, null], [1, null, 'curl/8']],
    'cut right after the opening quote: nothing of it was written, null')
  t.equal(cuts.stderr, `profiler-search: skipped 3 of 5 lines (3 not a log line); first at ${dir}/cuts.log:3\n`,
    'only the last field: a line cut in the Referer, or one whose User-Agent has an unescaped quote not followed by a space, is not read')
})

t.test('a file mixing combined and vhost-prefixed lines: auto tries the other presets for a line combined cannot read', async (t) => {
  const log = fixture('wild/mixed-presets.log')
  const r = await runCli(['build', '--verbose', log])
  t.equal(r.code, 0)
  t.strictSame(pageRows(r.stdout), [
    '200 203.0.113.10 GET /forms/index/id/5 22.11.2026 13:45:35 6b02e3ef3ecd0',
    '200 198.51.100.4 GET /lampen/ 22.11.2026 13:45:33 6b02e3ed713b5',
    '200 203.0.113.9 GET /robots.txt 22.11.2026 13:45:32 6b02e3ec2af47',
    '200 203.0.113.8 GET /sofas/ 22.11.2026 13:45:31 6b02e3eb17450',
    '200 203.0.113.7 GET /moebel/ 22.11.2026 13:45:30 6b02e3eab0964',
  ])
  t.equal(r.stderr, [
    `profiler-search: ${log}: log format combined (auto)`,
    `profiler-search: ${log}:2: log format vhost_combined for lines combined cannot read (auto)`,
    `profiler-search: ${log}:5: not a log line: this line is in none of the formats`,
    `profiler-search: skipped 1 of 6 lines (1 not a log line); first at ${log}:5`,
    '',
  ].join('\n'), 'a line no preset reads is still skipped')
  const rows = ndjson((await runCli(['build', '--emit', 'ndjson', log])).stdout)
  t.strictSame(rows.map((row) => [row.line, row.host, row.port]), [[6, null, null], [4, 'blog.example', 80], [3, null, null], [2, 'shop.example', 443], [1, null, null]],
    'a vhost-prefixed line keeps its virtual host and port')
  const fixed = await runCli(['build', '--log-format', 'combined', log])
  t.equal(fixed.stderr, `profiler-search: skipped 3 of 6 lines (3 not a log line); first at ${log}:2\n`, 'a fixed --log-format has no fallback')
  t.equal(countLine(fixed.stdout), '3 results found')
})

t.test('an input of one line over 64 KiB without a newline is not an access log: exit 1; with a format named, a warning', async (t) => {
  const dir = t.testdir({ 'out.html': 'old page' })
  const head = 'x'.repeat(80)
  writeFileSync(`${dir}/one.log`, 'x'.repeat(100_000))
  const r = await runCli(['build', `${dir}/one.log`, '-o', `${dir}/out.html`])
  t.equal(r.code, 1)
  t.equal(r.stderr, `profiler-search: ${dir}/one.log: its only line is not an nginx or Apache access log line in combined or common format (it reads: "${head}") (is this an access log?)\n`)
  const stdin = await runCli(['build', '-'], { input: `${'y'.repeat(70_000)}\n${'z'.repeat(70_000)}\n` })
  t.equal(stdin.code, 1)
  t.equal(stdin.stderr, `profiler-search: stdin: none of its 2 lines is an nginx or Apache access log line in combined or common format (first: "${'y'.repeat(80)}") (is this an access log?)\n`,
    'every line too long')
  t.equal(readFileSync(`${dir}/out.html`, 'utf8'), 'old page', 'nothing written')
  const fixed = await runCli(['build', '--log-format', 'combined', `${dir}/one.log`])
  t.equal(fixed.code, 0, 'a format named: no line stops the run')
  t.equal(fixed.stderr, `profiler-search: ${dir}/one.log: its only line does not match --log-format combined (it reads: "${head}"); skipped (is it the format the server writes?)\n`
    + `profiler-search: skipped 1 of 1 lines (1 line too long); first at ${dir}/one.log:1\n`)
  t.equal(countLine(fixed.stdout), '0 results found')
})
