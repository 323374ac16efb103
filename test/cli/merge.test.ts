/**
 * `profiler-search merge`: NDJSON rows from several servers → the newest N
 * across all of them, tokens kept, in every output format.
 */

import { readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import t, { type Test } from 'tap'
import { countLine, tableRows } from '../helpers/page.js'
import { matchFileSnapshot } from '../helpers/snapshot.js'
import { fixture, runCli } from '../helpers/run-cli.js'

interface Row {
  status: number
  ip: string
  url: string
  time: string
  token: string
  timestamp: string
  source: string
  line: number
}

const parseNdjson = (text: string): Row[] => text.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Row)

/** `build --emit ndjson -n 6` of the nginx and the Apache fixture, as two servers would write them. */
const serverFiles = async (t: Test): Promise<{ dir: string; nginx: string; apache: string }> => {
  const dir = t.testdir({})
  for (const server of ['nginx', 'apache']) {
    const r = await runCli(['build', '--emit', 'ndjson', '-n', '6', `fixtures/${server}/access.log`, '-o', `${dir}/${server}.ndjson`])
    t.equal(r.code, 0, `${server} built`)
  }
  return { dir, nginx: readFileSync(`${dir}/nginx.ndjson`, 'utf8'), apache: readFileSync(`${dir}/apache.ndjson`, 'utf8') }
}

/**
 * The 8 newest of both: the two servers saw the same requests at the same
 * instants, so equal instants alternate nginx (named first) and Apache,
 * each keeping its own order.
 */
const MERGED = [
  '200 127.0.0.22 /sofas/ 22.11.2026 13:45:40 fixtures/nginx/access.log:81',
  '200 127.0.0.22 /sofas/ 22.11.2026 7:45:40 fixtures/apache/access.log:81',
  '200 ::1 /anfrage?sOrdernumber=SW10002&sInquiry=detail 22.11.2026 13:45:38 fixtures/nginx/access.log:77',
  '200 ::1 /anfrage?sOrdernumber=SW10002&sInquiry=detail 22.11.2026 7:45:38 fixtures/apache/access.log:77',
  '200 127.0.0.18 /wohnzimmer/tische/4712/couchtisch-eiche 22.11.2026 13:45:37 fixtures/nginx/access.log:76',
  '200 127.0.0.17 /wohnzimmer/sofas/4711/sofa-bergen-3-sitzer?c=12 22.11.2026 13:45:37 fixtures/nginx/access.log:75',
  '200 127.0.0.18 /wohnzimmer/tische/4712/couchtisch-eiche 22.11.2026 7:45:37 fixtures/apache/access.log:76',
  '200 127.0.0.17 /wohnzimmer/sofas/4711/sofa-bergen-3-sitzer?c=12 22.11.2026 7:45:37 fixtures/apache/access.log:75',
]

const summary = (row: Row): string => `${row.status} ${row.ip} ${row.url} ${row.time} ${row.source}:${row.line}`

t.test('two servers: the newest rows across both, rows and tokens exactly as each server wrote them', async (t) => {
  const { dir, nginx, apache } = await serverFiles(t)
  const r = await runCli(['merge', '--emit', 'ndjson', '-n', '8', `${dir}/nginx.ndjson`, `${dir}/apache.ndjson`])
  t.equal(r.code, 0)
  t.equal(r.stderr, '')
  const merged = parseNdjson(r.stdout)
  t.strictSame(merged.map(summary), MERGED)
  const written = new Map([...parseNdjson(nginx), ...parseNdjson(apache)].map((row) => [`${row.source}:${row.line}`, row]))
  t.strictSame(merged, merged.map((row) => written.get(`${row.source}:${row.line}`)), 'each row, token included, is the one its server wrote')
  t.strictSame(merged.slice(0, 2).map((row) => row.token), ['6b02e3f426e8d', '6b02e3f43de51'])
})

t.test('the merged page shows the tokens of each server\'s own page', async (t) => {
  const { dir } = await serverFiles(t)
  const pages = await Promise.all(['nginx', 'apache'].map((server) => runCli(['build', '-n', '6', `fixtures/${server}/access.log`])))
  const [nginxRows, apacheRows] = pages.map((page) => tableRows(page.stdout)) as [string[][], string[][]]
  const r = await runCli(['merge', '-n', '8', `${dir}/nginx.ndjson`, `${dir}/apache.ndjson`])
  t.equal(r.code, 0)
  t.equal(countLine(r.stdout), '8 results found')
  t.strictSame(tableRows(r.stdout), [
    nginxRows[0], apacheRows[0], nginxRows[1], apacheRows[1], nginxRows[2], nginxRows[3], apacheRows[2], apacheRows[3],
  ])
  t.strictSame(tableRows(r.stdout)[0], ['200', '127.0.0.22', 'GET', '/sofas/', '22.11.2026 13:45:40', '6b02e3f426e8d'])
  const section = (html: string, token: string): string | undefined =>
    new RegExp(`<section id="profile-${token}"[\\s\\S]*?</section>`).exec(html)?.[0]
  for (const [page, token] of [[pages[0], '6b02e3f426e8d'], [pages[1], '6b02e3f43de51']] as const) {
    const built = section(page?.stdout ?? '', token)
    t.ok(built?.includes('<dt>Raw line</dt>'), `${token}: the build's detail section`)
    t.equal(section(r.stdout, token), built, `${token}: the merged page's detail section is the server's, raw line and source included`)
  }
})

t.test('stdin, - among files, and .gz', async (t) => {
  const { dir, nginx, apache } = await serverFiles(t)
  writeFileSync(`${dir}/apache.ndjson.gz`, gzipSync(apache))
  const fromStdin = await runCli(['merge', '--emit', 'ndjson', '-n', '8', '-', `${dir}/apache.ndjson.gz`], { input: nginx })
  t.equal(fromStdin.code, 0)
  t.strictSame(parseNdjson(fromStdin.stdout).map(summary), MERGED, '- reads stdin in its place; the .gz is unpacked')
  const onlyStdin = await runCli(['merge', '--emit', 'ndjson', '-n', '3'], { input: gzipSync(apache + nginx) })
  t.strictSame(parseNdjson(onlyStdin.stdout).map(summary), [MERGED[1], MERGED[0], MERGED[3]], 'no input names stdin; equal instants keep reading order')
})

t.test('equal instants keep the order of the inputs; microseconds decide within a second', async (t) => {
  const web1 = fixture('ndjson/web1.ndjson')
  const web2 = fixture('ndjson/web2.ndjson')
  const order = async (...files: string[]): Promise<string[]> =>
    parseNdjson((await runCli(['merge', '--emit', 'ndjson', ...files])).stdout).map((row) => `${row.timestamp} ${row.url}`)
  t.strictSame(await order(web1, web2), [
    '2026-11-22T10:00:05.000300+01:00 /moebel/',
    '2026-11-22T04:00:05.000200-05:00 /sofas/',
    '2026-11-22T10:00:05.000100+01:00 /robots.txt',
    '2026-11-22T04:00:03-05:00 /forms/index/id/5',
    '2026-11-22T10:00:01+01:00 /moebel/12/sofa-bergen',
    '2026-11-22T04:00:01-05:00 /sitemap_index.xml',
  ])
  t.strictSame((await order(web2, web1)).slice(4), [
    '2026-11-22T04:00:01-05:00 /sitemap_index.xml',
    '2026-11-22T10:00:01+01:00 /moebel/12/sofa-bergen',
  ], 'named first, listed first')
})

t.test('real sub-second logs: nginx $msec and Apache %{msec}t rows interleave by the millisecond', async (t) => {
  const dir = t.testdir({})
  for (const [log, format] of [['nginx/custom.log', 'nginx-custom'], ['apache/custom.log', 'apache-custom']] as const) {
    const text = readFileSync(fixture(`formats/${format}.format`), 'utf8').trim()
    const r = await runCli(['build', '--emit', 'ndjson', '-n', '3', '--log-format', text, `fixtures/${log}`, '-o', `${dir}/${format}.ndjson`])
    t.equal(r.code, 0, `${log} built`)
  }
  const r = await runCli(['merge', '--emit', 'ndjson', '-n', '4', `${dir}/apache-custom.ndjson`, `${dir}/nginx-custom.ndjson`])
  t.strictSame(parseNdjson(r.stdout).map((row) => `${row.timestamp} ${row.url} ${row.source}`), [
    '2026-11-22T13:45:40.567+01:00 /sofas/ fixtures/nginx/custom.log',
    '2026-11-22T07:45:40.562-05:00 /sofas/ fixtures/apache/custom.log',
    '2026-11-22T13:45:38.318+01:00 /anfrage?sOrdernumber=SW10002&sInquiry=detail fixtures/nginx/custom.log',
    '2026-11-22T07:45:38.308-05:00 /anfrage?sOrdernumber=SW10002&sInquiry=detail fixtures/apache/custom.log',
  ], 'Apache is named first, yet the later millisecond wins')
  t.strictSame(parseNdjson(r.stdout).map((row) => row.token), ['6b02e3f48a6d8', '6b02e3f489350', '6b02e3f24da30', '6b02e3f24b320'],
    'tokens carry the logged milliseconds')
})

t.test('--tz shows every server in one zone; --emit csv and json', async (t) => {
  const web1 = fixture('ndjson/web1.ndjson')
  const web2 = fixture('ndjson/web2.ndjson')
  const csv = await runCli(['merge', '--emit', 'csv', '--tz', 'UTC', '-n', '2', web1, web2])
  t.equal(csv.code, 0)
  t.equal(csv.stdout.split('\r\n').map((line) => line.split(',').slice(0, 7).join(',')).join('\n'), [
    'status,ip,method,url,time,token,timestamp',
    '200,198.51.100.1,GET,/moebel/,22.11.2026 9:00:05,6b02af150012c,2026-11-22T09:00:05.000300+00:00',
    '200,203.0.113.1,GET,/sofas/,22.11.2026 9:00:05,6b02af15000c8,2026-11-22T09:00:05.000200+00:00',
    '',
  ].join('\n'))
  const json = await runCli(['merge', '--emit', 'json', '-n', '1', web2, web1])
  const doc = JSON.parse(json.stdout) as { count: number; rows: Row[] }
  t.equal(doc.count, 1)
  t.strictSame(doc.rows[0], parseNdjson(readFileSync(web1, 'utf8'))[0], 'without --tz a row is written back unchanged')
})

t.test('lines that are not rows are skipped and summed up', async (t) => {
  const bad = fixture('ndjson/bad-lines.ndjson')
  const r = await runCli(['merge', '--emit', 'ndjson', bad])
  t.equal(r.code, 0)
  t.equal(r.stderr, `profiler-search: skipped 3 of 5 lines (1 not JSON, 1 not a row, 1 bad timestamp); first at ${bad}:2\n`)
  t.strictSame(parseNdjson(r.stdout).map((row) => row.url), ['/moebel/', '/forms/index/id/5'])
})

t.test('--strict: a line that is not a row fails the run and nothing is written', async (t) => {
  const dir = t.testdir({ 'index.html': 'old' })
  const bad = fixture('ndjson/bad-lines.ndjson')
  const r = await runCli(['merge', '--strict', fixture('ndjson/web1.ndjson'), bad, '-o', `${dir}/index.html`])
  t.equal(r.code, 1)
  t.equal(r.stderr, `profiler-search: --strict: skipped 3 of 8 lines (1 not JSON, 1 not a row, 1 bad timestamp); first at ${bad}:2 (nothing was written)\n`)
  t.equal(readFileSync(`${dir}/index.html`, 'utf8'), 'old')
  t.strictSame(readdirSync(dir), ['index.html'], 'no temporary file is left')
  const clean = await runCli(['merge', '--strict', '--emit', 'ndjson', fixture('ndjson/web1.ndjson')])
  t.equal(clean.code, 0, 'clean input passes')
  t.equal(clean.stdout, readFileSync(fixture('ndjson/web1.ndjson'), 'utf8'), 'one server\'s rows merge into themselves, byte for byte')
})

t.test('--if-changed leaves an identical page alone', async (t) => {
  const dir = t.testdir({})
  const args = ['merge', '--if-changed', fixture('ndjson/web1.ndjson'), fixture('ndjson/web2.ndjson'), '-o', `${dir}/index.html`]
  t.equal((await runCli(args)).code, 0)
  const old = new Date('2020-01-01T00:00:00Z')
  utimesSync(`${dir}/index.html`, old, old)
  const again = await runCli(args)
  t.equal(again.code, 0)
  t.equal(statSync(`${dir}/index.html`).mtime.toISOString(), old.toISOString(), 'not rewritten')
  const stdout = await runCli(['merge', '--if-changed', fixture('ndjson/web1.ndjson')])
  t.equal(stdout.code, 2)
  t.equal(stdout.stderr, 'profiler-search: --if-changed needs --output <file> (stdout is written every time; give -o index.html)\n')
})

t.test('an input that is not NDJSON from build stops the run', async (t) => {
  const dir = t.testdir({ 'out.html': 'old' })
  const log = fixture('handmade/mixed.log')
  const r = await runCli(['merge', fixture('ndjson/web1.ndjson'), log, '-o', `${dir}/out.html`])
  t.equal(r.code, 1)
  t.equal(r.stderr, `profiler-search: ${log}: none of the first 12 lines is a row written by profiler-search build --emit ndjson (first: "127.0.0.2 - - [22/Nov/2026:10:00:01 +0100] \\"GET /moebel/ HTTP/1.1\\" 200 512 \\"-\\" \\"") (merge reads the output of build --emit ndjson)\n`)
  t.equal(readFileSync(`${dir}/out.html`, 'utf8'), 'old', 'nothing is written')
})

t.test('user errors name the culprit', async (t) => {
  const dir = t.testdir({})
  const missing = await runCli(['merge', fixture('ndjson/web1.ndjson'), `${dir}/web9.ndjson`])
  t.equal(missing.code, 2)
  t.equal(missing.stderr, `profiler-search: cannot read ${dir}/web9.ndjson: no such file (check the path; use - to read stdin)\n`)
  const limit = await runCli(['merge', '-n', 'all', fixture('ndjson/web1.ndjson')])
  t.equal(limit.code, 2)
  t.equal(limit.stderr, "profiler-search: option '-n, --limit <n>' argument 'all' is invalid. give a whole number of 1 or more (see profiler-search merge --help)\n")
  const most = await runCli(['merge', '-n', '10000000', '--emit', 'ndjson', fixture('ndjson/web1.ndjson')])
  t.equal(most.code, 2)
  t.match(most.stderr, /^profiler-search: option '-n, --limit <n>' argument '10000000' is invalid\. give at most 1000000 rows /)
  const emit = await runCli(['merge', '--emit', 'tsv', fixture('ndjson/web1.ndjson')])
  t.equal(emit.stderr, "profiler-search: option '--emit <format>' argument 'tsv' is invalid. give one of html, json, ndjson, csv (see profiler-search merge --help)\n")
})

t.test('-o publishes the merged page atomically', async (t) => {
  const dir = t.testdir({ 'index.html': 'old' })
  const r = await runCli(['merge', fixture('ndjson/web1.ndjson'), fixture('ndjson/web2.ndjson'), '-o', `${dir}/index.html`])
  t.equal(r.code, 0)
  t.equal(r.stdout, '')
  const page = readFileSync(`${dir}/index.html`, 'utf8')
  t.equal(countLine(page), '6 results found')
  t.strictSame(tableRows(page).map((cells) => cells.join(' ')), [
    '200 198.51.100.1 GET /moebel/ 22.11.2026 10:00:05 6b02af150012c',
    '200 203.0.113.1 GET /sofas/ 22.11.2026 4:00:05 6b02af15000c8',
    '200 198.51.100.2 GET /robots.txt 22.11.2026 10:00:05 6b02af1500064',
    '200 203.0.113.2 GET /forms/index/id/5 22.11.2026 4:00:03 6b02af130127a',
    '200 198.51.100.3 GET /moebel/12/sofa-bergen 22.11.2026 10:00:01 6b02af1101240',
    '200 203.0.113.3 GET /sitemap_index.xml 22.11.2026 4:00:01 6b02af1101271',
  ])
  t.strictSame(readdirSync(dir), ['index.html'], 'no temporary file is left')
})

t.test('merge --help', async (t) => {
  const r = await runCli(['merge', '--help'])
  t.equal(r.code, 0)
  t.equal(r.stderr, '')
  matchFileSnapshot(t, r.stdout, 'merge-help.txt')
})
