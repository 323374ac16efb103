/** `build` end to end through the bin: files, stdin, gzip, several inputs. */

import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import t from 'tap'
import { countLine, detailSections, rowSummaries, tableRows, type DetailSection } from '../helpers/page.js'
import { fixture, runCli } from '../helpers/run-cli.js'

const MIXED_ROWS = [
  '200 127.0.0.11 GET /robots.txt 22.11.2026 10:00:11',
  '200 127.0.0.9 GET /wohnzimmer/ 22.11.2026 4:00:09',
  '200 ::1 GET /forms/index/id/5 22.11.2026 10:00:08',
  '200 127.0.0.6 GET /sitemap_index.xml 22.11.2026 10:00:05',
  '200 127.0.0.3 GET /moebel/sofas/12/sofa-bergen 22.11.2026 10:00:02',
  '200 127.0.0.2 GET /moebel/ 22.11.2026 10:00:01',
]

/** fixtures/handmade/apache-out-of-order.log, newest first by timestamp. */
const APACHE_ROWS = [
  '200 127.0.0.25 GET /sitemap_index.xml 22.11.2026 4:10:06',
  '200 127.0.0.23 GET /robots.txt 22.11.2026 4:10:06',
  '200 127.0.0.21 GET /garten-deko/ 22.11.2026 4:10:05',
  '200 127.0.0.24 GET /anfrage-formular?sOrdernumber=SW10001.2&sInquiry=detail 22.11.2026 4:10:03',
  '200 127.0.0.22 GET /moebel/sofas/4711/sofa-langsam?c=12 22.11.2026 4:10:01',
]

t.test('a file with malformed lines: exact rows, and one summary line', async (t) => {
  const r = await runCli(['build', fixture('handmade/mixed.log')])
  t.equal(r.code, 0)
  t.equal(countLine(r.stdout), '6 results found')
  t.strictSame(rowSummaries(r.stdout), MIXED_ROWS)
  t.equal(r.stderr,
    `profiler-search: skipped 4 of 12 lines (2 not a log line, 1 bad time, 1 bad status); first at ${fixture('handmade/mixed.log')}:2\n`)
})

/** The line numbers of MIXED_ROWS in fixtures/handmade/mixed.log, in row order. */
const MIXED_LINES = [13, 11, 10, 7, 4, 1]

/** The Source field of each token detail section, in page order. */
const sources = (html: string): Array<string | undefined> =>
  detailSections(html).map((section) => section.log.find(([label]) => label === 'Source')?.[1])

/** The token detail sections without their Source field. */
const detailsWithoutSource = (html: string): DetailSection[] =>
  detailSections(html).map((section) => ({ ...section, log: section.log.filter(([label]) => label !== 'Source') }))

t.test('stdin, by - and by no input at all, gives the same page', async (t) => {
  const input = readFileSync(fixture('handmade/mixed.log'))
  const fromFile = await runCli(['build', fixture('handmade/mixed.log')])
  t.strictSame(sources(fromFile.stdout), MIXED_LINES.map((line) => `mixed.log:${line}`), 'an absolute path by its file name')
  t.strictSame(rowSummaries(fromFile.stdout), MIXED_ROWS)
  for (const args of [['build', '-'], ['build']]) {
    const r = await runCli(args, { input })
    t.equal(r.code, 0, args.join(' '))
    t.strictSame(tableRows(r.stdout), tableRows(fromFile.stdout), 'tokens and rows identical to reading the file')
    t.strictSame(detailsWithoutSource(r.stdout), detailsWithoutSource(fromFile.stdout), 'details identical but for their source')
    t.strictSame(sources(r.stdout), MIXED_LINES.map((line) => `stdin:${line}`))
    t.equal(r.stderr, 'profiler-search: skipped 4 of 12 lines (2 not a log line, 1 bad time, 1 bad status); first at stdin:2\n')
  }
})

t.test('gzip is recognised by its bytes, whatever the name, also on stdin', async (t) => {
  const dir = t.testdir({
    'plain-name.log': gzipSync(readFileSync(fixture('handmade/mixed.log'))),
    // two gzip members in a row, as `cat a.gz b.gz` makes
    'two-members.gz': Buffer.concat([
      gzipSync(readFileSync(fixture('handmade/apache-out-of-order.log'))),
      gzipSync(readFileSync(fixture('handmade/mixed.log'))),
    ]),
  })
  const named = await runCli(['build', `${dir}/plain-name.log`])
  t.equal(named.code, 0)
  t.strictSame(rowSummaries(named.stdout), MIXED_ROWS)
  const piped = await runCli(['build', '-'], { input: readFileSync(`${dir}/plain-name.log`) })
  t.strictSame(rowSummaries(piped.stdout), MIXED_ROWS)
  const members = await runCli(['build', '--limit', '100', `${dir}/two-members.gz`])
  t.equal(countLine(members.stdout), '11 results found', '5 + 6 rows from both members')
})

t.test('Apache lines written out of order are listed newest first by timestamp', async (t) => {
  const r = await runCli(['build', fixture('handmade/apache-out-of-order.log')])
  t.equal(r.code, 0)
  t.strictSame(rowSummaries(r.stdout), APACHE_ROWS)
  t.equal(r.stderr, '')
})

t.test('--limit keeps the newest N; ties go to the line later in the input', async (t) => {
  const r = await runCli(['build', '--limit', '1', fixture('handmade/apache-out-of-order.log')])
  t.strictSame(rowSummaries(r.stdout), ['200 127.0.0.25 GET /sitemap_index.xml 22.11.2026 4:10:06'])
  t.equal(countLine(r.stdout), '1 results found')
  const three = await runCli(['build', '-n', '3', fixture('handmade/apache-out-of-order.log')])
  t.equal(tableRows(three.stdout).length, 3)
})

t.test('several inputs make one listing, across formats and offsets', async (t) => {
  // The Apache rows (-0500) are ten minutes newer than the mixed ones (+0100 and -0500).
  const r = await runCli(['build', '--limit', '7', fixture('handmade/mixed.log'), fixture('handmade/apache-out-of-order.log')])
  t.equal(r.code, 0)
  t.strictSame(rowSummaries(r.stdout), [...APACHE_ROWS, ...MIXED_ROWS.slice(0, 2)])
})

t.test('--tz shows every time in one zone', async (t) => {
  const r = await runCli(['build', '--tz', 'Europe/Berlin', fixture('handmade/mixed.log')])
  t.strictSame(rowSummaries(r.stdout).slice(0, 2), [
    '200 127.0.0.11 GET /robots.txt 22.11.2026 10:00:11',
    '200 127.0.0.9 GET /wohnzimmer/ 22.11.2026 10:00:09',
  ])
  const utc = await runCli(['build', '--tz', 'UTC', '-n', '1', fixture('handmade/mixed.log')])
  t.strictSame(rowSummaries(utc.stdout), ['200 127.0.0.11 GET /robots.txt 22.11.2026 9:00:11'])
})

t.test('tokens: uniqid layout, seconds of the request, unique, same on every run', async (t) => {
  const first = tableRows((await runCli(['build', fixture('handmade/mixed.log')])).stdout)
  const second = tableRows((await runCli(['build', fixture('handmade/mixed.log')])).stdout)
  const tokens = first.map((cells) => cells[5])
  t.strictSame(tokens, second.map((cells) => cells[5]))
  t.equal(new Set(tokens).size, tokens.length)
  for (const token of tokens) t.match(token, /^[0-9a-f]{13}$/)
  // 22/Nov/2026:10:00:11 +0100 is 1795338011 = 0x6b02af1b
  t.equal(tokens[0]?.slice(0, 8), '6b02af1b')
})

t.test('an empty input gives a valid page with 0 results and the table, and says no lines were read', async (t) => {
  for (const [args, named] of [[['build', fixture('handmade/empty.log')], fixture('handmade/empty.log')], [['build', '-'], 'stdin']] as const) {
    const r = await runCli(args)
    t.equal(r.code, 0)
    t.equal(countLine(r.stdout), '0 results found')
    t.match(r.stdout, /<table id="search-results">[\s\S]*<thead>[\s\S]*<tbody>\n<\/tbody>/)
    t.equal(r.stderr, `profiler-search: no lines read: ${named} is empty\n`)
  }
})

/** Descriptors this process holds open. */
const openFds = (): number => readdirSync('/proc/self/fd').length

t.test('a build that fails lets go of every file it opened', { skip: existsSync('/proc/self/fd') ? false : 'no /proc/self/fd to count descriptors in' }, async (t) => {
  const dir = t.testdir({ 'not-a-log.txt': 'hello\n' })
  const failing: [string, number, string[]][] = [
    ['the notices file missing: the input and the notices file before it are open', 2,
      ['build', fixture('nginx/access.log'), '--notices', fixture('php/error_log'), '--notices', `${dir}/missing`]],
    ['the first input read is no log: the other one is open, and never read', 1, ['build', fixture('nginx/access.log'), `${dir}/not-a-log.txt`]],
  ]
  for (const [what, code, argv] of failing) {
    const before = openFds()
    const r = await runCli(argv)
    t.equal(r.code, code, `${what}: exit ${code}`)
    t.equal(openFds(), before, `${what}: all closed`)
  }
})
