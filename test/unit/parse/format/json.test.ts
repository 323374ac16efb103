import t from 'tap'
import type { JsonFormatSpec } from '../../../../src/parse/format/format-spec.js'
import { parseJsonFields, withJsonFields } from '../../../../src/parse/format/json-fields.js'
import { jsonLineParser } from '../../../../src/parse/format/json-lines.js'
import { nginxFormat } from '../../../../src/parse/format/nginx.js'
import { jsonPreset } from '../../../../src/parse/format/nginx-json.js'
import { FormatError } from '../../../../src/parse/format/text-format.js'

const json = (format: string): JsonFormatSpec => {
  const spec = nginxFormat(format)
  if (spec.kind !== 'json') throw new Error('not JSON')
  return spec
}
/** A line → { field name: value } for the fields that have a value. */
const read = (spec: JsonFormatSpec, line: string): Record<string, string> | string => {
  const slots = jsonLineParser(spec)(line)
  if (slots === null) return 'not JSON'
  const out: Record<string, string> = {}
  spec.fields.forEach((field, i) => {
    const value = slots[i]
    if (value !== undefined) out[field.name] = value
  })
  return out
}

const TEMPLATE = `log_format json_combined escape=json '{"ts":"$time_iso8601","ip":"$remote_addr",'
  '"req":"$request","status":$status,"bytes":$body_bytes_sent,"ua":"$http_user_agent",'
  '"rt":$request_time,"xff":"$http_x_forwarded_for","upstream":"$upstream_addr","n":{"m":"$request_method"}}';`

t.test('an nginx JSON template names the key of each variable', async (t) => {
  const spec = json(TEMPLATE)
  t.equal(spec.escape, 'json')
  t.strictSame(spec.fields.map((f) => `${f.role}:${f.name}`), [
    'time:ts', 'ip:ip', 'request:req', 'status:status', 'bytes:bytes', 'userAgent:ua', 'duration:rt', 'forwardedFor:xff', 'method:n.m',
  ], 'variables we do not use ($upstream_addr) are left out; nested objects are reached by path')
  t.strictSame(spec.paths[8], ['n', 'm'])
  t.equal(json(`'{"ip":"$remote_addr"}'`).escape, 'default', 'without escape=json, nginx escapes as \\xHH')
  t.equal(json(`escape=none '{"ip":"$remote_addr"}'`).escape, 'json')
})

t.test('escape=json lines: strings, numbers, raw UTF-8', async (t) => {
  const spec = json(TEMPLATE)
  t.strictSame(read(spec, '{"ts":"2026-11-22T10:00:01+01:00","ip":"::1","req":"GET /m\u00f6bel/ HTTP/1.1","status":200,"bytes":3,"ua":"x\\"y\\\\z\\u0001","rt":0.004,"xff":"","upstream":"","n":{"m":"GET"}}'), {
    ts: '2026-11-22T10:00:01+01:00', ip: '::1', req: 'GET /möbel/ HTTP/1.1', status: '200', bytes: '3',
    ua: 'x"y\\z\u0001', rt: '0.004', xff: '', 'n.m': 'GET',
  })
  t.strictSame(read(spec, '{"ip":"192.0.2.1","status":"404"}'), { ip: '192.0.2.1', status: '404' }, 'a status as a string; missing keys stay missing')
  t.strictSame(read(spec, '{"ip":"192.0.2.1","status":null,"bytes":true,"ua":["a"],"n":"flat"}'), { ip: '192.0.2.1' },
    'null, booleans, arrays and a non-object on the path are no values')
  t.strictSame(read(spec, '{"ip":"\ufffd\ufffd","__proto__":{"ip":"x"}}'), { ip: '\ufffd\ufffd' }, 'U+FFFD from invalid bytes is kept; no prototype tricks')
})

t.test('nginx default escaping in JSON lines: \\xHH is decoded after parsing', async (t) => {
  const spec = json(`'{"ip":"$remote_addr","ua":"$http_user_agent","r":"$request"}'`)
  t.strictSame(read(spec, '{"ip":"192.0.2.1","ua":"x\\x22y\\x5Cz\\xC3\\xB6\\x01","r":"GET /p?a=1&b=%22 HTTP/1.1"}'),
    { ip: '192.0.2.1', ua: 'x"y\\zö\u0001', r: 'GET /p?a=1&b=%22 HTTP/1.1' })
})

t.test('lines that are not JSON objects are skipped lines', async (t) => {
  const spec = json(TEMPLATE)
  for (const line of ['', 'hello', '[1,2]', '"text"', '{"ip":', '{"ip":"a"} trailing', '127.0.0.1 - - [22/Nov/2026:10:00:01 +0100] "GET / HTTP/1.1" 200 3']) {
    t.equal(read(spec, line), 'not JSON', JSON.stringify(line))
  }
  t.strictSame(read(spec, '  {"ip":"192.0.2.1"}  '), { ip: '192.0.2.1' }, 'spaces around are fine')
})

t.test('the json preset: nginx variable names as keys, escaping told per line', async (t) => {
  const spec = jsonPreset()
  t.equal(spec.name, 'json')
  t.equal(spec.escape, 'detect')
  t.strictSame(read(spec, '{"remote_addr":"192.0.2.1","msec":1795338307.123,"request_method":"GET","request_uri":"/a?b=1","status":200,"http_user_agent":"a\\"b"}'),
    { remote_addr: '192.0.2.1', msec: '1795338307.123', request_method: 'GET', request_uri: '/a?b=1', status: '200', http_user_agent: 'a"b' })
  t.strictSame(read(spec, '{"remote_addr":"192.0.2.1","http_user_agent":"a\\x22b\\xC3\\xB6"}'), { remote_addr: '192.0.2.1', http_user_agent: 'a"bö' })
})

t.test('--json-fields', async (t) => {
  t.strictSame([...parseJsonFields('ip=client, time=ts,request=req,status=code,userAgent=http.ua')],
    [['ip', 'client'], ['time', 'ts'], ['request', 'req'], ['status', 'code'], ['userAgent', 'http.ua']])
  const fails = (text: string, message: string) => t.throws(() => parseJsonFields(text), new FormatError(message), text)
  fails('address=ip', '"address" is not a field name: use NAME=KEY pairs with NAME one of ip, time, request, method, uri, protocol, status, bytes, referer, userAgent, duration, host, port, forwardedFor, user')
  fails('ip', 'ip needs a JSON key: ip=KEY')
  fails('ip=', 'ip needs a JSON key: ip=KEY')
  fails('ip=a..b', 'ip needs a JSON key: ip=KEY')
  fails('ip=a,ip=b', 'ip is given twice')

  const merged = withJsonFields(jsonPreset(), parseJsonFields('ip=client,time=ts,uri=u'))
  t.strictSame(merged.fields.map((f) => `${f.role}:${f.name}`), [
    'user:remote_user', 'request:request', 'method:request_method', 'protocol:server_protocol', 'status:status',
    'bytes:body_bytes_sent', 'bytes:bytes_sent', 'referer:http_referer', 'userAgent:http_user_agent', 'duration:request_time',
    'host:host', 'host:server_name', 'forwardedFor:http_x_forwarded_for', 'port:server_port', 'ip:client', 'time:ts', 'uri:u',
  ], 'the roles named replace the preset\'s; all time keys go when time is named')
  t.strictSame(read(merged, '{"client":"192.0.2.1","ts":"2026-11-22T10:00:01Z","request_method":"GET","u":"/x","status":200}'),
    { request_method: 'GET', status: '200', client: '192.0.2.1', ts: '2026-11-22T10:00:01Z', u: '/x' })
})
