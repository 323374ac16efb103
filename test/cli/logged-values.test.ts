/**
 * What `--emit` and the token details make of two kinds of logged value:
 * an empty string in JSON lines (nginx `escape=json` writes an unset
 * variable as `""`), which is unset like a `-` in a text log; and sub-second
 * times, whose timestamp has as many digits as the log gave (3 for
 * milliseconds, 6 for microseconds) while the token keeps the microseconds.
 */

import { readFileSync } from 'node:fs'
import t from 'tap'
import { detailSections } from '../helpers/page.js'
import { fixture, runCli } from '../helpers/run-cli.js'

type Row = Record<string, unknown>
const ndjson = (text: string): Row[] => text.split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as Row)
const formatText = (name: string): string => readFileSync(fixture(`formats/${name}.format`), 'utf8').replace(/\n$/, '')
const pick = (row: Row, keys: readonly string[]): Row => Object.fromEntries(keys.map((key) => [key, row[key]]))

const JSON_LOG = fixture('nginx/json.log')
const VALUES = ['line', 'timestamp', 'token', 'referer', 'userAgent', 'user', 'forwardedFor', 'host'] as const
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'

/** r81, r77 and r50 of the plan as nginx's escape=json log has them: remote_user, http_referer, http_user_agent, http_x_forwarded_for "" where unset. */
const JSON_ROWS = [
  { line: 81, timestamp: '2026-11-22T13:45:40.567+01:00', token: '6b02e3f48a6d8', referer: 'https://www.google.de/', userAgent: FIREFOX, user: null, forwardedFor: null, host: 'shop.example' },
  { line: 77, timestamp: '2026-11-22T13:45:38.318+01:00', token: '6b02e3f24da30', referer: null, userAgent: IPHONE, user: null, forwardedFor: null, host: 'shop.example' },
  { line: 50, timestamp: '2026-11-22T13:45:22.528+01:00', token: '6b02e3e280e80', referer: null, userAgent: null, user: null, forwardedFor: null, host: 'shop.example' },
]

t.test('JSON lines: an empty user, referer, user agent or X-Forwarded-For is null', async (t) => {
  for (const format of [[], ['--log-format', 'json'], ['--log-format', formatText('nginx-json')]]) {
    const name = format.length === 0 ? 'auto' : format[1] === 'json' ? 'the json preset' : 'the nginx JSON log_format'
    const r = await runCli(['build', '--emit', 'ndjson', '-n', '100', ...format, JSON_LOG])
    t.equal(r.code, 0, name)
    const rows = ndjson(r.stdout)
    t.strictSame([81, 77, 50].map((line) => pick(rows.find((row) => row.line === line) ?? {}, VALUES)), JSON_ROWS, name)
    t.strictSame(rows.filter((row) => row.user !== null || row.referer === '' || row.userAgent === '' || row.forwardedFor === ''), [],
      `${name}: no empty string in any row`)
  }
  const page = await runCli(['build', '-n', '100', '--url', '/robots.txt', JSON_LOG])
  const r50 = detailSections(page.stdout).find((section) => section.id === 'profile-6b02e3e280e80')
  t.strictSame(r50?.log.map(([label]) => label), ['Request line', 'Bytes sent', 'Request time', 'Virtual host', 'Raw line', 'Source'],
    'the token details leave the unset fields out, no empty labels')
})

t.test('--json-fields: the same for keys of any name', async (t) => {
  const log = fixture('wild/json-fields-empty.log')
  const map = 'ip=client,time=ts,request=req,status=code,userAgent=agent,referer=from,user=login,forwardedFor=fwd,host=vhost'
  const r = await runCli(['build', '--emit', 'ndjson', '--json-fields', map, log])
  t.equal(r.code, 0)
  t.equal(r.stderr, '')
  t.strictSame(ndjson(r.stdout).map((row) => pick(row, VALUES)), [
    { line: 2, timestamp: '2026-11-22T13:45:39+01:00', token: '6b02e3f3767f7', referer: null, userAgent: null, user: null, forwardedFor: null, host: null },
    { line: 1, timestamp: '2026-11-22T13:45:38+01:00', token: '6b02e3f207f3e', referer: 'https://www.google.de/', userAgent: 'curl/8.5.0', user: 'alice', forwardedFor: '198.51.100.9', host: 'shop.example' },
  ])
})

t.test('timestamps: 3 decimals for logged milliseconds, 6 for microseconds; tokens as before', async (t) => {
  const APACHE_USEC = '%a %l %u [%{%d/%b/%Y:%H:%M:%S}t.%{usec_frac}t %{%z}t] \\"%r\\" %>s %b \\"%{Referer}i\\" \\"%{User-Agent}i\\" %D \\"%{X-Forwarded-For}i\\"'
  const cases: [string, string[], string[]][] = [
    ['nginx $msec', ['--log-format', formatText('nginx-custom'), fixture('nginx/custom.log')],
      ['2026-11-22T13:45:40.567+01:00 6b02e3f48a6d8', '2026-11-22T13:45:38.318+01:00 6b02e3f24da30', '2026-11-22T13:45:37.289+01:00 6b02e3f1468e8']],
    ['Apache %{msec_frac}t and %{msec}t', ['--log-format', formatText('apache-custom'), fixture('apache/custom.log')],
      ['2026-11-22T07:45:40.562-05:00 6b02e3f489350', '2026-11-22T07:45:38.308-05:00 6b02e3f24b320', '2026-11-22T07:45:37.288-05:00 6b02e3f146500']],
    ['Apache %{usec_frac}t', ['--log-format', APACHE_USEC, '--method', 'any', fixture('handmade/apache-custom.log')],
      ['2026-11-22T04:00:03.999999-05:00 6b02af13f423f', '2026-11-22T04:00:02.654321-05:00 6b02af129fbf1', '2026-11-22T04:00:01.000042-05:00 6b02af110002a']],
    ['--tz converts, the digits stay', ['--tz', 'UTC', '--log-format', formatText('nginx-custom'), fixture('nginx/custom.log')],
      ['2026-11-22T12:45:40.567+00:00 6b02e3f48a6d8', '2026-11-22T12:45:38.318+00:00 6b02e3f24da30', '2026-11-22T12:45:37.289+00:00 6b02e3f1468e8']],
  ]
  for (const [name, args, expected] of cases) {
    const r = await runCli(['build', '--emit', 'ndjson', '-n', '3', ...args])
    t.equal(r.code, 0, name)
    t.strictSame(ndjson(r.stdout).map((row) => `${String(row.timestamp)} ${String(row.token)}`), expected, name)
  }
  const csv = await runCli(['build', '--emit', 'csv', '-n', '1', '--log-format', formatText('nginx-custom'), fixture('nginx/custom.log')])
  t.equal(csv.stdout.split('\r\n')[1]?.split(',').slice(5, 7).join(','), '6b02e3f48a6d8,2026-11-22T13:45:40.567+01:00', 'csv alike')
})
