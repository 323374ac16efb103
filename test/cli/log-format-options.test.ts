/**
 * The log-format options end to end through the bin: --log-format (presets,
 * auto, nginx and Apache format text, JSON templates), --json-fields,
 * --log-tz, --client-ip, --trusted-proxy, --verbose, --strict and the
 * line-length cap, on small handmade logs in fixtures/handmade/.
 */

import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import t from 'tap'
import { countLine, detailSections, rowSummaries, tableRows } from '../helpers/page.js'
import { fixture, runCli } from '../helpers/run-cli.js'

const NGINX_FORMAT =
  '$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent" ' +
  'rt=$request_time msec=$msec host=$host xff="$http_x_forwarded_for"'
const APACHE_FORMAT =
  '%a %l %u [%{%d/%b/%Y:%H:%M:%S}t.%{usec_frac}t %{%z}t] \\"%r\\" %>s %b \\"%{Referer}i\\" \\"%{User-Agent}i\\" %D \\"%{X-Forwarded-For}i\\"'
const NGINX_JSON_FORMAT = `log_format j escape=json '{"time":"$time_iso8601","msec":"$msec","ip":"$remote_addr",'
    '"request":"$request","status":$status,"bytes":$body_bytes_sent,"ua":"$http_user_agent","rt":$request_time,'
    '"xff":"$http_x_forwarded_for"}';`

const NGINX_LOG = fixture('handmade/nginx-custom.log')

/** [status, ip, method, url, time, token] of each row. */
const rows = (html: string): string[][] => tableRows(html)

t.test('an nginx log_format with $msec: exact rows, tokens from the logged milliseconds', async (t) => {
  const r = await runCli(['build', '--log-format', NGINX_FORMAT, '--tz', 'UTC', NGINX_LOG])
  t.equal(r.code, 0)
  t.strictSame(rows(r.stdout), [
    ['200', '10.0.0.2', 'GET', '/wohnzimmer/', '22.11.2026 9:00:08', '6b02af1800000'],
    ['200', '10.0.0.2', 'GET', '/moebel/12/sofa-bergen', '22.11.2026 9:00:05', '6b02af150a410'],
    ['200', '::1', 'GET', '/forms/index/id/5', '22.11.2026 9:00:04', '6b02af14f3e58'],
    ['200', '203.0.113.50', 'GET', '/sitemap_index.xml', '22.11.2026 9:00:03', '6b02af13003e8'],
    ['200', '10.0.0.2', 'GET', '/robots.txt', '22.11.2026 9:00:02', '6b02af127a120'],
    ['200', '10.0.0.2', 'GET', '/moebel/', '22.11.2026 9:00:01', '6b02af111e078'],
  ], '.123 s is 123000 µs = 1e078; .042 s = 0a410; .999 s = f3e58')
  t.equal(r.stderr, `profiler-search: skipped 2 of 8 lines (2 not a log line); first at ${NGINX_LOG}:6\n`,
    'a line in another format (combined) is a skipped line')
  const quoted = await runCli(['build', '--log-format', `log_format main '${NGINX_FORMAT.slice(0, 60)}'\n  '${NGINX_FORMAT.slice(60)}';`, '--tz', 'UTC', NGINX_LOG])
  t.equal(quoted.stdout, r.stdout, 'the whole log_format directive from nginx.conf gives the same page')
})

t.test('--client-ip forwarded: the client behind trusted proxies', async (t) => {
  const ips = async (...args: string[]) => {
    const r = await runCli(['build', '--log-format', NGINX_FORMAT, '--client-ip', 'forwarded', ...args, NGINX_LOG])
    t.equal(r.code, 0, args.join(' ') || 'default trusted proxies')
    return rows(r.stdout).map((row) => `${row[1]} ${row[3]}`)
  }
  t.strictSame(await ips(), [
    '2001:db8::7 /wohnzimmer/', // xff "2001:db8::7, fd00::1": fd00::/7 is trusted
    '10.0.0.4 /moebel/12/sofa-bergen', // xff "unknown, 10.0.0.4": the invalid entry stops the walk
    '::1 /forms/index/id/5', // no X-Forwarded-For
    '203.0.113.50 /sitemap_index.xml', // the peer is no trusted proxy: its header is not believed
    '203.0.113.10 /robots.txt', // "198.51.100.7, 203.0.113.10, 10.0.0.3": the right-most untrusted
    '203.0.113.9 /moebel/',
  ])
  t.strictSame(await ips('--trusted-proxy', '10.0.0.2', '--trusted-proxy', '203.0.113.0/24'), [
    'fd00::1 /wohnzimmer/',
    '10.0.0.4 /moebel/12/sofa-bergen',
    '::1 /forms/index/id/5',
    '198.51.100.99 /sitemap_index.xml',
    '10.0.0.3 /robots.txt',
    '203.0.113.9 /moebel/',
  ], '--trusted-proxy replaces the default ranges')
})

t.test('an Apache LogFormat with strftime, %{usec_frac}t and %D', async (t) => {
  const log = fixture('handmade/apache-custom.log')
  const r = await runCli(['build', '--log-format', APACHE_FORMAT, '--method', 'any', log])
  t.equal(r.code, 0)
  t.strictSame(rows(r.stdout), [
    ['200', '::1', 'POST', '/moebel/', '22.11.2026 4:00:03', '6b02af13f423f'],
    ['200', '192.0.2.44', 'GET', '/anfrage?sInquiry=detail&sOrdernumber=SW10001', '22.11.2026 4:00:02', '6b02af129fbf1'],
    ['200', '10.0.0.2', 'GET', '/moebel/', '22.11.2026 4:00:01', '6b02af110002a'],
  ], 'shown in the logged offset (-0500); the token ends in the logged microseconds (999999 = f423f, 654321 = 9fbf1, 42 = 0002a)')
  t.equal(r.stderr, `profiler-search: skipped 1 of 4 lines (1 not a log line); first at ${log}:4\n`, '.5 is not six digits of %{usec_frac}t')
  const plainQuotes = await runCli(['build', '--log-format', `LogFormat "${APACHE_FORMAT}" custom`, '--method', 'any', log])
  t.equal(plainQuotes.stdout, r.stdout, 'the LogFormat line from apache2.conf gives the same page')
})

t.test('nginx JSON (escape=json) from its log_format template, with --verbose', async (t) => {
  const log = fixture('handmade/json-escape.log')
  const r = await runCli(['build', '--log-format', NGINX_JSON_FORMAT, '--tz', 'UTC', '--verbose', log])
  t.equal(r.code, 0)
  t.strictSame(rows(r.stdout), [
    ['200', '192.0.2.6', 'GET', '/wohnzimmer/', '22.11.2026 9:00:06', '6b02af16bdb28'],
    ['200', '::1', 'GET', '/sitemap_index.xml', '22.11.2026 9:00:05', '6b02af1501388'],
    ['200', '10.0.0.2', 'GET', '/moebel/', '22.11.2026 9:00:01', '6b02af113d090'],
  ])
  t.equal(r.stderr, [
    `profiler-search: ${log}:2: not JSON: not JSON at all`,
    `profiler-search: ${log}:3: missing field: {"time":"2026-11-22T10:00:03+01:00","msec":"1795338003.000","ip":"192.0.2.3","request":"GET /robots.txt HTTP/1.1","bytes`,
    `profiler-search: ${log}:4: not JSON: ["an","array"]`,
    `profiler-search: skipped 3 of 6 lines (2 not JSON, 1 missing field); first at ${log}:2`,
    '',
  ].join('\n'))
  const preset = await runCli(['build', '--log-format', 'json', '--tz', 'UTC', log])
  t.equal(preset.code, 0, 'the json preset expects nginx variable names as keys: a format named stops no run')
  const first = readFileSync(log, 'utf8').split('\n')[0] as string
  t.equal(preset.stderr.split('\n')[0], `profiler-search: ${log}: none of its 6 lines matches --log-format json (first: ${JSON.stringify(first.slice(0, 80))}); skipped ` +
    '(its first line is JSON with the keys time, msec, ip, request, status, bytes, ua, rt, xff: name the ones that hold what a row needs with --json-fields, ' +
    'e.g. --json-fields \'ip=ip,time=time,request=request,status=status,bytes=bytes,userAgent=ua\' (a dot reaches into an object))')
  const suggested = await runCli(['build', '--log-format', 'json', '--json-fields', 'ip=ip,time=time,request=request,status=status,bytes=bytes,userAgent=ua', '--tz', 'UTC', log])
  t.strictSame(rowSummaries(suggested.stdout), rowSummaries(r.stdout), 'read as the hint says, the rows its log_format reads')
})

t.test('--json-fields maps other key names, nested keys included', async (t) => {
  const log = fixture('handmade/json-keys.log')
  const r = await runCli(['build', '--json-fields', 'ip=client,time=ts,request=http.req,status=http.code,userAgent=agent.ua', '--tz', 'UTC', log])
  t.equal(r.code, 0)
  t.strictSame(rows(r.stdout).map((row) => row.slice(0, 5).join(' ')), [
    '200 192.0.2.12 GET /garten/ 22.11.2026 9:00:03', // a CLF time string
    '200 192.0.2.11 GET /robots.txt 22.11.2026 9:00:02', // ISO 8601, status as a string
    '200 192.0.2.10 GET /moebel/ 22.11.2026 9:00:01', // epoch seconds as a number
  ])
  t.equal(rows(r.stdout)[2]?.[5], '6b02af117a120', 'epoch 1795338001.5: 500000 µs')
  t.equal(r.stderr, `profiler-search: skipped 1 of 4 lines (1 missing field); first at ${log}:4\n`)
})

t.test('auto: vhost_combined is recognised and said under --verbose', async (t) => {
  const log = fixture('handmade/vhost-combined.log')
  const r = await runCli(['build', '--verbose', log])
  t.equal(r.code, 0)
  t.strictSame(rows(r.stdout).map((row) => row.slice(0, 5).join(' ')), [
    '200 192.0.2.23 GET /forms/index/id/5 22.11.2026 4:00:04',
    '200 192.0.2.22 GET /sitemap_index.xml 22.11.2026 4:00:03',
    '200 ::1 GET /robots.txt 22.11.2026 4:00:02',
    '200 192.0.2.20 GET /moebel/ 22.11.2026 4:00:01',
  ])
  t.equal(r.stderr, [
    `profiler-search: ${log}: log format vhost_combined (auto)`,
    `profiler-search: ${log}:3: log format combined for lines vhost_combined cannot read (auto)`,
    '',
  ].join('\n'), 'a combined line later in a vhost_combined input is read as combined')
  const named = await runCli(['build', '--log-format', 'vhost_combined', log])
  t.strictSame(rows(named.stdout).map((row) => row[1]), ['192.0.2.23', '::1', '192.0.2.20'], 'naming the preset: only its lines')
  t.equal(named.stderr, `profiler-search: skipped 1 of 4 lines (1 not a log line); first at ${log}:3\n`, 'the combined line is skipped')
})

t.test('--verbose on a mixed log: the chosen format, then each skipped line', async (t) => {
  const log = fixture('handmade/mixed.log')
  const r = await runCli(['build', '--verbose', log])
  t.equal(r.code, 0)
  t.equal(countLine(r.stdout), '6 results found')
  t.equal(r.stderr, [
    `profiler-search: ${log}: log format combined (auto)`,
    `profiler-search: ${log}:2: not a log line: this is not a log line`,
    `profiler-search: ${log}:5: bad time: 127.0.0.4 - - [31/Nov/2026:10:00:03 +0100] "GET /robots.txt HTTP/1.1" 200 10 "-" "-"`,
    `profiler-search: ${log}:6: bad status: 127.0.0.5 - - [22/Nov/2026:10:00:04 +0100] "GET /robots.txt HTTP/1.1" 2000 10 "-" "-"`,
    `profiler-search: ${log}:8: not a log line: 127.0.0.7 - - [22/Nov/2026:10:00:06 +0100] "GET /moebel/ HTT`,
    `profiler-search: skipped 4 of 12 lines (2 not a log line, 1 bad time, 1 bad status); first at ${log}:2`,
    '',
  ].join('\n'))
})

t.test('times without an offset are read in --log-tz, daylight saving included', async (t) => {
  const log = fixture('handmade/zoneless-dst.log')
  const format = '%h [%{%Y-%m-%d %H:%M:%S}t] \\"%r\\" %>s'
  const expected = [
    '200 192.0.2.32 GET /sitemap_index.xml 25.10.2026 2:00:00', // 03:00 CET
    '200 192.0.2.31 GET /robots.txt 25.10.2026 0:30:00', // 02:30 happens twice: the first pass, CEST
    '200 192.0.2.30 GET /moebel/ 24.10.2026 23:59:59', // 01:59:59 CEST
    '200 192.0.2.33 GET /forms/index/id/5 29.03.2026 1:30:00', // 02:30 never happens on 29 March: 03:30 CEST
  ]
  const r = await runCli(['build', '--log-format', format, '--log-tz', 'Europe/Berlin', '--tz', 'UTC', log])
  t.equal(r.code, 0)
  t.strictSame(rows(r.stdout).map((row) => row.slice(0, 5).join(' ')), expected)
  const machine = await runCli(['build', '--log-format', format, '--tz', 'UTC', log], { env: { TZ: 'Europe/Berlin' } })
  t.equal(machine.stdout, r.stdout, 'without --log-tz, the machine\'s zone (TZ) is the log zone')
  const shown = await runCli(['build', '--log-format', format, '--log-tz', 'Europe/Berlin', log])
  t.strictSame(rows(shown.stdout).map((row) => row[4]), ['25.10.2026 3:00:00', '25.10.2026 2:30:00', '25.10.2026 1:59:59', '29.03.2026 3:30:00'],
    'without --tz, each time is shown in the offset it had in the log zone')
})

t.test('--strict: any skipped line fails the run, nothing is written', async (t) => {
  const dir = t.testdir({ 'out.html': 'previous page\n' })
  const log = fixture('handmade/mixed.log')
  const r = await runCli(['build', '--strict', log, '-o', `${dir}/out.html`])
  t.equal(r.code, 1)
  t.equal(r.stdout, '')
  t.equal(r.stderr, `profiler-search: --strict: skipped 4 of 12 lines (2 not a log line, 1 bad time, 1 bad status); first at ${log}:2 (nothing was written)\n`)
  t.equal(readFileSync(`${dir}/out.html`, 'utf8'), 'previous page\n', 'the previous page stays')
  t.strictSame(readdirSync(dir), ['out.html'], 'no temporary file is left')
  const clean = await runCli(['build', '--strict', fixture('handmade/apache-out-of-order.log'), '-o', `${dir}/out.html`])
  t.equal(clean.code, 0, 'a log without skipped lines passes')
  t.equal(clean.stderr, '')
  t.equal(countLine(readFileSync(`${dir}/out.html`, 'utf8')), '5 results found')
})

t.test('a 10 MB line is skipped as line too long, and counted', async (t) => {
  const dir = t.testdir()
  const line = (n: number) => `192.0.2.${n} - - [22/Nov/2026:10:00:0${n} +0100] "GET /moebel/ HTTP/1.1" 200 3 "-" "curl"`
  writeFileSync(`${dir}/long.log`, `${line(1)}\n"${'x'.repeat(10 * 1024 * 1024)}"\n${line(3)}\n`)
  // Over 4 MiB, the file is read from its end: the long line is known by its byte offset, after line 1.
  const at = `@byte ${Buffer.byteLength(line(1)) + 1}`
  const r = await runCli(['build', '--verbose', '--tz', 'UTC', `${dir}/long.log`])
  t.equal(r.code, 0)
  t.strictSame(rows(r.stdout).map((row) => row[1]), ['192.0.2.3', '192.0.2.1'])
  t.equal(r.stderr, [
    `profiler-search: ${dir}/long.log: log format combined (auto)`,
    `profiler-search: ${dir}/long.log${at}: line too long: "${'x'.repeat(119)}`,
    `profiler-search: skipped 1 of 3 lines (1 line too long); first at ${dir}/long.log${at}`,
    '',
  ].join('\n'))
  t.equal(at, '@byte 84')
  const full = await runCli(['build', '--verbose', '--full-scan', '--tz', 'UTC', `${dir}/long.log`])
  t.equal(full.code, 0)
  t.strictSame(tableRows(full.stdout), tableRows(r.stdout), '--full-scan: the same rows and tokens')
  const sources = (html: string) => detailSections(html).map((section) => section.log.find(([label]) => label === 'Source')?.[1])
  t.strictSame(sources(r.stdout), [`long.log@byte ${84 + 1 + 10 * 1024 * 1024 + 2}`, 'long.log@byte 0'], 'read from the end: byte offsets')
  t.strictSame(sources(full.stdout), ['long.log:3', 'long.log:1'], '--full-scan: line numbers')
  t.equal(full.stderr, [
    `profiler-search: ${dir}/long.log: log format combined (auto)`,
    `profiler-search: ${dir}/long.log:2: line too long: "${'x'.repeat(119)}`,
    `profiler-search: skipped 1 of 3 lines (1 line too long); first at ${dir}/long.log:2`,
    '',
  ].join('\n'), '--full-scan: by line number')
})

t.test('mistakes: one line naming the option, exit 2, nothing written', async (t) => {
  const log = fixture('handmade/mixed.log')
  const cases: [string[], string][] = [
    [['--log-format', '%h %l %u'], '--log-format has no time field (%t or %{…}t) (see profiler-search build --help)'],
    [['--log-format', '$remote_addr [$time_local] $status'], '--log-format has no request field ($request, or $request_method with $request_uri) (see profiler-search build --help)'],
    [['--log-format', 'nonsense'], '--log-format "nonsense" is neither auto, a preset (combined, common, vhost_combined, json) nor a format with nginx $variables or Apache %directives (see profiler-search build --help)'],
    [['--log-format', '$remote_addr$remote_user [$time_local] "$request" $status'],
      '--log-format has $remote_addr$remote_user: two fields with nothing between them cannot be told apart (put a space or other text between them) (see profiler-search build --help)'],
    [['--log-format', '%h %t "%r" %>s %{%Q}t'], '--log-format %{%Q}t: the time layout "%Q" has %Q, which is not a strftime conversion we can read (see profiler-search build --help)'],
    [['--log-format', ''], "option '--log-format <format>' argument '' is invalid. give auto, combined, common, vhost_combined, json, or the server's log_format / LogFormat text (see profiler-search build --help)"],
    [['--json-fields', 'foo=bar'], "option '--json-fields <map>' argument 'foo=bar' is invalid. \"foo\" is not a field name: use NAME=KEY pairs with NAME one of ip, time, request, method, uri, protocol, status, bytes, referer, userAgent, duration, host, port, forwardedFor, user (see profiler-search build --help)"],
    [['--log-format', 'combined', '--json-fields', 'ip=a'], '--json-fields is for JSON lines, but --log-format is combined (use --log-format json, an nginx JSON log_format, or leave --log-format at auto)'],
    [['--client-ip', 'proxy'], "option '--client-ip <mode>' argument 'proxy' is invalid. give logged or forwarded (see profiler-search build --help)"],
    [['--trusted-proxy', '10.0.0.0/33'], "option '--trusted-proxy <cidr>' argument '10.0.0.0/33' is invalid. give an IPv4 or IPv6 address or CIDR range, such as 10.0.0.0/8, 192.0.2.7 or fd00::/8 (see profiler-search build --help)"],
    [['--log-tz', 'Mars/Olympus'], "option '--log-tz <zone>' argument 'Mars/Olympus' is invalid. give an IANA time zone name such as Europe/Berlin or UTC (see profiler-search build --help)"],
    [['--client-ip', 'forwarded', '--log-format', 'combined'], '--client-ip forwarded needs X-Forwarded-For in the log, but --log-format combined has no such field (log $http_x_forwarded_for or %{X-Forwarded-For}i, or use --client-ip logged)'],
    [['--client-ip', 'forwarded'], `--client-ip forwarded needs X-Forwarded-For in the log, but ${log} (log format combined) has no such field (log $http_x_forwarded_for or %{X-Forwarded-For}i, or use --client-ip logged)`],
    [['--client-ip', 'forwarded', '--partial-ok'], `--client-ip forwarded needs X-Forwarded-For in the log, but ${log} (log format combined) has no such field (log $http_x_forwarded_for or %{X-Forwarded-For}i, or use --client-ip logged)`],
  ]
  for (const [args, message] of cases) {
    const dir = t.testdir()
    const r = await runCli(['build', ...args, log, '-o', `${dir}/out.html`])
    t.equal(r.code, 2, args.join(' '))
    t.equal(r.stderr, `profiler-search: ${message}\n`, args.join(' '))
    t.notOk(existsSync(`${dir}/out.html`), 'nothing written')
  }
})

t.test('a file in the wrong format for a fixed --log-format: a warning and the skipped lines (no line stops a run); --strict: exit 1', async (t) => {
  const log = fixture('handmade/mixed.log')
  const r = await runCli(['build', '--log-format', NGINX_FORMAT, log])
  t.equal(r.code, 0)
  const first = readFileSync(log, 'utf8').split('\n')[0] as string
  t.equal(r.stderr, `profiler-search: ${log}: none of its 12 lines matches --log-format nginx log_format (first: ${JSON.stringify(first.slice(0, 80))}); skipped (is it the format the server writes?)\n`
    + `profiler-search: skipped 12 of 12 lines (12 not a log line); first at ${log}:1\n`)
  const strict = await runCli(['build', '--log-format', NGINX_FORMAT, log, '--strict'])
  t.equal(strict.code, 1)
  t.match(strict.stderr, /--strict: skipped 12 of 12 lines/)
})
