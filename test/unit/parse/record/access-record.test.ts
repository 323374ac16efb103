import t from 'tap'
import type { RecordOptions } from '../../../../src/parse/record/access-record.js'
import { compileRecordBuilder } from '../../../helpers/readers.js'
import type { FormatSpec } from '../../../../src/parse/format/format-spec.js'
import { apacheFormat } from '../../../../src/parse/format/apache.js'
import { nginxFormat } from '../../../../src/parse/format/nginx.js'
import type { Slots } from '../../../../src/parse/format/line-plan.js'
import { preset } from '../../../../src/parse/format/presets.js'
import { jsonLineParser } from '../../../../src/parse/format/json-lines.js'
import { jsonPreset } from '../../../../src/parse/format/nginx-json.js'
import { logZone } from '../../../../src/parse/time/log-zone.js'
import { makeRecord } from '../../../helpers/record.js'

const at = { source: 'access.log', line: 7 }
const UTC: RecordOptions = { zone: logZone('UTC'), client: null }
const builder = (spec: FormatSpec, options = UTC) => compileRecordBuilder(spec, options)
const parseWith = (spec: FormatSpec) => (line: string): Slots => {
  if (spec.kind !== 'text') throw new Error('text formats only')
  const slots = spec.parse(line)
  if (!slots) throw new Error(`no match: ${line}`)
  return slots
}

const combinedSlots: Slots = [
  '203.0.113.7', '-', '12/Mar/2024:09:14:02 +0100', 'GET /detail/0a1b?sw=1 HTTP/1.1', '200', '15342',
  'https://shop.example/', 'Mozilla/5.0 (X11)',
]
const commonSlots: Slots = ['192.0.2.1', 'frank', '10/Oct/2000:13:55:36 -0700', 'GET /apache_pb.gif HTTP/1.0', '200', '2326']

t.test('a combined line', async (t) => {
  t.strictSame(builder(preset('combined'))(combinedSlots, 'RAW LINE', at), makeRecord({
    ip: '203.0.113.7',
    loggedIp: '203.0.113.7',
    time: 1710231242000, // 2024-03-12T08:14:02Z
    offset: 60,
    subsecondDigits: null,
    request: 'GET /detail/0a1b?sw=1 HTTP/1.1',
    target: '/detail/0a1b?sw=1',
    bytes: 15342,
    referer: 'https://shop.example/',
    userAgent: 'Mozilla/5.0 (X11)',
    raw: 'RAW LINE',
    source: 'access.log',
    line: 7,
  }))
})

t.test('a common line, through the combined builder too', async (t) => {
  const expected = makeRecord({
    ip: '192.0.2.1',
    loggedIp: '192.0.2.1',
    user: 'frank',
    time: 971211336000, // 2000-10-10T20:55:36Z
    offset: -420,
    subsecondDigits: null,
    request: 'GET /apache_pb.gif HTTP/1.0',
    target: '/apache_pb.gif',
    protocol: 'HTTP/1.0',
    bytes: 2326,
    raw: 'common raw',
    source: '-',
    line: 1,
  })
  t.strictSame(builder(preset('common'))(commonSlots, 'common raw', { source: '-', line: 1 }), expected)
  t.strictSame(builder(preset('combined'))(commonSlots, 'common raw', { source: '-', line: 1 }), expected)
})

t.test('- becomes null', async (t) => {
  const slots = [...combinedSlots]
  slots[1] = '-'
  slots[3] = '-'
  slots[4] = '400'
  slots[5] = '-'
  slots[6] = '-'
  slots[7] = '-'
  const record = builder(preset('combined'))(slots, 'r', at)
  if (typeof record === 'string') throw new Error(record)
  t.strictSame([record.user, record.bytes, record.referer, record.userAgent], [null, null, null, null])
  t.equal(record.request, '-')
  t.strictSame([record.method, record.target, record.protocol], [null, null, null])
  t.equal(record.status, 400)
})

t.test('an empty value is unset too: user, referer, user agent, host, X-Forwarded-For', async (t) => {
  const line = JSON.stringify({
    remote_addr: '192.0.2.1', remote_user: '', time_iso8601: '2026-11-22T10:00:01+01:00', request: 'GET / HTTP/1.1', status: 200,
    body_bytes_sent: '', http_referer: '', http_user_agent: '', host: '', server_name: '', http_x_forwarded_for: '', server_port: '', request_time: '',
  })
  const spec = jsonPreset()
  const slots = jsonLineParser(spec)(line)
  if (!slots) throw new Error('not JSON')
  const record = builder(spec)(slots, line, at)
  if (typeof record === 'string') throw new Error(record)
  t.strictSame([record.user, record.referer, record.userAgent, record.host, record.forwardedFor, record.bytes, record.port, record.duration],
    [null, null, null, null, null, null, null, null], 'nginx escape=json writes an unset variable as ""')
  t.equal(record.ip, '192.0.2.1')
  const text = [...combinedSlots]
  text[1] = ''
  text[6] = ''
  text[7] = ''
  const fromText = builder(preset('combined'))(text, 'r', at)
  if (typeof fromText === 'string') throw new Error(fromText)
  t.strictSame([fromText.user, fromText.referer, fromText.userAgent], [null, null, null], 'a text log\'s "" alike')
})

t.test('of several host fields, the best-ranked one that is set', async (t) => {
  const spec = jsonPreset()
  const hostOf = (values: Record<string, string>) => {
    const line = JSON.stringify({ remote_addr: '192.0.2.1', time_iso8601: '2026-11-22T10:00:01+01:00', request: 'GET / HTTP/1.1', status: 200, ...values })
    const record = builder(spec)(jsonLineParser(spec)(line) ?? [], line, at)
    if (typeof record === 'string') throw new Error(record)
    return record.host
  }
  t.equal(hostOf({ host: 'a.example', server_name: 'b.example' }), 'a.example', '$host first')
  t.equal(hostOf({ host: '', server_name: 'b.example' }), 'b.example', 'an empty $host: $server_name')
  t.equal(hostOf({ host: '-', server_name: 'b.example' }), 'b.example', 'a - $host: $server_name')
  t.equal(hostOf({ server_name: '' }), null)
})

t.test('escapes are decoded', async (t) => {
  const slots = [...combinedSlots]
  slots[1] = 'j\\xC3\\xBCrgen'
  slots[3] = 'GET /caf\\xC3\\xA9?q=\\xE2\\x82\\xAC HTTP/1.1'
  slots[6] = 'https://shop.example/s\\xC3\\xB6'
  slots[7] = 'Agent \\"x\\"'
  const record = builder(preset('combined'))(slots, 'r', at)
  if (typeof record === 'string') throw new Error(record)
  t.equal(record.user, 'jürgen')
  t.equal(record.request, 'GET /café?q=€ HTTP/1.1')
  t.equal(record.target, '/café?q=€')
  t.equal(record.referer, 'https://shop.example/sö')
  t.equal(record.userAgent, 'Agent "x"')
})

t.test('bad time', async (t) => {
  const build = builder(preset('combined'))
  const timeOf = (time: string) => {
    const slots = [...combinedSlots]
    slots[2] = time
    const record = build(slots, 'r', at)
    return typeof record === 'string' ? record : record.time
  }
  t.equal(timeOf('bad time'), 'bad time')
  t.equal(timeOf('32/Jan/2024:00:00:00 +0000'), 'bad time')
  t.equal(timeOf('31/Dec/1969:23:59:59 +0000'), 'bad time', 'one second before 1970')
  t.equal(timeOf('01/Jan/1970:00:59:59 +0100'), 'bad time', 'before 1970 in UTC')
  t.equal(timeOf('01/Jan/1970:00:00:00 +0000'), 0)
  t.equal(timeOf('07/Feb/2106:06:28:15 +0000'), 4294967295000, 'last second tokens hold')
  t.equal(timeOf('07/Feb/2106:06:28:16 +0000'), 'bad time', '2^32 seconds')
  t.equal(timeOf('07/Feb/2106:07:28:16 +0100'), 'bad time', '2^32 seconds, logged at +0100')
  t.equal(timeOf('01/Jan/0085:00:00:00 +0000'), 'bad time', 'year 85')
  // the cached last time must not leak into the next line
  t.equal(timeOf('01/Jan/1970:00:00:01 +0000'), 1000)
  t.equal(timeOf('bad time'), 'bad time')
  t.equal(timeOf('01/Jan/1970:00:00:01 +0000'), 1000)
})

t.test('bad status', async (t) => {
  const build = builder(preset('combined'))
  const statusOf = (status: string, time = combinedSlots[2] as string) => {
    const slots = [...combinedSlots]
    slots[4] = status
    slots[2] = time
    const record = build(slots, 'r', at)
    return typeof record === 'string' ? record : record.status
  }
  for (const status of ['2000', 'abc', '099', '20', '', '-', ' 200']) t.equal(statusOf(status), 'bad status', JSON.stringify(status))
  t.equal(statusOf('100'), 100)
  t.equal(statusOf('599'), 599)
  t.equal(statusOf('abc', 'x'), 'bad time', 'time is checked first')
})

t.test('missing fields (JSON lines may lack a key)', async (t) => {
  const build = builder(preset('combined'))
  t.equal(build([], 'r', at), 'missing field')
  // a JSON line without the key leaves its slot empty
  const noStatus = combinedSlots.map((slot, i) => (i === 4 ? undefined : slot)) as Slots
  t.equal(build(noStatus, 'r', at), 'missing field')
})

t.test('an IPv6 client is kept', async (t) => {
  const build = builder(preset('common'))
  const record = build(['2001:db8::1', ...commonSlots.slice(1)], 'r', at)
  if (typeof record === 'string') throw new Error(record)
  t.equal(record.ip, '2001:db8::1')
  const mapped = build(['::ffff:192.0.2.1', ...commonSlots.slice(1)], 'r', at)
  if (typeof mapped === 'string') throw new Error(mapped)
  t.equal(mapped.ip, '::ffff:192.0.2.1')
})

t.test('an nginx custom format fills host, port, X-Forwarded-For and duration', async (t) => {
  const spec = nginxFormat('$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent" rt=$request_time host=$host:$server_port xff="$http_x_forwarded_for"')
  const line = '10.0.0.2 - - [22/Nov/2026:10:00:01 +0100] "GET /moebel/ HTTP/1.1" 200 3 "-" "curl/8" rt=0.003 host=shop.example:8080 xff="203.0.113.9, 10.0.0.2"'
  t.strictSame(builder(spec)(parseWith(spec)(line), line, at), makeRecord({
    ip: '10.0.0.2',
    loggedIp: '10.0.0.2',
    time: Date.UTC(2026, 10, 22, 9, 0, 1),
    offset: 60,
    subsecondDigits: null,
    request: 'GET /moebel/ HTTP/1.1',
    target: '/moebel/',
    bytes: 3,
    userAgent: 'curl/8',
    host: 'shop.example',
    port: 8080,
    forwardedFor: '203.0.113.9, 10.0.0.2',
    duration: 3000,
    raw: line,
    source: 'access.log',
    line: 7,
  }))
})

t.test('--client-ip forwarded: ip is the client, loggedIp the peer', async (t) => {
  const spec = nginxFormat('$remote_addr [$time_local] "$request" $status "$http_x_forwarded_for"')
  const { forwardedClient, parseCidr } = await import('../../../../src/parse/record/client-ip.js')
  const trusted = ['10.0.0.0/8'].map((c) => parseCidr(c)).filter((c) => c !== null)
  const build = builder(spec, { ...UTC, client: forwardedClient(trusted) })
  const record = (line: string) => {
    const r = build(parseWith(spec)(line), line, at)
    if (typeof r === 'string') throw new Error(r)
    return [r.ip, r.loggedIp, r.forwardedFor]
  }
  t.strictSame(record('10.0.0.2 [22/Nov/2026:10:00:01 +0100] "GET / HTTP/1.1" 200 "203.0.113.9, 10.0.0.3"'),
    ['203.0.113.9', '10.0.0.2', '203.0.113.9, 10.0.0.3'])
  t.strictSame(record('198.51.100.1 [22/Nov/2026:10:00:01 +0100] "GET / HTTP/1.1" 200 "203.0.113.9"'),
    ['198.51.100.1', '198.51.100.1', '203.0.113.9'], 'an untrusted peer is the client')
  t.strictSame(record('10.0.0.2 [22/Nov/2026:10:00:01 +0100] "GET / HTTP/1.1" 200 "-"'), ['10.0.0.2', '10.0.0.2', null])
})

t.test('Apache %m %U%q %H rebuild the request line; %D is microseconds', async (t) => {
  const spec = apacheFormat('%a %t "%m %U%q %H" %>s %B %D %v')
  const line = '192.0.2.9 [22/Nov/2026:04:00:01 -0500] "GET /anfrage?sInquiry=detail&sOrdernumber=SW1 HTTP/1.1" 200 0 1543 shop'
  const record = builder(spec)(parseWith(spec)(line), line, at)
  if (typeof record === 'string') throw new Error(record)
  t.strictSame(
    [record.request, record.method, record.target, record.protocol, record.bytes, record.duration, record.host, record.offset],
    ['GET /anfrage?sInquiry=detail&sOrdernumber=SW1 HTTP/1.1', 'GET', '/anfrage?sInquiry=detail&sOrdernumber=SW1', 'HTTP/1.1', 0, 1543, 'shop', -300])
  const bare = '192.0.2.9 [22/Nov/2026:04:00:01 -0500] "GET /robots.txt HTTP/1.0" 200 10 7 shop'
  const plain = builder(spec)(parseWith(spec)(bare), bare, at)
  if (typeof plain === 'string') throw new Error(plain)
  t.strictSame([plain.request, plain.target], ['GET /robots.txt HTTP/1.0', '/robots.txt'])
})

t.test('nginx $request_method $uri$is_args$args without $server_protocol', async (t) => {
  const tight = nginxFormat('$remote_addr [$time_iso8601] "$request_method $uri$is_args$args" $status')
  const ok = '192.0.2.1 [2026-11-22T10:00:01+01:00] "GET /p?a=1" 200'
  const record = builder(tight)(parseWith(tight)(ok), ok, at)
  if (typeof record === 'string') throw new Error(record)
  t.strictSame([record.request, record.target, record.protocol, record.time, record.offset],
    ['GET /p?a=1', '/p?a=1', null, Date.UTC(2026, 10, 22, 9, 0, 1), 60])
  const none = '192.0.2.1 [2026-11-22T10:00:01+01:00] "GET /p-" 200'
  const record2 = builder(tight)(parseWith(tight)(none), none, at)
  if (typeof record2 === 'string') throw new Error(record2)
  t.equal(record2.target, '/p')
})

t.test('sub-second time fills micros; a zone-less time uses the log zone', async (t) => {
  const spec = nginxFormat('$remote_addr $msec "$request" $status')
  const line = '192.0.2.1 1795338307.123 "GET / HTTP/1.1" 200'
  const berlin = builder(spec, { zone: logZone('Europe/Berlin'), client: null })(parseWith(spec)(line), line, at)
  if (typeof berlin === 'string') throw new Error(berlin)
  t.strictSame([berlin.time, berlin.micros, berlin.offset], [1795338307123, 123000, 60], 'the shown offset is Berlin\'s at that instant')
})
