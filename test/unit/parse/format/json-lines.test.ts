import t from 'tap'
import { jsonSpec } from '../../../../src/parse/format/nginx-json.js'
import type { JsonEscape } from '../../../../src/parse/format/format-spec.js'
import { jsonFormat as json, readJsonLine as read } from '../../../helpers/json-format.js'

const TEMPLATE = `log_format json_combined escape=json '{"ts":"$time_iso8601","ip":"$remote_addr",'
  '"req":"$request","status":$status,"bytes":$body_bytes_sent,"ua":"$http_user_agent",'
  '"rt":$request_time,"xff":"$http_x_forwarded_for","upstream":"$upstream_addr","n":{"m":"$request_method"}}';`

t.test('escape=json lines: strings, numbers, raw UTF-8', async (t) => {
  const spec = json(TEMPLATE)
  t.strictSame(read(spec, '{"ts":"2026-11-22T10:00:01+01:00","ip":"::1","req":"GET /m\u00f6bel/ HTTP/1.1","status":200,"bytes":3,"ua":"x\\"y\\\\z\\u0001","rt":0.004,"xff":"","upstream":"","n":{"m":"GET"}}'), {
    ts: '2026-11-22T10:00:01+01:00', ip: '::1', req: 'GET /möbel/ HTTP/1.1', status: '200', bytes: '3',
    ua: 'x"y\\z\u0001', rt: '0.004', xff: '', 'n.m': 'GET',
  })
  t.strictSame(read(spec, '{"ip":"192.0.2.1","status":"404"}'), { ip: '192.0.2.1', status: '404' }, 'a status as a string; missing keys stay missing')
  t.strictSame(read(spec, '{"ip":"192.0.2.1","status":null,"bytes":true,"ua":{"a":1},"n":"flat"}'), { ip: '192.0.2.1' },
    'null, booleans, objects and a non-object on the path are no values')
  t.strictSame(read(spec, '{"ip":["192.0.2.1","10.0.0.1"],"status":[200],"ua":["curl/8.5","x"],"bytes":[],"rt":[[1]],"xff":[null]}'),
    { ip: '192.0.2.1', status: '200', ua: 'curl/8.5' }, 'an array (a Caddy header) stands for its first element, when that is a value')
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

t.test('each escaping reads its own lines: json as JSON, default with \\xHH, detect tells by the line', async (t) => {
  const spec = (escape: JsonEscape) => jsonSpec('test', [{ path: ['ua'], variable: 'http_user_agent' }, { path: ['s'], variable: 'status' }], escape)
  const reads = (escape: JsonEscape) => ['{"ua":"a\\\\x41"}', '{"ua":"a\\x41"}', '{"ua":"q\\x22r","s":1e400}']
    .map((line) => read(spec(escape), line))
  t.strictSame(reads('json'), [{ ua: 'a\\x41' }, 'not JSON', 'not JSON'], '\\x is no JSON escape')
  t.strictSame(reads('default'), ['not JSON', { ua: 'aA' }, { ua: 'q"r' }], 'nginx writes \\ as \\x5C, so \\\\ is not its output')
  t.strictSame(reads('detect'), [{ ua: 'a\\x41' }, { ua: 'aA' }, { ua: 'q"r' }], 'JSON first; \\xHH when that fails')
  t.strictSame(read(spec('json'), '{"s":-0.5}'), { s: '-0.5' }, 'a number as JSON wrote it')
  t.strictSame(read(spec('json'), '\t{"s":200}'), { s: '200' }, 'a tab before the object')
  t.equal(read(spec('json'), 'x{"s":200}'), 'not JSON', 'text before the object')
})
