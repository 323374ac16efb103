/** One combined-format line per request, escaped as nginx escapes, in this machine's zone; build reads it back. */

import { writeFileSync } from 'node:fs'
import t from 'tap'
import { CLIENT_CLOSED, combinedLine, escapeLogValue, logTime } from '../../../../src/jobs/serve/access-log.js'
import { runCli } from '../../../helpers/run-cli.js'

const AT = new Date(Date.UTC(2026, 10, 26, 20, 5, 9))

t.test('the combined format: client, user, [time], "request", status, bytes, "referer", "user agent"', async (t) => {
  t.equal(combinedLine({
    client: '127.0.0.1', user: null, at: AT, requestLine: 'GET /?ip=10. HTTP/1.1', status: 200, bytes: 7311, referer: 'http://127.0.0.1:8080/', userAgent: 'curl/8.5',
  }), '127.0.0.1 - - [26/Nov/2026:20:05:09 +0000] "GET /?ip=10. HTTP/1.1" 200 7311 "http://127.0.0.1:8080/" "curl/8.5"')
  t.equal(combinedLine({
    client: '::1', user: 'alice', at: AT, requestLine: null, status: 400, bytes: 0, referer: undefined, userAgent: '',
  }), '::1 - alice [26/Nov/2026:20:05:09 +0000] "-" 400 0 "-" "-"', 'a request that could not be read; no or an empty header: -')
  t.equal(CLIENT_CLOSED, 499)
})

t.test('the time in this machine\'s zone (TZ), as nginx\'s $time_local', async (t) => {
  // tests run with TZ=UTC; the offset is read from the Date itself
  const at = new Date(2026, 0, 5, 3, 4, 5)
  const offset = -at.getTimezoneOffset()
  const sign = offset < 0 ? '-' : '+'
  const hhmm = `${String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0')}${String(Math.abs(offset) % 60).padStart(2, '0')}`
  t.equal(logTime(at), `05/Jan/2026:03:04:05 ${sign}${hhmm}`)
})

t.test('values escaped as nginx escapes them: no line can be forged or broken', async (t) => {
  t.equal(escapeLogValue('a"b\\c'), 'a\\x22b\\x5Cc')
  t.equal(escapeLogValue('x\ny\r\u0000\u007f'), 'x\\x0Ay\\x0D\\x00\\x7F')
  t.equal(escapeLogValue('\u00e4'), '\\xE4', 'a header byte (Node gives them as latin1 characters)')
  t.equal(escapeLogValue('\u20ac'), '\\xE2\\x82\\xAC', 'a character past latin1 as its UTF-8 bytes')
  const line = combinedLine({
    client: '127.0.0.1', user: null, at: AT, requestLine: 'GET /"><script> HTTP/1.1', status: 404, bytes: 1, referer: undefined,
    userAgent: 'evil"\n127.0.0.1 - - [01/Jan/2026:00:00:00 +0000] "GET /moebel/ HTTP/1.1" 200 1 "-" "-"',
  })
  t.notMatch(line, /\n/)
  t.equal(line.split('"').length, 7, 'three quoted fields, no more')
})

t.test('profiler-search reads its own log: build --any-url lists each request', async (t) => {
  const dir = t.testdir({})
  const lines = [
    { requestLine: 'GET /?ip=10.&limit=50 HTTP/1.1', status: 200, userAgent: 'Mozilla/5.0 "quoted"' },
    { requestLine: 'POST / HTTP/1.1', status: 405, userAgent: 'curl/8.5' },
    { requestLine: 'GET /profiles/6b02e3f426e8d.html HTTP/1.1', status: CLIENT_CLOSED, userAgent: undefined },
  ].map((request, i) => combinedLine({ client: `127.0.0.${i + 1}`, user: i === 0 ? 'alice' : null, at: new Date(AT.getTime() + i * 1000), bytes: 10 * i, referer: undefined, ...request }))
  writeFileSync(`${dir}/serve.log`, `${lines.join('\n')}\n`)
  const r = await runCli(['build', `${dir}/serve.log`, '--any-url', '--method', 'any', '--status', 'any', '--emit', 'ndjson', '--strict'])
  t.equal(r.code, 0, r.stderr)
  const rows = r.stdout.trim().split('\n').map((row) => JSON.parse(row) as Record<string, unknown>)
  t.strictSame(rows.map((row) => [row.ip, row.method, row.url, row.status, row.user, row.userAgent]), [
    ['127.0.0.3', 'GET', '/profiles/6b02e3f426e8d.html', 499, null, null],
    ['127.0.0.2', 'POST', '/', 405, null, 'curl/8.5'],
    ['127.0.0.1', 'GET', '/?ip=10.&limit=50', 200, 'alice', 'Mozilla/5.0 "quoted"'],
  ])
})
