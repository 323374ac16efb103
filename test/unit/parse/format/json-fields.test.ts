import t from 'tap'
import { parseJsonFields, withJsonFields } from '../../../../src/parse/format/json-fields.js'
import { jsonPreset } from '../../../../src/parse/format/nginx-json.js'
import { FormatError } from '../../../../src/parse/format/text-format.js'
import { readJsonLine as read } from '../../../helpers/json-format.js'

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

t.test('the fields --json-fields adds: rank 9, a time of any kind, durations in seconds, keys by path', async (t) => {
  t.equal(parseJsonFields(' host = h ').get('host'), 'h', 'spaces around a pair and its = are dropped')
  t.throws(() => parseJsonFields('ip=a,'), new FormatError('"" is not a field name: use NAME=KEY pairs with NAME one of ip, time, request, method, uri, protocol, status, bytes, referer, userAgent, duration, host, port, forwardedFor, user'))
  t.throws(() => parseJsonFields('ip=.a'), new FormatError('ip needs a JSON key: ip=KEY'))
  const merged = withJsonFields(jsonPreset(), parseJsonFields('duration=took,time=at.ts,host=h'))
  const added = merged.fields.slice(-3).map(({ role, name, rank, time, microsPerUnit }) => ({ role, name, rank, time: time?.kind, microsPerUnit }))
  t.strictSame(added, [
    { role: 'duration', name: 'took', rank: 9, time: undefined, microsPerUnit: 1_000_000 },
    { role: 'time', name: 'at.ts', rank: 9, time: 'any', microsPerUnit: undefined },
    { role: 'host', name: 'h', rank: 9, time: undefined, microsPerUnit: undefined },
  ])
  t.strictSame(merged.paths.slice(-3), [['took'], ['at', 'ts'], ['h']])
  t.strictSame(merged.fields.filter((f) => f.role === 'host').map((f) => f.name), ['h'], 'every field of a role named goes')
  t.equal(merged.fields.length, merged.paths.length, 'a path for each field')
  const uri = withJsonFields(jsonPreset(), parseJsonFields('uri=target'))
  t.strictSame(uri.fields.filter((f) => f.role === 'uri' || f.role === 'path').map((f) => `${f.role}:${f.name}`), ['uri:target'])
  t.strictSame(withJsonFields(jsonPreset(), new Map()), jsonPreset(), 'nothing named: the format as it was')
})
