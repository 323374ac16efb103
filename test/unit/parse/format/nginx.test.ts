import t from 'tap'
import type { FormatSpec, TextFormatSpec } from '../../../../src/parse/format/format-spec.js'
import { nginxFormat, nginxTokens } from '../../../../src/parse/format/nginx.js'
import { FormatError } from '../../../../src/parse/format/text-format.js'

const text = (format: string): TextFormatSpec => {
  const spec: FormatSpec = nginxFormat(format)
  if (spec.kind !== 'text') throw new Error('not a text format')
  return spec
}
const roles = (format: string): string[] => text(format).fields.map((f) => `${f.role}:${f.name}`)

const BODY = '$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent" rt=$request_time host=$host xff="$http_x_forwarded_for"'
const LINE = '127.0.0.2 - - [22/Nov/2026:10:00:01 +0100] "GET /moebel/ HTTP/1.1" 200 3 "-" "curl/7.88.1" rt=0.000 host=shop.example xff="203.0.113.9, 10.0.0.2"'
const SLOTS = ['127.0.0.2', '-', '22/Nov/2026:10:00:01 +0100', 'GET /moebel/ HTTP/1.1', '200', '3', '-', 'curl/7.88.1', '0.000', 'shop.example', '203.0.113.9, 10.0.0.2']

t.test('variables: $name and ${name}', async (t) => {
  t.strictSame(nginxTokens('a$x b${y_1}c $ $'), [
    { kind: 'literal', text: 'a' }, { kind: 'variable', name: 'x', label: '$x' }, { kind: 'literal', text: ' b' },
    { kind: 'variable', name: 'y_1', label: '${y_1}' }, { kind: 'literal', text: 'c $ $' },
  ])
  t.throws(() => nginxTokens('${oops'), new FormatError('has ${oops…: ${ needs a variable name and }'))
})

t.test('a custom format with $request_time, $host and X-Forwarded-For', async (t) => {
  t.strictSame(roles(BODY), [
    'ip:$remote_addr', 'user:$remote_user', 'time:$time_local', 'request:$request', 'status:$status', 'bytes:$body_bytes_sent',
    'referer:$http_referer', 'userAgent:$http_user_agent', 'duration:$request_time', 'host:$host', 'forwardedFor:$http_x_forwarded_for',
  ])
  t.strictSame(text(BODY).parse(LINE), SLOTS)
  t.strictSame(text(`'${BODY}'`).parse(LINE), SLOTS)
  t.equal(text(BODY).parse(`${LINE} extra`), null, 'a custom format is the whole line')
  t.equal(text(BODY).dialect, 'nginx')
  t.equal(text(BODY).escaped, true)
  t.equal(text(`escape=none '${BODY}'`).escaped, false)
})

t.test('variables we do not use are passed over, quoted or bare', async (t) => {
  const spec = text('$remote_addr $connection "$ssl_protocol" [$upstream_response_time] $status "$sent_http_content_type"')
  t.strictSame(spec.parse('192.0.2.1 12345 "" [0.001, 0.002] 200 "text/html; charset=utf-8"'), ['192.0.2.1', '200'])
  t.strictSame(spec.parse('192.0.2.1 12345 "-" [-] 200 "-"'), ['192.0.2.1', '200'])
})

t.test('times without brackets are read by their shape', async (t) => {
  t.strictSame(text('$time_local $remote_addr "$request" $status').parse('22/Nov/2026:10:00:01 +0100 192.0.2.1 "GET / HTTP/1.1" 200'),
    ['22/Nov/2026:10:00:01 +0100', '192.0.2.1', 'GET / HTTP/1.1', '200'])
  t.strictSame(text('$msec $remote_addr "$request" $status').parse('1795338307.123 192.0.2.1 "GET / HTTP/1.1" 200'),
    ['1795338307.123', '192.0.2.1', 'GET / HTTP/1.1', '200'])
  t.strictSame(text('$time_iso8601 $remote_addr "$request" $status').parse('2026-11-22T10:00:01+01:00 192.0.2.1 "GET / HTTP/1.1" 200'),
    ['2026-11-22T10:00:01+01:00', '192.0.2.1', 'GET / HTTP/1.1', '200'])
})

t.test('method and URL in pieces', async (t) => {
  const spec = text('$remote_addr [$time_local] "$request_method $uri$is_args$args $server_protocol" $status')
  t.strictSame(roles('$remote_addr [$time_local] "$request_method $uri$is_args$args $server_protocol" $status'),
    ['ip:$remote_addr', 'time:$time_local', 'method:$request_method', 'path:$uri', 'query:$args', 'protocol:$server_protocol', 'status:$status'])
  t.strictSame(spec.parse('192.0.2.1 [22/Nov/2026:10:00:01 +0100] "GET /p?a=1 HTTP/1.1" 200'),
    ['192.0.2.1', '22/Nov/2026:10:00:01 +0100', 'GET', '/p', 'a=1', 'HTTP/1.1', '200'])
  t.strictSame(spec.parse('192.0.2.1 [22/Nov/2026:10:00:01 +0100] "GET /p- HTTP/1.1" 200'),
    ['192.0.2.1', '22/Nov/2026:10:00:01 +0100', 'GET', '/p', '-', 'HTTP/1.1', '200'], 'nginx writes - for absent $args')
  const requestUri = text('$remote_addr [$time_local] "$request_method $request_uri$args" $status')
  t.strictSame(requestUri.parse('192.0.2.1 [22/Nov/2026:10:00:01 +0100] "GET /p?a=1a=1" 200'),
    ['192.0.2.1', '22/Nov/2026:10:00:01 +0100', 'GET', '/p', 'a=1a=1', '200'])
  t.strictSame(text('$remote_addr [$time_local] "$request_method $request_uri" $status').parse('192.0.2.1 [22/Nov/2026:10:00:01 +0100] "GET /p?a=1-" 200'),
    ['192.0.2.1', '22/Nov/2026:10:00:01 +0100', 'GET', '/p?a=1-', '200'], 'alone, $request_uri runs to the next literal')
})

t.test('formats that cannot be read', async (t) => {
  const fails = (format: string, message: string) => t.throws(() => nginxFormat(format), new FormatError(message), format)
  fails('$remote_addr$remote_user [$time_local] "$request" $status',
    'has $remote_addr$remote_user: two fields with nothing between them cannot be told apart (put a space or other text between them)')
  fails('$remote_addr [$time_local] "$request_method $uri$args" $status',
    'has $uri$args: nginx writes no ? between them, so path and query cannot be told apart (use $uri$is_args$args, or $request_uri)')
  t.throws(() => nginxFormat('{"ip":"$remote_addr",}'), { message: /^starts with \{ but is not a JSON object template \(.*position 21/ })
})
