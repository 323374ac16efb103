/**
 * The search criteria of `build`, on fixtures/handmade/search.log: a night
 * in Europe/Berlin across midnight and the end of DST (03:00 CEST → 02:00
 * CET on 25 Oct 2026), with crawlers and browsers, IPv4, IPv6 and
 * IPv4-mapped clients, several methods and statuses, two identical lines
 * and two lines whose tokens collide. Every expectation is a list of the
 * fixture's line numbers, newest first, written out by hand.
 */

import { readdirSync, readFileSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import t from 'tap'
import { hasChromium, launchChromium, withPage } from '../helpers/browser.js'
import { countLine, rowSummaries, tableRows } from '../helpers/page.js'
import { fixture, runCli } from '../helpers/run-cli.js'

const LOG = fixture('handmade/search.log')

/** Each line of the fixture as its row (status ip method url time), in its logged offset. */
const LINE: Record<number, string> = {
  1: '200 203.0.113.7 GET /moebel/ 24.10.2026 23:58:10',
  2: '200 66.249.66.1 GET /robots.txt 24.10.2026 23:59:30',
  3: '200 2001:db8:0:1::5 GET /moebel/12/sofa-bergen 24.10.2026 23:59:59',
  4: '302 10.1.2.3 POST /checkout/finish 25.10.2026 0:00:00',
  5: '200 ::ffff:10.9.8.7 GET /moebel/sofas/4711/sofa-bergen-3-sitzer?c=12 25.10.2026 0:15:00',
  6: '200 157.55.39.1 GET /sitemap_index.xml 25.10.2026 0:30:00',
  7: '404 10.20.30.40 GET /moebel/99/sofa-ausverkauft 25.10.2026 1:00:00',
  8: '200 54.36.148.1 GET /moebel/12/sofa-bergen 25.10.2026 1:30:00',
  9: '200 2001:db8:0:1::5 HEAD /moebel/ 25.10.2026 1:45:00',
  10: '200 198.51.100.23 GET /anfrage?sInquiry=detail&sOrdernumber=SW10001 25.10.2026 2:15:00',
  11: '200 192.0.2.44 GET /search?sSearch=sofa 25.10.2026 2:40:00',
  12: '200 10.1.2.3 GET /forms/index/id/5 25.10.2026 2:59:59',
  13: '200 10.1.2.3 GET /moebel/ 25.10.2026 2:00:00',
  14: '200 2001:4860:4801::1 GET /moebel/sofas/4711/sofa-bergen-3-sitzer 25.10.2026 2:30:00',
  15: '204 203.0.113.7 DELETE /api/basket/3 25.10.2026 2:40:00',
  16: '301 203.0.113.70 GET /moebel/77/sofa-umgezogen 25.10.2026 2:45:00',
  17: '200 203.0.113.70 GET /moebel/ 25.10.2026 2:50:00',
  18: '200 198.51.100.23 GET /robots.txt 25.10.2026 3:05:00',
  19: '500 203.0.113.7 GET /moebel/12/sofa-bergen 25.10.2026 3:10:00',
  20: '200 198.51.100.23 GET /moebel/ 25.10.2026 3:15:00',
  21: '200 198.51.100.23 GET /moebel/ 25.10.2026 3:15:00',
  22: '200 198.51.100.14 GET /moebel/sofas/4711/sofa-bergen-3-sitzer 25.10.2026 3:30:00',
  23: '200 198.51.100.17 GET /moebel/sofas/4711/sofa-bergen-3-sitzer 25.10.2026 3:30:00',
}
// Line 24 is `"-" 400`: no request, never a row.

/** The original listing: GET, 200, storefront shapes, crawlers included. */
const DEFAULT = [23, 22, 21, 20, 18, 17, 14, 13, 12, 10, 8, 6, 5, 3, 2, 1]

const lines = (numbers: number[]): string[] => numbers.map((n) => LINE[n] as string)

const build = async (args: string[]) => {
  const r = await runCli(['build', LOG, '--limit', '100', ...args])
  return { ...r, rows: rowSummaries(r.stdout) }
}

/** Runs jobs a few at a time (each is a process start); the results keep the jobs' order. */
const inPool = async <T>(jobs: (() => Promise<T>)[], concurrency = 4): Promise<T[]> => {
  const results: T[] = []
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const i = next++
      results[i] = await (jobs[i] as () => Promise<T>)()
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return results
}

const buildAll = (argsList: string[][]) => inPool(argsList.map((args) => () => build(args)))

const cases: { args: string[]; rows: number[]; why: string }[] = [
  { args: [], rows: DEFAULT, why: 'no criteria: the original listing' },
  // --ip
  { args: ['--ip', '203.0.113.7'], rows: [17, 1], why: 'a substring, as in the original: .7 and .70' },
  { args: ['--ip', '203.0.113.7/32'], rows: [1], why: 'a /32 range: only .7' },
  { args: ['--ip', '203.0.113.7', '--method', 'any', '--status', 'any', '--any-url'], rows: [19, 17, 16, 15, 1], why: 'every line of .7 and .70' },
  { args: ['--ip', '10.0.0.0/8'], rows: [13, 12, 5], why: 'an IPv4 range takes the IPv4-mapped client ::ffff:10.9.8.7' },
  { args: ['--ip', '10.0.0.0/8', '--method', 'any', '--status', 'any', '--any-url'], rows: [13, 12, 7, 5, 4], why: 'every line from 10/8' },
  { args: ['--ip', '::ffff:10.0.0.0/104'], rows: [13, 12, 5], why: 'an IPv4-mapped range takes plain IPv4 clients' },
  { args: ['--ip', '2001:db8::/32'], rows: [3], why: 'an IPv6 range' },
  { args: ['--ip', '2001:db8::/32', '--method', 'any'], rows: [9, 3], why: 'an IPv6 range, any method' },
  { args: ['--ip', '2001:4860::/32'], rows: [14], why: 'Googlebot over IPv6' },
  { args: ['--ip', '::'], rows: [14, 5, 3], why: 'a substring of every IPv6 client' },
  // --method
  { args: ['--method', 'HEAD'], rows: [9], why: 'HEAD' },
  { args: ['--method', 'head'], rows: [9], why: 'upper-cased' },
  { args: ['--method', 'POST'], rows: [], why: 'the POST is no storefront shape and got 302' },
  { args: ['--method', 'POST', '--status', 'any', '--any-url'], rows: [4], why: 'the POST' },
  { args: ['--method', 'DELETE', '--status', '204', '--any-url'], rows: [15], why: 'the DELETE' },
  { args: ['--method', 'any'], rows: [23, 22, 21, 20, 18, 17, 14, 13, 12, 10, 9, 8, 6, 5, 3, 2, 1], why: 'GET and HEAD' },
  // --status
  { args: ['--status', '404'], rows: [7], why: 'a code' },
  { args: ['--status', '3xx'], rows: [16], why: 'a class' },
  { args: ['--status', '5XX'], rows: [19], why: 'a class, upper-case X' },
  { args: ['--status', '2xx'], rows: DEFAULT, why: 'every 2xx GET with a shape is a 200 here' },
  { args: ['--status', 'any'], rows: [23, 22, 21, 20, 19, 18, 17, 16, 14, 13, 12, 10, 8, 7, 6, 5, 3, 2, 1], why: 'every status' },
  // --url
  { args: ['--url', 'sofa'], rows: [23, 22, 14, 8, 5, 3], why: 'a substring' },
  { args: ['--url', '!sofa'], rows: [21, 20, 18, 17, 13, 12, 10, 6, 2, 1], why: '! excludes' },
  { args: ['--url', '?'], rows: [10, 5], why: 'the query is part of the URL column' },
  { args: ['--url=/moebel/12/'], rows: [8, 3], why: '--url=TEXT' },
  { args: ['--url', 'sofa', '--any-url'], rows: [23, 22, 14, 11, 8, 5, 3], why: '/search?sSearch=sofa has no storefront shape' },
  // --any-url
  { args: ['--any-url'], rows: [23, 22, 21, 20, 18, 17, 14, 13, 12, 11, 10, 8, 6, 5, 3, 2, 1], why: 'every GET 200' },
  { args: ['--any-url', '--method', 'any', '--status', 'any'], rows: [23, 22, 21, 20, 19, 18, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1], why: 'every request; the "-" line is none' },
  // --crawlers
  { args: ['--crawlers', 'include'], rows: DEFAULT, why: 'the default' },
  { args: ['--crawlers', 'exclude'], rows: [23, 22, 21, 20, 18, 17, 13, 12, 10, 5, 3, 1], why: 'no Googlebot, bingbot, AhrefsBot; line 18 has no User-Agent' },
  { args: ['--crawlers', 'only'], rows: [14, 8, 6, 2], why: 'Googlebot (smartphone, IPv6), AhrefsBot, bingbot, Googlebot' },
  // --from / --until in the logged offsets (+0200, then +0100)
  { args: ['--from', '2026-10-25'], rows: [23, 22, 21, 20, 18, 17, 14, 13, 12, 10, 8, 6, 5], why: 'from midnight' },
  { args: ['--until', '2026-10-24'], rows: [3, 2, 1], why: 'a date includes its whole day, up to 23:59:59' },
  { args: ['--from', '2026-10-25T02:30'], rows: [23, 22, 21, 20, 18, 17, 14, 12], why: 'shown at 2:30 or later: 2:59:59 CEST yes, 2:00:00 CET no' },
  { args: ['--until', '2026-10-25T02:15'], rows: [13, 10, 8, 6, 5, 3, 2, 1], why: 'shown up to 2:15:59: 2:00:00 CET too' },
  { args: ['--from', '2026-10-25T02:00', '--until', '2026-10-25T02:59'], rows: [17, 14, 13, 12, 10], why: 'the hour that happens twice, both times' },
  { args: ['--from', '2026-10-25T02:00', '--until', '2026-10-25T02:59', '--tz', 'Europe/Berlin'], rows: [17, 14, 13, 12, 10], why: 'the same in --tz Europe/Berlin' },
  { args: ['--from', '2026-10-25T03:05:00', '--until', '2026-10-25T03:15:00'], rows: [21, 20, 18], why: 'seconds, inclusive' },
  { args: ['--from', '2026-10-25', '--until', '2026-10-25'], rows: [23, 22, 21, 20, 18, 17, 14, 13, 12, 10, 8, 6, 5], why: 'one day' },
  // --from / --until with a zone offset: exact instants (line 12 is 00:59:59 UTC, line 13 01:00:00 UTC)
  { args: ['--from', '2026-10-25T02:00:00+01:00'], rows: [23, 22, 21, 20, 18, 17, 14, 13], why: 'an instant: only the second 2 o\'clock hour, not 2:59:59 CEST' },
  { args: ['--until', '2026-10-25T02:59:59+02:00'], rows: [12, 10, 8, 6, 5, 3, 2, 1], why: 'up to the end of that second, not the 2:00:00 CET after it' },
  { args: ['--from', '2026-10-25T01:00Z', '--until', '2026-10-25T01:30Z'], rows: [14, 13], why: 'Z; without seconds --until covers its minute' },
  { args: ['--from', '2026-10-25T03:15+0100', '--until', '2026-10-25T03:15+0100'], rows: [21, 20], why: '+0100; one minute' },
  { args: ['--from', '2026-10-24T23:59:59-01:00', '--until', '2026-10-25T01:30:00+00:00'], rows: [14, 13, 12], why: 'any offset names the same instants' },
  { args: ['--from', '2026-10-25T02:00', '--until', '2026-10-25T02:00:00+01:00'], rows: [13, 12, 10], why: 'mixed: shown at 2:00 or later, and up to the instant 01:00:00 UTC' },
  // combinations (AND)
  { args: ['--crawlers', 'exclude', '--ip', '2001:db8::/32', '--method', 'any'], rows: [9, 3], why: 'ip, method, crawlers' },
  { args: ['--crawlers', 'only', '--url', 'robots'], rows: [2], why: 'line 18 has no User-Agent: no crawler' },
  { args: ['--status', '4xx', '--method', 'any', '--any-url'], rows: [7], why: 'the 400 of line 24 has no request' },
  { args: ['--ip', '198.51.100.23', '--from', '2026-10-25T03:00', '--url', '/moebel/'], rows: [21, 20], why: 'ip, from, url' },
  { args: ['--any-url', '--status', 'any', '--method', 'any', '--crawlers', 'exclude', '--until', '2026-10-25T00:00'], rows: [4, 3, 1], why: 'five criteria' },
  { args: ['--url', '!sofa', '--crawlers', 'exclude', '--limit', '3'], rows: [21, 20, 18], why: 'with --limit' },
]

const caseResults = await buildAll(cases.map((c) => c.args))

for (const [i, c] of cases.entries()) {
  t.test(`${c.args.join(' ') || '(none)'}: ${c.why}`, async (t) => {
    const r = caseResults[i] as Awaited<ReturnType<typeof build>>
    t.equal(r.code, 0, 'exit code')
    t.equal(r.stderr, '', 'no message')
    t.strictSame(r.rows, lines(c.rows))
    t.equal(countLine(r.stdout), `${c.rows.length} results found`)
  })
}

t.test('--from and --until in --tz UTC', async (t) => {
  const until = await build(['--tz', 'UTC', '--until', '2026-10-24'])
  t.strictSame(until.rows, [
    '200 54.36.148.1 GET /moebel/12/sofa-bergen 24.10.2026 23:30:00',
    '200 157.55.39.1 GET /sitemap_index.xml 24.10.2026 22:30:00',
    '200 ::ffff:10.9.8.7 GET /moebel/sofas/4711/sofa-bergen-3-sitzer?c=12 24.10.2026 22:15:00',
    '200 2001:db8:0:1::5 GET /moebel/12/sofa-bergen 24.10.2026 21:59:59',
    '200 66.249.66.1 GET /robots.txt 24.10.2026 21:59:30',
    '200 203.0.113.7 GET /moebel/ 24.10.2026 21:58:10',
  ], 'the 24th in UTC ends at 2:00 CEST')
  const hour = await build(['--tz', 'UTC', '--from', '2026-10-25T00:00', '--until', '2026-10-25T01:00'])
  t.strictSame(hour.rows, [
    '200 10.1.2.3 GET /moebel/ 25.10.2026 1:00:00',
    '200 10.1.2.3 GET /forms/index/id/5 25.10.2026 0:59:59',
    '200 198.51.100.23 GET /anfrage?sInquiry=detail&sOrdernumber=SW10001 25.10.2026 0:15:00',
  ], 'in UTC there is no repeated hour')
})

t.test('--from and --until with an offset are instants, whatever --tz shows', async (t) => {
  const expected = [
    '200 2001:4860:4801::1 GET /moebel/sofas/4711/sofa-bergen-3-sitzer 25.10.2026 10:30:00',
    '200 10.1.2.3 GET /moebel/ 25.10.2026 10:00:00',
    '200 10.1.2.3 GET /forms/index/id/5 25.10.2026 9:59:59',
  ]
  const r = await build(['--tz', 'Asia/Tokyo', '--from', '2026-10-25T00:59:59Z', '--until', '2026-10-25T02:30+01:00'])
  t.equal(r.code, 0)
  t.strictSame(r.rows, expected, 'from 00:59:59 to 01:30:59 UTC, shown in Tokyo (+0900)')
  const utc = await build(['--tz', 'UTC', '--from', '2026-10-25T01:00:00+01:00', '--until', '2026-10-25T01:00Z'])
  t.strictSame(utc.rows, ['200 10.1.2.3 GET /moebel/ 25.10.2026 1:00:00', '200 10.1.2.3 GET /forms/index/id/5 25.10.2026 0:59:59',
    '200 198.51.100.23 GET /anfrage?sInquiry=detail&sOrdernumber=SW10001 25.10.2026 0:15:00'])
})

// Tokens: 6add69a8 is 2026-10-25 02:30:00 UTC, 6add6624 is 02:15:00 UTC. Lines 22 and 23 are different
// lines whose derived microseconds collide (0fdd7); lines 20 and 21 are the same line twice.
t.test('the page tokens, with both kinds of collision', async (t) => {
  const r = await build([])
  const tokens = tableRows(r.stdout).map((cells) => cells[5])
  t.strictSame(tokens.slice(0, 4), ['6add69a80fdd7', '6add69a80fdd8', '6add6624c71ba', '6add6624c71bb'],
    'the newer of two equal tokens keeps it, the older is bumped by one microsecond')
})

t.test('--token gives each row of a page, with the token that page shows', async (t) => {
  const page = await build([])
  const rows = tableRows(page.stdout)
  t.equal(rows.length, DEFAULT.length)
  const found = await buildAll(rows.map((cells) => ['--token', cells[5] as string]))
  for (const [i, cells] of rows.entries()) {
    t.equal(found[i]?.code, 0)
    t.strictSame(tableRows(found[i]?.stdout ?? ''), [cells], cells[5] as string)
  }
})

t.test('--token in a collision', async (t) => {
  const bumped = await build(['--token', '6add69a80fdd8'])
  t.strictSame(bumped.rows, lines([22]), 'the older of the colliding pair')
  t.equal(tableRows(bumped.stdout)[0]?.[5], '6add69a80fdd8')
  t.strictSame((await build(['--token', '6add69a80fdd7'])).rows, lines([23]))
  t.strictSame((await build(['--token', '6ADD6624C71BB'])).rows, lines([20]), 'the first of two identical lines; upper case is fine')
  t.strictSame((await build(['--token', '6add6624c71ba'])).rows, lines([21]))
  t.strictSame((await build(['--token', '6add6624c71bc'])).rows, [], 'no row has it')

  // With --ip 198.51.100.14 the page holds line 22 alone, so there it keeps the plain token.
  const alone = await build(['--ip', '198.51.100.14'])
  t.strictSame(tableRows(alone.stdout).map((cells) => cells[5]), ['6add69a80fdd7'])
  const same = await build(['--ip', '198.51.100.14', '--token', '6add69a80fdd7'])
  t.strictSame(same.rows, lines([22]))
  t.equal(tableRows(same.stdout)[0]?.[5], '6add69a80fdd7')
  const none = await build(['--ip', '198.51.100.14', '--token', '6add69a80fdd8'])
  t.strictSame(none.rows, [])
  t.equal(countLine(none.stdout), '0 results found')
})

const ERRORS: [string[], string][] = [
  [['--ip', '10.0.0.0/33'], "option '--ip <text>' argument '10.0.0.0/33' is invalid. give a CIDR range as an address and a prefix length, such as 10.0.0.0/8, 192.0.2.7/32 or 2001:db8::/32"],
  [['--ip', '10.0/8'], "option '--ip <text>' argument '10.0/8' is invalid. give a CIDR range as an address and a prefix length, such as 10.0.0.0/8, 192.0.2.7/32 or 2001:db8::/32"],
  [['--ip', '10.0.0.1 '], "option '--ip <text>' argument '10.0.0.1 ' is invalid. give part of an address such as 203.0.113 or 2001:db8, or a CIDR range such as 10.0.0.0/8 or 2001:db8::/32"],
  [['--method', 'G/ET'], "option '--method <method>' argument 'G/ET' is invalid. give a method such as GET, POST or HEAD, or any for every method"],
  [['--status', '42'], "option '--status <status>' argument '42' is invalid. give a status code such as 404, a class such as 2xx or 4xx, or any for every status"],
  [['--status', '20x'], "option '--status <status>' argument '20x' is invalid. give a status code such as 404, a class such as 2xx or 4xx, or any for every status"],
  [['--url', '!'], "option '--url <text>' argument '!' is invalid. give part of a URL such as /moebel/, or !/robots.txt to leave such URLs out"],
  [['--url', ''], "option '--url <text>' argument '' is invalid. give part of a URL such as /moebel/, or !/robots.txt to leave such URLs out"],
  [['--token', '6add69a80fdd'], "option '--token <token>' argument '6add69a80fdd' is invalid. give a token as the page shows it: 13 hex digits such as 6b02dee3758df"],
  [['--from', '2026-02-30'], "option '--from <time>' argument '2026-02-30' is invalid. February 2026 has no day 30; give an ISO date such as 2026-11-22 or a date-time such as 2026-11-22T10:00 or 2026-11-22T10:00:30, optionally with a zone offset such as +01:00, +0100 or Z"],
  [['--from', '2026-10-25T10:00+25:00'], "option '--from <time>' argument '2026-10-25T10:00+25:00' is invalid. +25:00 is not a zone offset (-23:59 to +23:59, or Z); give an ISO date such as 2026-11-22 or a date-time such as 2026-11-22T10:00 or 2026-11-22T10:00:30, optionally with a zone offset such as +01:00, +0100 or Z"],
  [['--until', '2026-10-25T10:00:00.5Z'], "option '--until <time>' argument '2026-10-25T10:00:00.5Z' is invalid. give an ISO date such as 2026-11-22 or a date-time such as 2026-11-22T10:00 or 2026-11-22T10:00:30, optionally with a zone offset such as +01:00, +0100 or Z"],
  [['--until', '25.10.2026'], "option '--until <time>' argument '25.10.2026' is invalid. give an ISO date such as 2026-11-22 or a date-time such as 2026-11-22T10:00 or 2026-11-22T10:00:30, optionally with a zone offset such as +01:00, +0100 or Z"],
  [['--until', '2026-10-25T24:00'], "option '--until <time>' argument '2026-10-25T24:00' is invalid. 24:00 is not a time of day (00:00 to 23:59:59); give an ISO date such as 2026-11-22 or a date-time such as 2026-11-22T10:00 or 2026-11-22T10:00:30, optionally with a zone offset such as +01:00, +0100 or Z"],
  [['--crawlers', 'no'], "option '--crawlers <mode>' argument 'no' is invalid. give one of include, exclude, only"],
]

const OLD_PAGE = '<!DOCTYPE html><p>previous page</p>\n'

t.test('a bad value: exit 2, one line naming the option, the value and what is allowed; nothing written', async (t) => {
  const root = t.testdir(Object.fromEntries(ERRORS.map((_, i) => [`run${i}`, { 'out.html': OLD_PAGE }])))
  const results = await inPool(ERRORS.map(([args], i) => () => runCli(['build', LOG, ...args, '-o', `${root}/run${i}/out.html`])))
  for (const [i, [args, message]] of ERRORS.entries()) {
    const r = results[i] as Awaited<ReturnType<typeof runCli>>
    const dir = `${root}/run${i}`
    t.equal(r.code, 2, `${args.join(' ')}: exit code`)
    t.equal(r.stderr, `profiler-search: ${message} (see profiler-search build --help)\n`, `${args.join(' ')}: one line`)
    t.equal(r.stdout, '', `${args.join(' ')}: no stdout`)
    t.equal(readFileSync(`${dir}/out.html`, 'utf8'), OLD_PAGE, `${args.join(' ')}: the previous page is unchanged`)
    t.strictSame(readdirSync(dir), ['out.html'], `${args.join(' ')}: nothing else is written`)
  }
})

t.test('refused: --from after --until', async (t) => {
  const dir = t.testdir({ 'out.html': OLD_PAGE })
  const r = await runCli(['build', LOG, '--from', '2026-10-25T03:00', '--until', '2026-10-25T02:59', '-o', `${dir}/out.html`])
  t.equal(r.code, 2)
  t.equal(r.stderr, 'profiler-search: --from 2026-10-25T03:00 is after --until 2026-10-25T02:59 (give a --from that is not later than the --until)\n')
  t.equal(readFileSync(`${dir}/out.html`, 'utf8'), OLD_PAGE)
  t.strictSame(readdirSync(dir), ['out.html'])
})

t.test('refused: --from after --until, with offsets and mixing both kinds', async (t) => {
  const refused: [string, string][] = [
    ['2026-10-25T03:00+01:00', '2026-10-25T02:59+01:00'],
    ['2026-10-25T02:00:01Z', '2026-10-25T03:00:00+01:00'],
    ['2026-10-25T03:00', '2026-10-25T02:59+01:00'],
    ['2026-10-25T03:00+01:00', '2026-10-25T02:59'],
  ]
  for (const [from, until] of refused) {
    const dir = t.testdir({ 'out.html': OLD_PAGE })
    const r = await runCli(['build', LOG, '--from', from, '--until', until, '-o', `${dir}/out.html`])
    t.equal(r.code, 2, `${from} ${until}`)
    t.equal(r.stderr, `profiler-search: --from ${from} is after --until ${until} (give a --from that is not later than the --until)\n`)
    t.equal(readFileSync(`${dir}/out.html`, 'utf8'), OLD_PAGE)
  }
  const accepted: [string, string][] = [['2026-10-25T02:59+01:00', '2026-10-25T02:59'], ['2026-10-25T02:59:59', '2026-10-25T02:59+01:00']]
  for (const [from, until] of accepted) {
    const r = await runCli(['build', LOG, '--from', from, '--until', until])
    t.equal(r.code, 0, `${from} ${until}: the same minute, read in the offset given`)
  }
})

/** The `div#sidebar` element of a page, up to its closing tag and the newline after it. */
const sidebarOf = (html: string): string => {
  const start = html.indexOf('<div id="sidebar">')
  if (start < 0) return ''
  const tags = /<div\b[^>]*>|<\/div>/g
  tags.lastIndex = start
  let depth = 0
  for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
    depth += tag[0] === '</div>' ? -1 : 1
    if (depth === 0) return html.slice(start, tags.lastIndex + 1)
  }
  return ''
}

const field = (label: string, value: string): string => `<dt>${label}</dt>\n<dd>${value}</dd>\n`
/** The sidebar's line of the options that set the search. */
const options = (...given: string[]): string =>
  `<p class="search-options">Set by the build options <code>${given.map((option) => `<span>${option}</span>`).join(' ')}</code></p>\n`

t.test('the sidebar shows the default search', async (t) => {
  const r = await runCli(['build', LOG])
  t.equal(sidebarOf(r.stdout), [
    '<div id="sidebar">\n<div id="sidebar-search">\n<h3>Search</h3>\n<dl class="search-fields">\n',
    field('IP', 'any'),
    field('Server', 'any'),
    field('Method', 'GET'),
    field('Status', '200'),
    field('URL', 'any'),
    field('URLs', 'storefront shapes'),
    field('Crawlers', 'included'),
    field('Token', 'any'),
    field('From', 'any'),
    field('Until', 'any'),
    field('Results', '10'),
    '</dl>\n',
    options('--method GET', '--status 200', '--limit 10'),
    '</div>\n</div>\n',
  ].join(''))
  t.ok(r.stdout.indexOf('<div id="sidebar">') > r.stdout.indexOf('</table>'), 'after the content')
  t.equal(r.stdout.split('id="sidebar"').length, 2, 'once')
})

t.test('the sidebar shows every criterion given, escaped', async (t) => {
  const r = await runCli(['build', LOG, '--ip', '10.0.0.0/8', '--method', 'any', '--status', '2xx', '--url', '!"><script>alert(1)</script>',
    '--token', '6ADD69A80FDD7', '--from', '2026-10-25', '--until', '2026-10-25T03:30', '--limit', '50', '--any-url',
    '--crawlers', 'only', '--tz', 'Europe/Berlin'])
  t.equal(r.code, 0)
  t.equal(sidebarOf(r.stdout), [
    '<div id="sidebar">\n<div id="sidebar-search">\n<h3>Search</h3>\n<dl class="search-fields">\n',
    field('IP', '10.0.0.0/8'),
    field('Server', 'any'),
    field('Method', 'any'),
    field('Status', '2xx'),
    field('URL', '!&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;'),
    field('URLs', 'every URL'),
    field('Crawlers', 'only'),
    field('Token', '6add69a80fdd7'),
    field('From', '2026-10-25'),
    field('Until', '2026-10-25T03:30'),
    field('Results', '50'),
    '</dl>\n',
    '<p class="search-note">From and Until are read in Europe/Berlin.</p>\n',
    options('--ip 10.0.0.0/8', '--method any', '--status 2xx', '--url &#x27;!&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&#x27;',
      '--token 6add69a80fdd7', '--from 2026-10-25', '--until 2026-10-25T03:30', '--tz Europe/Berlin', '--limit 50', '--any-url', '--crawlers only'),
    '</div>\n</div>\n',
  ].join(''))
  t.notMatch(r.stdout, /<script|<form|<button|<input/i, 'nothing runs, nothing can be sent, nothing looks like a field to type in')
  t.notMatch(sidebarOf(r.stdout), /\sname=|\saction=|\shref=/i, 'nothing links anywhere')
})

t.test('the sidebar shows From and Until with an offset as given', async (t) => {
  const r = await runCli(['build', LOG, '--from', '2026-10-25T02:00:00+01:00', '--until', '2026-10-25T03:30Z'])
  t.equal(r.code, 0)
  t.match(sidebarOf(r.stdout), `${field('From', '2026-10-25T02:00:00+01:00')}${field('Until', '2026-10-25T03:30Z')}`)
  t.match(sidebarOf(r.stdout), '<span>--from 2026-10-25T02:00:00+01:00</span> <span>--until 2026-10-25T03:30Z</span> <span>--limit 10</span>')
})

t.test('the sidebar: --crawlers exclude, and From/Until in the logged offsets', async (t) => {
  const r = await runCli(['build', LOG, '--crawlers', 'exclude', '--until', '2026-10-24'])
  const sidebar = sidebarOf(r.stdout)
  t.match(sidebar, `${field('Crawlers', 'left out')}${field('Token', 'any')}`)
  t.match(sidebar, `${field('Until', '2026-10-24')}${field('Results', '10')}</dl>\n` +
    `<p class="search-note">From and Until are read in the offset each line was logged with.</p>\n` +
    `${options('--method GET', '--status 200', '--until 2026-10-24', '--limit 10', '--crawlers exclude')}</div>\n</div>\n`)
})

t.test('in Chromium: the sidebar, a summary without fields, is beside the table on a wide screen and below it on a narrow one', { skip: hasChromium() ? false : 'chromium is not installed' }, async (t) => {
  const dir = t.testdir({})
  const out = `${dir}/page.html`
  const r = await runCli(['build', LOG, '--limit', '100', '--url', 'sofa', '-o', out])
  t.equal(r.code, 0)
  const browser = await launchChromium()
  t.teardown(() => browser.close())
  const layout = (width: number) => withPage(browser, pathToFileURL(out).href, async ({ page, requests, dialogs }) => {
    const boxes = await page.evaluate(() => {
      const box = (selector: string) => {
        const r = (document.querySelector(selector) as Element).getBoundingClientRect()
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width }
      }
      return {
        table: box('#search-results'), sidebar: box('#sidebar'), content: box('#content'),
        scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth,
        summary: [...document.querySelectorAll('#sidebar dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`),
        options: document.querySelector('#sidebar .search-options code')?.textContent,
        fields: document.querySelectorAll('input, textarea, select, button, [contenteditable]').length,
        forms: document.forms.length,
        placed: document.querySelector('#collector-wrapper')?.nextElementSibling?.id === 'sidebar' &&
          document.querySelector('#sidebar')?.parentElement?.id === 'main',
      }
    })
    return { boxes, requests: requests.length, dialogs: dialogs.length }
  }, { viewport: { width, height: 900 } })

  const wide = await layout(1280)
  t.ok(wide.boxes.sidebar.left >= wide.boxes.table.right, 'wide: the sidebar is right of the table')
  t.ok(wide.boxes.table.width >= 700, `wide: the table keeps most of the width (${wide.boxes.table.width}px)`)
  t.equal(wide.boxes.scrollWidth, wide.boxes.innerWidth, 'wide: no sideways scrolling')
  t.strictSame(wide.boxes.summary, ['IP: any', 'Server: any', 'Method: GET', 'Status: 200', 'URL: sofa', 'URLs: storefront shapes', 'Crawlers: included', 'Token: any', 'From: any', 'Until: any', 'Results: 100'],
    'a read-only summary')
  t.equal(wide.boxes.options, '--method GET --status 200 --url sofa --limit 100', 'and the options that set it, to copy')
  t.equal(wide.boxes.fields, 0, 'nothing that looks like a field to type in')
  t.equal(wide.boxes.forms, 0, 'no form')
  t.equal(wide.boxes.placed, true, 'in #main, right after #collector-wrapper')
  t.equal(wide.requests, 0, 'no request')
  t.equal(wide.dialogs, 0)

  const narrow = await layout(390)
  t.ok(narrow.boxes.sidebar.top >= narrow.boxes.table.bottom, 'narrow: the sidebar is below the table')
  t.ok(narrow.boxes.table.width >= narrow.boxes.content.width - 40, 'narrow: the table takes the full width')
  t.ok(narrow.boxes.sidebar.width >= narrow.boxes.content.width - 40, 'narrow: so does the sidebar')
  t.equal(narrow.boxes.scrollWidth, narrow.boxes.innerWidth, 'narrow: the page does not scroll sideways (the table scrolls in its box)')
})
