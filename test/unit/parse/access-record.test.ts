import t from 'tap'
import { recordBuilder } from '../../../src/parse/access-record.js'
import type { RawFields } from '../../../src/parse/line-format.js'

const at = { source: 'access.log', line: 7 }

const combined: RawFields = {
  ip: '203.0.113.7', ident: '-', user: '-', time: '12/Mar/2024:09:14:02 +0100',
  request: 'GET /detail/0a1b?sw=1 HTTP/1.1', status: '200', bytes: '15342',
  referer: 'https://shop.example/', userAgent: 'Mozilla/5.0 (X11)',
}
const common: RawFields = {
  ip: '192.0.2.1', ident: '-', user: 'frank', time: '10/Oct/2000:13:55:36 -0700',
  request: 'GET /apache_pb.gif HTTP/1.0', status: '200', bytes: '2326',
}

t.test('a combined line', async (t) => {
  t.strictSame(recordBuilder()(combined, 'RAW LINE', at), {
    ip: '203.0.113.7',
    user: null,
    time: 1710231242000, // 2024-03-12T08:14:02Z
    offset: 60,
    micros: null,
    request: 'GET /detail/0a1b?sw=1 HTTP/1.1',
    method: 'GET',
    target: '/detail/0a1b?sw=1',
    protocol: 'HTTP/1.1',
    status: 200,
    bytes: 15342,
    referer: 'https://shop.example/',
    userAgent: 'Mozilla/5.0 (X11)',
    raw: 'RAW LINE',
    source: 'access.log',
    line: 7,
  })
})

t.test('a common line', async (t) => {
  t.strictSame(recordBuilder()(common, 'common raw', { source: '-', line: 1 }), {
    ip: '192.0.2.1',
    user: 'frank',
    time: 971211336000, // 2000-10-10T20:55:36Z
    offset: -420,
    micros: null,
    request: 'GET /apache_pb.gif HTTP/1.0',
    method: 'GET',
    target: '/apache_pb.gif',
    protocol: 'HTTP/1.0',
    status: 200,
    bytes: 2326,
    referer: null,
    userAgent: null,
    raw: 'common raw',
    source: '-',
    line: 1,
  })
})

t.test('- becomes null', async (t) => {
  const record = recordBuilder()(
    { ...combined, user: '-', bytes: '-', referer: '-', userAgent: '-', request: '-', status: '400' }, 'r', at)
  if (typeof record === 'string') throw new Error(record)
  t.equal(record.user, null)
  t.equal(record.bytes, null)
  t.equal(record.referer, null)
  t.equal(record.userAgent, null)
  t.equal(record.request, '-')
  t.strictSame([record.method, record.target, record.protocol], [null, null, null])
  t.equal(record.status, 400)
})

t.test('escapes are decoded', async (t) => {
  const record = recordBuilder()({
    ...combined,
    user: 'j\\xC3\\xBCrgen',
    request: 'GET /caf\\xC3\\xA9?q=\\xE2\\x82\\xAC HTTP/1.1',
    referer: 'https://shop.example/s\\xC3\\xB6',
    userAgent: 'Agent \\"x\\"',
  }, 'r', at)
  if (typeof record === 'string') throw new Error(record)
  t.equal(record.user, 'jürgen')
  t.equal(record.request, 'GET /café?q=€ HTTP/1.1')
  t.equal(record.target, '/café?q=€')
  t.equal(record.referer, 'https://shop.example/sö')
  t.equal(record.userAgent, 'Agent "x"')
})

t.test('bad time', async (t) => {
  const build = recordBuilder()
  const timeOf = (time: string) => {
    const record = build({ ...combined, time }, 'r', at)
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
  const build = recordBuilder()
  for (const status of ['2000', 'abc', '099', '20', '', '-', ' 200']) {
    t.equal(build({ ...combined, status }, 'r', at), 'bad status', JSON.stringify(status))
  }
  const statusOf = (status: string) => {
    const record = build({ ...combined, status }, 'r', at)
    return typeof record === 'string' ? record : record.status
  }
  t.equal(statusOf('100'), 100)
  t.equal(statusOf('599'), 599)
  t.equal(build({ ...combined, time: 'x', status: 'abc' }, 'r', at), 'bad time', 'time is checked first')
})

t.test('not a log line without the needed fields', async (t) => {
  const build = recordBuilder()
  t.equal(build({}, 'r', at), 'not a log line')
  const { status: _status, ...noStatus } = combined
  t.equal(build(noStatus, 'r', at), 'not a log line')
})

t.test('an IPv6 client is kept', async (t) => {
  const record = recordBuilder()({ ...common, ip: '2001:db8::1' }, 'r', at)
  if (typeof record === 'string') throw new Error(record)
  t.equal(record.ip, '2001:db8::1')
  const mapped = recordBuilder()({ ...common, ip: '::ffff:192.0.2.1' }, 'r', at)
  if (typeof mapped === 'string') throw new Error(mapped)
  t.equal(mapped.ip, '::ffff:192.0.2.1')
})
