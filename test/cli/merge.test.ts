/**
 * `profiler-search merge`: NDJSON rows from several servers → the newest N
 * across all of them, tokens kept, in every output format.
 */

import { existsSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import t, { type Test } from 'tap'
import { MAX_LINE_LENGTH } from '../../src/input/line-splitter.js'
import { MAX_ROW_LENGTH } from '../../src/merge/read-row.js'
import { countLine, detailSections, tableRows, tokenLinks } from '../helpers/page.js'
import { matchFileSnapshot } from '../helpers/snapshot.js'
import { fixture, runCli } from '../helpers/run-cli.js'
import { combinedLine } from '../helpers/log-line.js'

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

/**
 * A combined line of exactly MAX_LINE_LENGTH bytes, the longest build reads,
 * whose target is control characters: url, request and raw each repeat them,
 * and JSON writes each as 6 bytes (`\u0001`), so its row is over 1 MB.
 */
const lineAtCap = (second: number): string => {
  const head = `192.0.2.1 - - [22/Nov/2026:12:00:${String(second).padStart(2, '0')} +0000] "GET /p?`
  const tail = ' HTTP/1.1" 200 5 "-" "\x1f"'
  return `${head}${'\x01\x02\x03\x1f'.repeat(MAX_LINE_LENGTH).slice(0, MAX_LINE_LENGTH - head.length - tail.length)}${tail}`
}

t.test('every row build writes merges: rows of lines at the 64 KiB cap, full of control characters, come back byte for byte', async (t) => {
  const short = (second: number): string => combinedLine({ time: `22/Nov/2026:12:00:0${second} +0000`, url: '/q' })
  const lines = [lineAtCap(1), short(2), lineAtCap(3), short(4), lineAtCap(5), short(6)]
  t.equal(Buffer.byteLength(lines[0] ?? ''), MAX_LINE_LENGTH)
  const dir = t.testdir({ 'access.log': `${lines.join('\n')}\n` })
  const built = await runCli(['build', '--any-url', '--emit', 'ndjson', '-n', '10', `${dir}/access.log`, '-o', `${dir}/rows.ndjson`])
  t.strictSame([built.code, built.stderr], [0, ''])
  const rows = readFileSync(`${dir}/rows.ndjson`, 'utf8')
  const size = (row: string): string | number => {
    const bytes = Buffer.byteLength(row)
    return bytes > 17 * MAX_LINE_LENGTH ? 'over 17 lines' : bytes < 1024 ? 'short' : bytes
  }
  t.strictSame(rows.split('\n').map(size), ['short', 'over 17 lines', 'short', 'over 17 lines', 'short', 'over 17 lines', 'short'],
    'six rows, newest first (and the empty end); those of the long lines are about 18 times their line')
  const r = await runCli(['merge', '--strict', '--emit', 'ndjson', '-n', '10', `${dir}/rows.ndjson`])
  t.strictSame([r.code, r.stderr], [0, ''])
  t.ok(r.stdout === rows, 'every row, byte for byte')
})

t.test('a row line is read up to MAX_ROW_LENGTH bytes (not characters); a longer one is skipped as too long and fails --strict', async (t) => {
  const [first, second, third] = readFileSync(fixture('ndjson/web1.ndjson'), 'utf8').split('\n') as [string, string, string]
  // € is 3 bytes: a cap that counted characters would take both long lines
  const withBytes = (row: string, bytes: number): string => {
    const text = JSON.stringify({ ...JSON.parse(row) as object, raw: '€'.repeat(Math.floor(bytes / 3) - 1000) })
    return text + ' '.repeat(bytes - Buffer.byteLength(text))
  }
  const dir = t.testdir({ 'rows.ndjson': [withBytes(first, MAX_ROW_LENGTH), withBytes(second, MAX_ROW_LENGTH + 1), third, ''].join('\n') })
  const input = `${dir}/rows.ndjson`
  const r = await runCli(['merge', '--emit', 'ndjson', input])
  t.equal(r.code, 0)
  t.equal(r.stderr, `profiler-search: skipped 1 of 3 lines (1 line too long); first at ${input}:2\n`)
  t.strictSame(parseNdjson(r.stdout).map((row) => row.url), ['/moebel/', '/moebel/12/sofa-bergen'], 'the row of exactly the cap is read')
  const strict = await runCli(['merge', '--strict', input, '-o', `${dir}/index.html`])
  t.equal(strict.code, 1)
  t.equal(strict.stderr, `profiler-search: --strict: skipped 1 of 3 lines (1 line too long); first at ${input}:2 (nothing was written)\n`)
  t.strictSame(readdirSync(dir), ['rows.ndjson'])
})

t.test('rows that share a token: each link opens its own detail, the first keeps profile-<token>', async (t) => {
  const rows = [fixture('ndjson/web1.ndjson'), fixture('ndjson/web2.ndjson')]
    .flatMap((file) => parseNdjson(readFileSync(file, 'utf8')))
  const [a, b, c, d, e, f] = rows.map((row) => row.token)
  // web1's first two rows and web2's first: the newest three
  const shared = rows.map((row, i) => JSON.stringify([0, 1, 3].includes(i) ? { ...row, token: a } : row)).join('\n')
  const r = await runCli(['merge', '-n', '6', '-'], { input: shared })
  t.equal(r.code, 0)
  t.strictSame(tokenLinks(r.stdout), [`#profile-${a}`, `#profile-${a}-2`, `#profile-${a}-3`, `#profile-${e}`, `#profile-${c}`, `#profile-${f}`])
  t.notOk([b, d].includes(a), 'the fixture\'s own tokens differ')
  const sections = detailSections(r.stdout)
  t.strictSame(sections.map((section) => section.id), tokenLinks(r.stdout).map((link) => link.slice(1)), 'each link leads to a section of its own')
  t.strictSame(sections.map((section) => section.heading), tableRows(r.stdout).map((cells) => cells[3]), 'each section is its own row\'s')
  t.strictSame(sections.map((section) => section.heading),
    ['/moebel/', '/sofas/', '/robots.txt', '/forms/index/id/5', '/moebel/12/sofa-bergen', '/sitemap_index.xml'])
})

t.test('bytes past 2^53 keep the digits as written, in every format; other rows are unchanged', async (t) => {
  const [first, second] = readFileSync(fixture('ndjson/web1.ndjson'), 'utf8').split('\n') as [string, string]
  const digits = '123456789012345678901234567890'
  t.match(first, '"bytes":512,')
  const rows = `${first.replace('"bytes":512,', `"bytes":${digits},`)}\n${second}\n`
  const dir = t.testdir({ 'rows.ndjson': rows })
  const merged = async (emit: string): Promise<string> => {
    const r = await runCli(['merge', '--emit', emit, `${dir}/rows.ndjson`])
    t.strictSame([r.code, r.stderr], [0, ''], emit)
    return r.stdout
  }
  t.equal(await merged('ndjson'), rows, 'ndjson: both rows back byte for byte')
  t.strictSame([...(await merged('json')).matchAll(/\n {6}"bytes": (.*),\n/g)].map((m) => m[1]), [digits, '512'], 'json')
  t.strictSame((await merged('csv')).split('\r\n').slice(0, 3).map((line) => line.split(',')[9]), ['bytes', digits, '512'], 'csv')
  t.strictSame(detailSections(await merged('html')).map((section) => section.log.find(([label]) => label === 'Bytes sent')?.[1]), [digits, '512'], 'html')
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
  t.equal(r.stderr, `profiler-search: ${log}: none of its 12 lines is a row written by profiler-search build --emit ndjson (first: "127.0.0.2 - - [22/Nov/2026:10:00:01 +0100] \\"GET /moebel/ HTTP/1.1\\" 200 512 \\"-\\" \\"") (merge reads the output of build --emit ndjson)\n`)
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

t.test('a merge that fails lets go of every file it opened', { skip: existsSync('/proc/self/fd') ? false : 'no /proc/self/fd to count descriptors in' }, async (t) => {
  const dir = t.testdir({ 'not-rows.txt': 'hello\n' })
  const before = readdirSync('/proc/self/fd').length
  // the first input is no rows of build --emit ndjson: the second was opened and is never read
  const r = await runCli(['merge', `${dir}/not-rows.txt`, fixture('ndjson/web1.ndjson')])
  t.equal(r.code, 1, 'exit 1')
  t.equal(readdirSync('/proc/self/fd').length, before, 'all closed')
})
