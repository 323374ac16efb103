/**
 * Messages that point the way: JSON lines no format reads name their keys
 * and the --json-fields that read them (a Caddy log, read with what the hint
 * says, gives its rows, each header's first value); a run that read no line
 * says so.
 */

import t from 'tap'
import { runCli } from '../helpers/run-cli.js'

/** Two lines of Caddy's JSON access log: its request an object, each header a list. */
const CADDY = [
  '{"level":"info","ts":1795351540.1234,"logger":"http.log.access.log0","msg":"handled request","request":{"remote_ip":"10.0.0.2","remote_port":"51234",' +
    '"client_ip":"203.0.113.9","proto":"HTTP/2.0","method":"GET","host":"shop.example","uri":"/moebel/","headers":{"User-Agent":["Mozilla/5.0 (X11; Linux x86_64)","x"],' +
    '"Accept":["*/*"]}},"bytes_read":0,"user_id":"","duration":0.0021,"size":5120,"status":200,"resp_headers":{"Server":["Caddy"]}}',
  '{"level":"info","ts":1795351541.5,"logger":"http.log.access.log0","msg":"handled request","request":{"remote_ip":"10.0.0.2","remote_port":"51235",' +
    '"client_ip":"203.0.113.10","proto":"HTTP/1.1","method":"GET","host":"shop.example","uri":"/robots.txt","headers":{"User-Agent":["curl/8.5"]}},' +
    '"bytes_read":0,"user_id":"","duration":0.0005,"size":30,"status":200,"resp_headers":{"Server":["Caddy"]}}',
].join('\n')

const CADDY_FIELDS = 'ip=request.client_ip,time=ts,method=request.method,uri=request.uri,protocol=request.proto,status=status,bytes=size,' +
  'userAgent=request.headers.User-Agent,host=request.host,duration=duration'

t.test('JSON lines no format reads: the hint names the first line\'s keys and --json-fields for them, which read the log', async (t) => {
  const dir = t.testdir({ 'caddy.log': `${CADDY}\n` })
  for (const args of [[], ['--log-format', 'json']]) {
    const r = await runCli(['build', ...args, `${dir}/caddy.log`])
    t.equal(r.code, args.length === 0 ? 1 : 0, 'auto: no access log; a format named: a warning, the lines skipped')
    t.match(r.stderr, `(its first line is JSON with the keys level, ts, logger, msg, request.remote_ip, request.remote_port, request.client_ip, request.proto, ` +
      'request.method, request.host, request.uri, request.headers.User-Agent, request.headers.Accept, bytes_read, user_id, duration, size, status, ' +
      `resp_headers.Server: name the ones that hold what a row needs with --json-fields, e.g. --json-fields '${CADDY_FIELDS}' (a dot reaches into an object))\n`)
    t.match(r.stderr, /^profiler-search: [^\n]*caddy\.log: none of its 2 lines /, args.join(' ') || 'auto')
  }
  const suggested = /--json-fields '([^']*)'/.exec((await runCli(['build', `${dir}/caddy.log`])).stderr)?.[1] as string
  const rows = await runCli(['build', '--json-fields', suggested, '--emit', 'ndjson', `${dir}/caddy.log`])
  t.equal(rows.code, 0, rows.stderr)
  t.strictSame(rows.stdout.trim().split('\n').map((line) => {
    const { ip, method, url, status, time, userAgent, host, bytes, duration } = JSON.parse(line) as Record<string, unknown>
    return [ip, method, url, status, time, userAgent, host, bytes, duration]
  }), [
    ['203.0.113.10', 'GET', '/robots.txt', 200, '22.11.2026 12:45:41', 'curl/8.5', 'shop.example', 30, 500],
    ['203.0.113.9', 'GET', '/moebel/', 200, '22.11.2026 12:45:40', 'Mozilla/5.0 (X11; Linux x86_64)', 'shop.example', 5120, 2100],
  ], 'the rows of the log, each User-Agent the first of its list')
})

t.test('an empty log: "no lines read" on stderr, the empty page on stdout; --quiet says nothing', async (t) => {
  const dir = t.testdir({ 'access.log': '', 'blank.log': '\n\n', 'access.log.1': '' })
  const r = await runCli(['build', `${dir}/access.log`])
  t.equal(r.code, 0)
  t.equal(r.stderr, `profiler-search: no lines read: ${dir}/access.log is empty\n`)
  t.match(r.stdout, '<h2>0 results found</h2>')
  const both = await runCli(['build', `${dir}/blank.log`, `${dir}/access.log.1`])
  t.equal(both.stderr, `profiler-search: no lines read: ${dir}/blank.log, ${dir}/access.log.1 are empty\n`, 'blank lines are no lines')
  t.equal((await runCli(['build', '-'], { input: '' })).stderr, 'profiler-search: no lines read: stdin is empty\n')
  t.equal((await runCli(['build', '--quiet', `${dir}/access.log`])).stderr, '')
  t.equal((await runCli(['build', `${dir}/blank.log`, '-'], { input: '192.0.2.1 - - [22/Nov/2026:10:00:00 +0000] "GET /x HTTP/1.1" 404 5\n' })).stderr, '',
    'a line read, listed or not: nothing to say')
})
