import t from 'tap'
import { jsonPreset, jsonSpec, nginxJsonFormat } from '../../../../src/parse/format/nginx-json.js'
import { FormatError } from '../../../../src/parse/format/text-format.js'
import { jsonFormat as json, readJsonLine as read } from '../../../helpers/json-format.js'

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

t.test('the json preset: nginx variable names as keys, escaping told per line', async (t) => {
  const spec = jsonPreset()
  t.equal(spec.name, 'json')
  t.equal(spec.escape, 'detect')
  t.strictSame(read(spec, '{"remote_addr":"192.0.2.1","msec":1795338307.123,"request_method":"GET","request_uri":"/a?b=1","status":200,"http_user_agent":"a\\"b"}'),
    { remote_addr: '192.0.2.1', msec: '1795338307.123', request_method: 'GET', request_uri: '/a?b=1', status: '200', http_user_agent: 'a"b' })
  t.strictSame(read(spec, '{"remote_addr":"192.0.2.1","http_user_agent":"a\\x22b\\xC3\\xB6"}'), { remote_addr: '192.0.2.1', http_user_agent: 'a"bö' })
})

t.test('bare and ${braced} variables; a value that is more than one variable is none', async (t) => {
  const spec = nginxJsonFormat('{"s":$status,"b":${body_bytes_sent},"t":"$time_local","x":"ip=$remote_addr","d":"$","q":"a\\"$b","u":"$unknown_var","n":{"m":{"x":"$request_method"}}}', 'none')
  t.strictSame(spec.fields.map((f) => `${f.role}:${f.name}:${f.rank}${f.time ? `:${f.time.kind}` : ''}`),
    ['status:s:1', 'bytes:b:2', 'time:t:1:clf', 'method:n.m.x:1'])
  t.strictSame(spec.paths, [['s'], ['b'], ['t'], ['n', 'm', 'x']])
  t.strictSame([spec.kind, spec.name, spec.dialect, spec.escape, spec.escaped], ['json', 'nginx JSON log_format', 'json', 'json', false])
  t.equal(nginxJsonFormat('{"ip":"$remote_addr"}', 'default').escape, 'default')
  t.equal(nginxJsonFormat('{"ip":"$remote_addr"}', 'json').escape, 'json')
  t.throws(() => nginxJsonFormat('"$status"', 'json'), new FormatError('starts with { but is not a JSON object template'))
  t.throws(() => nginxJsonFormat('{"a": $ }', 'json'), { message: /^starts with \{ but is not a JSON object template \(.+\)$/ }, 'a $ with no name stays as it is')
})

t.test('jsonSpec: the known variables, each at its path', async (t) => {
  const spec = jsonSpec('mine', [{ path: ['a'], variable: 'remote_addr' }, { path: ['b'], variable: 'nope' }, { path: ['c', 'd'], variable: 'msec' }], 'detect')
  t.strictSame(spec.fields.map((f) => `${f.role}:${f.name}`), ['ip:a', 'time:c.d'])
  t.strictSame(spec.paths, [['a'], ['c', 'd']])
  t.equal(spec.name, 'mine')
  t.strictSame(jsonPreset().paths.map((path) => path.join('.')), jsonPreset().fields.map((f) => f.name), 'the preset: each key is its variable')
})
