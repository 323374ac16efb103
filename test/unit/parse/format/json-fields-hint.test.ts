import t from 'tap'
import { jsonFieldsHint, jsonKeys, likelyJsonFields } from '../../../../src/parse/format/json-fields-hint.js'

/** A line of Caddy's JSON access log (log format json, as Caddy 2 writes it). */
const CADDY = '{"level":"info","ts":1795351540.1234,"logger":"http.log.access","msg":"handled request","request":{"remote_ip":"10.0.0.2",' +
  '"client_ip":"203.0.113.9","proto":"HTTP/2.0","method":"GET","host":"shop.example","uri":"/moebel/","headers":{"User-Agent":["curl/8.5"]}},' +
  '"duration":0.0021,"size":5120,"status":200,"resp_headers":{"Server":["Caddy"]}}'
/** Traefik's JSON access log. */
const TRAEFIK = '{"ClientHost":"203.0.113.9","ClientPort":"51234","DownstreamContentSize":512,"DownstreamStatus":200,"Duration":2100000,' +
  '"RequestHost":"shop.example","RequestMethod":"GET","RequestPath":"/moebel/","RequestProtocol":"HTTP/1.1","StartUTC":"2026-11-22T12:45:40.1234Z",' +
  '"request_User-Agent":"curl/8.5"}'

t.test('the keys of a JSON object line, nested ones by dotted path, in order; none of any other line', async (t) => {
  t.strictSame(jsonKeys('{"a":1,"b":{"c":"x","d":{"e":[1]}},"f":null}')?.map((key) => key.path), ['a', 'b.c', 'b.d.e', 'f'])
  t.strictSame(jsonKeys('{"a.b":{"c":1}}')?.map((key) => key.path), ['a.b'], 'a name --json-fields cannot reach into is a key of its own')
  for (const line of ['[1]', '"x"', '12', 'not json', '{"a":']) t.equal(jsonKeys(line), null, line)
})

t.test('the --json-fields the keys likely stand for: Caddy, Traefik, and what cannot be guessed', async (t) => {
  t.strictSame(likelyJsonFields(jsonKeys(CADDY) ?? []), [
    'ip=request.client_ip', 'time=ts', 'method=request.method', 'uri=request.uri', 'protocol=request.proto', 'status=status',
    'bytes=size', 'userAgent=request.headers.User-Agent', 'host=request.host', 'duration=duration',
  ], 'client_ip (after the proxies) before remote_ip; the request an object: its method and uri')
  t.strictSame(likelyJsonFields(jsonKeys(TRAEFIK) ?? []), [
    'ip=ClientHost', 'time=StartUTC', 'method=RequestMethod', 'uri=RequestPath', 'protocol=RequestProtocol', 'status=DownstreamStatus',
    'bytes=DownstreamContentSize', 'userAgent=request_User-Agent', 'host=RequestHost', 'duration=Duration',
  ])
  t.strictSame(likelyJsonFields(jsonKeys('{"request":"GET / HTTP/1.1","when":"x","addr":"y","code":200}') ?? []),
    ['ip=KEY', 'time=KEY', 'status=KEY', 'request=request'], 'needed roles without a likely key: KEY to fill in; a request line stands for method and uri')
  t.strictSame(likelyJsonFields(jsonKeys('{"status":true,"ip":{"v4":"1.2.3.4"},"time":[{"s":1}]}') ?? []), ['ip=KEY', 'time=KEY', 'status=KEY', 'request=KEY'],
    'a value that cannot be the role\'s is passed over, as is a leaf of another name')
})

t.test('the hint: the first line\'s keys and the --json-fields to try; keys from the log made visible and cut short', async (t) => {
  t.equal(jsonFieldsHint('{"ts":1795351540,"ip":"203.0.113.9","status":200,"uri":"/","method":"GET"}'),
    'its first line is JSON with the keys ts, ip, status, uri, method: name the ones that hold what a row needs with --json-fields, ' +
    'e.g. --json-fields \'ip=ip,time=ts,method=method,uri=uri,status=status\' (a dot reaches into an object)')
  const hostile = jsonFieldsHint(`{"\\u001b[31mred":1,"${'k'.repeat(100)}":2,${Array.from({ length: 30 }, (_, i) => `"x${i}":0`).join(',')}}`) ?? ''
  t.match(hostile, /^its first line is JSON with the keys \u241b\[31mred, k{60}…, x0, /)
  t.match(hostile, ', x21 and 8 more: name the ones')
  t.equal(jsonFieldsHint('{}'), null, 'no keys: no hint')
  t.equal(jsonFieldsHint('127.0.0.1 - - [22/Nov/2026:10:00:00 +0000] "GET / HTTP/1.1" 200 5'), null)
})
