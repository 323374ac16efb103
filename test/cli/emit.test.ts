/**
 * `build --emit html|json|ndjson|csv`: exact output on the nginx fixture and
 * on a handmade hostile log, and every format's real output valid against the
 * schemas shipped in schema/.
 */

import { readdirSync, readFileSync } from 'node:fs'
import { Ajv2020 } from 'ajv/dist/2020.js'
import t from 'tap'
import { countLine, tableRows } from '../helpers/page.js'
import { fixture, ROOT, runCli } from '../helpers/run-cli.js'

const schema = (name: string): object => JSON.parse(readFileSync(`${ROOT}schema/${name}`, 'utf8')) as object
const ajv = new Ajv2020({ allErrors: true })
ajv.addSchema(schema('row.schema.json'))
const validRow = ajv.getSchema('row.schema.json')
const validListing = ajv.compile(schema('listing.schema.json'))

const NGINX = 'fixtures/nginx/access.log'
const UA_FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'
const UA_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

/** The two newest rows of the nginx fixture, as every data format carries them. */
const NEWEST_TWO = [
  {
    status: 200,
    ip: '127.0.0.22',
    method: 'GET',
    url: '/sofas/',
    time: '22.11.2026 13:45:40',
    token: '6b02e3f426e8d',
    timestamp: '2026-11-22T13:45:40+01:00',
    referer: 'https://www.google.de/',
    userAgent: UA_FIREFOX,
    bytes: 3,
    duration: null,
    host: null,
    port: null,
    forwardedFor: null,
    loggedIp: '127.0.0.22',
    user: null,
    request: 'GET /sofas/ HTTP/1.1',
    raw: `127.0.0.22 - - [22/Nov/2026:13:45:40 +0100] "GET /sofas/ HTTP/1.1" 200 3 "https://www.google.de/" "${UA_FIREFOX}"`,
    source: NGINX,
    line: 81,
    byteOffset: null,
  },
  {
    status: 200,
    ip: '::1',
    method: 'GET',
    url: '/anfrage?sOrdernumber=SW10002&sInquiry=detail',
    time: '22.11.2026 13:45:38',
    token: '6b02e3f204403',
    timestamp: '2026-11-22T13:45:38+01:00',
    referer: null,
    userAgent: UA_IPHONE,
    bytes: 3,
    duration: null,
    host: null,
    port: null,
    forwardedFor: null,
    loggedIp: '::1',
    user: null,
    request: 'GET /anfrage?sOrdernumber=SW10002&sInquiry=detail HTTP/1.1',
    raw: `::1 - - [22/Nov/2026:13:45:38 +0100] "GET /anfrage?sOrdernumber=SW10002&sInquiry=detail HTTP/1.1" 200 3 "-" "${UA_IPHONE}"`,
    source: NGINX,
    line: 77,
    byteOffset: null,
  },
]

t.test('--emit json: the exact document for two rows', async (t) => {
  const r = await runCli(['build', '--emit', 'json', '-n', '2', NGINX])
  t.equal(r.code, 0)
  t.equal(r.stderr, '')
  t.equal(r.stdout, `${JSON.stringify({ count: 2, rows: NEWEST_TWO }, null, 2)}\n`)
  t.ok(r.stdout.startsWith('{\n  "count": 2,\n  "rows": [\n    {\n      "status": 200,\n'), 'two-space indent, count first')
})

t.test('--emit ndjson: the same rows, one compact object per line', async (t) => {
  const r = await runCli(['build', '--emit', 'ndjson', '-n', '2', NGINX])
  t.equal(r.code, 0)
  t.equal(r.stdout, `${JSON.stringify(NEWEST_TWO[0])}\n${JSON.stringify(NEWEST_TWO[1])}\n`)
  t.ok(r.stdout.startsWith('{"status":200,"ip":"127.0.0.22","method":"GET","url":"/sofas/","time":"22.11.2026 13:45:40","token":"6b02e3f426e8d","timestamp":"2026-11-22T13:45:40+01:00","referer":"https://www.google.de/",'))
})

t.test('--emit csv on the nginx fixture, with --tz', async (t) => {
  const r = await runCli(['build', '--emit', 'csv', '-n', '2', '--tz', 'UTC', NGINX])
  t.equal(r.code, 0)
  t.equal(r.stdout, [
    'status,ip,method,url,time,token,timestamp,referer,userAgent,bytes,duration,host,port,forwardedFor,loggedIp,user,request,raw,source,line,byteOffset',
    `200,127.0.0.22,GET,/sofas/,22.11.2026 12:45:40,6b02e3f426e8d,2026-11-22T12:45:40+00:00,https://www.google.de/,${UA_FIREFOX},3,,,,,127.0.0.22,,GET /sofas/ HTTP/1.1,` +
      `"127.0.0.22 - - [22/Nov/2026:13:45:40 +0100] ""GET /sofas/ HTTP/1.1"" 200 3 ""https://www.google.de/"" ""${UA_FIREFOX}""",${NGINX},81,`,
    `200,::1,GET,/anfrage?sOrdernumber=SW10002&sInquiry=detail,22.11.2026 12:45:38,6b02e3f204403,2026-11-22T12:45:38+00:00,,"${UA_IPHONE}",3,,,,,::1,,` +
      `GET /anfrage?sOrdernumber=SW10002&sInquiry=detail HTTP/1.1,"::1 - - [22/Nov/2026:13:45:38 +0100] ""GET /anfrage?sOrdernumber=SW10002&sInquiry=detail HTTP/1.1"" 200 3 ""-"" ""${UA_IPHONE}""",${NGINX},77,`,
    '',
  ].join('\r\n'))
  const upper = await runCli(['build', '--emit', 'CSV', '-n', '2', '--tz', 'UTC', NGINX])
  t.strictSame([upper.code, upper.stdout], [0, r.stdout], '--emit CSV: the format in any case')
})

/** Formula starts, quotes, commas and line breaks, as nginx (`\xHH`) and Apache (`\"`) escape them. */
const HOSTILE_LOG = [
  '192.0.2.10 - - [22/Nov/2026:10:00:01 +0100] "GET /moebel/ HTTP/1.1" 200 512 "=HYPERLINK(\\x22http://evil.example/\\x22,\\x22click\\x22)" "@SUM(1+1)"',
  '192.0.2.11 - alice [22/Nov/2026:10:00:02 +0100] "GET /moebel/12/sofa-bergen HTTP/1.1" 200 7 "-" "Mozilla/5.0 (X11; Linux), \\"quoted\\"\\x0D\\x0Anext line"',
  '192.0.2.12 - - [22/Nov/2026:10:00:03 +0100] "GET /robots.txt HTTP/1.1" 200 3 "+49 30 1234" "-2+3"',
  '192.0.2.13 - - [22/Nov/2026:10:00:04 +0100] "GET /sitemap_index.xml HTTP/1.1" 200 3 "\\x09tab" "\\x0Dcr"',
  '',
].join('\n')

t.test('--emit csv: formulas neutralised; quotes, commas and line breaks quoted (RFC 4180)', async (t) => {
  const dir = t.testdir({ 'hostile.log': HOSTILE_LOG })
  const r = await runCli(['build', '--emit', 'csv', 'hostile.log'], { cwd: dir })
  t.equal(r.code, 0)
  t.equal(r.stderr, '')
  t.equal(r.stdout, [
    'status,ip,method,url,time,token,timestamp,referer,userAgent,bytes,duration,host,port,forwardedFor,loggedIp,user,request,raw,source,line,byteOffset',
    `200,192.0.2.13,GET,/sitemap_index.xml,22.11.2026 10:00:04,6b02af146fd34,2026-11-22T10:00:04+01:00,'\ttab,"'\rcr",3,,,,,192.0.2.13,,GET /sitemap_index.xml HTTP/1.1,` +
      '"192.0.2.13 - - [22/Nov/2026:10:00:04 +0100] ""GET /sitemap_index.xml HTTP/1.1"" 200 3 ""\\x09tab"" ""\\x0Dcr""",hostile.log,4,',
    "200,192.0.2.12,GET,/robots.txt,22.11.2026 10:00:03,6b02af132b34b,2026-11-22T10:00:03+01:00,'+49 30 1234,'-2+3,3,,,,,192.0.2.12,,GET /robots.txt HTTP/1.1," +
      '"192.0.2.12 - - [22/Nov/2026:10:00:03 +0100] ""GET /robots.txt HTTP/1.1"" 200 3 ""+49 30 1234"" ""-2+3""",hostile.log,3,',
    '200,192.0.2.11,GET,/moebel/12/sofa-bergen,22.11.2026 10:00:02,6b02af12d05fa,2026-11-22T10:00:02+01:00,,"Mozilla/5.0 (X11; Linux), ""quoted""\r\nnext line",7,,,,,' +
      '192.0.2.11,alice,GET /moebel/12/sofa-bergen HTTP/1.1,"192.0.2.11 - alice [22/Nov/2026:10:00:02 +0100] ""GET /moebel/12/sofa-bergen HTTP/1.1"" 200 7 ""-"" ""Mozilla/5.0 (X11; Linux), \\""quoted\\""\\x0D\\x0Anext line""",hostile.log,2,',
    `200,192.0.2.10,GET,/moebel/,22.11.2026 10:00:01,6b02af1117c36,2026-11-22T10:00:01+01:00,"'=HYPERLINK(""http://evil.example/"",""click"")",'@SUM(1+1),512,,,,,192.0.2.10,,GET /moebel/ HTTP/1.1,` +
      '"192.0.2.10 - - [22/Nov/2026:10:00:01 +0100] ""GET /moebel/ HTTP/1.1"" 200 512 ""=HYPERLINK(\\x22http://evil.example/\\x22,\\x22click\\x22)"" ""@SUM(1+1)""",hostile.log,1,',
    '',
  ].join('\r\n'))
})

t.test('--emit json keeps decoded values exact: control characters are JSON escapes', async (t) => {
  const dir = t.testdir({ 'hostile.log': HOSTILE_LOG })
  const r = await runCli(['build', '--emit', 'json', 'hostile.log'], { cwd: dir })
  const doc = JSON.parse(r.stdout) as { rows: { userAgent: string; referer: string }[] }
  t.strictSame(doc.rows.map((row) => [row.referer, row.userAgent]), [
    ['\ttab', '\rcr'],
    ['+49 30 1234', '-2+3'],
    [null, 'Mozilla/5.0 (X11; Linux), "quoted"\r\nnext line'],
    ['=HYPERLINK("http://evil.example/","click")', '@SUM(1+1)'],
  ])
  t.match(r.stdout, '"userAgent": "\\rcr"')
})

t.test('bytes past 2^53 are written with every digit as logged, in every format', async (t) => {
  const huge = '9'.repeat(400)
  const line = (second: number, bytes: string): string =>
    `192.0.2.1 - - [22/Nov/2026:12:00:0${second} +0000] "GET /p${second} HTTP/1.1" 200 ${bytes} "-" "-"`
  const dir = t.testdir({ 'access.log': `${line(1, '0000512')}\n${line(2, '123456789012345678901234567890')}\n${line(3, huge)}\n` })
  const emitted = async (emit: string): Promise<string> => {
    const r = await runCli(['build', '--any-url', '--emit', emit, `${dir}/access.log`])
    t.strictSame([r.code, r.stderr], [0, ''], emit)
    return r.stdout
  }
  const expected = [huge, '123456789012345678901234567890', '512']
  t.strictSame([...(await emitted('ndjson')).matchAll(/"bytes":(\d+|null),/g)].map((m) => m[1]), expected, 'ndjson')
  t.strictSame([...(await emitted('json')).matchAll(/"bytes": (\d+|null),/g)].map((m) => m[1]), expected, 'json')
  t.strictSame((await emitted('csv')).split('\r\n').slice(1, 4).map((row) => row.split(',')[9]), expected, 'csv')
  t.strictSame([...(await emitted('html')).matchAll(/<dt>Bytes sent<\/dt>\n<dd>(\d+)<\/dd>/g)].map((m) => m[1]), expected, 'html')
})

t.test('no rows: an empty listing in every data format', async (t) => {
  const empty = fixture('handmade/empty.log')
  t.equal((await runCli(['build', '--emit', 'json', empty])).stdout, '{\n  "count": 0,\n  "rows": []\n}\n')
  t.equal((await runCli(['build', '--emit', 'ndjson', empty])).stdout, '')
  t.equal((await runCli(['build', '--emit', 'csv', empty])).stdout,
    'status,ip,method,url,time,token,timestamp,referer,userAgent,bytes,duration,host,port,forwardedFor,loggedIp,user,request,raw,source,line,byteOffset\r\n')
})

t.test('--emit html is the default and the data formats list the page\'s rows', async (t) => {
  const html = await runCli(['build', '-n', '30', NGINX])
  const explicit = await runCli(['build', '--emit', 'html', '-n', '30', NGINX])
  t.equal(explicit.stdout, html.stdout, '--emit html is the default')
  const doc = JSON.parse((await runCli(['build', '--emit', 'json', '-n', '30', NGINX])).stdout) as { count: number; rows: Record<string, unknown>[] }
  t.equal(countLine(html.stdout), `${doc.count} results found`)
  t.equal(doc.count, 30)
  t.strictSame(doc.rows.map((row) => [String(row.status), row.ip, row.method, row.url, row.time, row.token]), tableRows(html.stdout),
    'the six columns are the page\'s, row for row')
})

/** Real logs in every format (sub-second times and durations included), and H6's hostile corpus. */
const FIXTURE_LOGS = [
  'nginx/access.log', 'nginx/common.log', 'apache/access.log', 'apache/common.log', 'apache/vhost_combined.log',
  'handmade/mixed.log', 'handmade/apache-out-of-order.log', 'hostile/access.log', 'hostile/raw-bytes.log',
]
const withFormat = (log: string, format: string): string[] => [fixture(log), '--log-format', readFileSync(fixture(`formats/${format}.format`), 'utf8').trim()]

t.test('real output validates against schema/listing.schema.json and schema/row.schema.json', async (t) => {
  const runs = [
    ...FIXTURE_LOGS.map((log) => [fixture(log)]),
    withFormat('nginx/custom.log', 'nginx-custom'),
    withFormat('nginx/json.log', 'nginx-json'),
    withFormat('apache/custom.log', 'apache-custom'),
    [fixture('nginx/access.log'), '--tz', 'Asia/Kathmandu'],
  ]
  for (const args of runs) {
    const name = args.slice(0, 2).join(' ')
    const json = await runCli(['build', '--emit', 'json', '-n', '1000', ...args])
    t.equal(json.code, 0, `${name}: built`)
    const doc = JSON.parse(json.stdout) as { count: number }
    t.ok(validListing(doc), `${name}: json valid ${JSON.stringify(validListing.errors ?? [])}`)
    t.ok(doc.count > 0, `${name}: has rows`)
    const ndjson = await runCli(['build', '--emit', 'ndjson', '-n', '1000', ...args])
    const lines = ndjson.stdout.split('\n').slice(0, -1)
    t.equal(lines.length, doc.count, `${name}: one ndjson line per row`)
    t.ok(lines.every((line) => validRow?.(JSON.parse(line)) === true), `${name}: every ndjson line is a valid row`)
  }
})

t.test('-o writes the data atomically, like the page', async (t) => {
  const dir = t.testdir({ 'rows.ndjson': 'old\n' })
  const r = await runCli(['build', '--emit', 'ndjson', '-n', '2', NGINX, '-o', `${dir}/rows.ndjson`])
  t.equal(r.code, 0)
  t.equal(r.stdout, '')
  t.equal(readFileSync(`${dir}/rows.ndjson`, 'utf8'), `${JSON.stringify(NEWEST_TWO[0])}\n${JSON.stringify(NEWEST_TWO[1])}\n`)
  t.strictSame(readdirSync(dir), ['rows.ndjson'], 'no temporary file is left')
})

t.test('a bad --emit', async (t) => {
  const dir = t.testdir({ 'out.csv': 'old' })
  const r = await runCli(['build', '--emit', 'xml', NGINX, '-o', `${dir}/out.csv`])
  t.equal(r.code, 2)
  t.equal(r.stderr, "profiler-search: option '--emit <format>' argument 'xml' is invalid. give one of html, json, ndjson, csv (see profiler-search build --help)\n")
  t.equal(r.stdout, '')
  t.equal(readFileSync(`${dir}/out.csv`, 'utf8'), 'old', 'nothing is written')
})
