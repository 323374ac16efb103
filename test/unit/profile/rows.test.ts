import t from 'tap'
import { makeRecord } from '../../helpers/record.js'
import { toProfileRows } from '../../../src/profile/rows.js'

const record = makeRecord

// 2026-11-22T09:05:07Z = 1795338307 s = 0x6b02b043
// 2026-11-22T00:00:00Z = 1795305600 s = 0x6b023080
const a = record({
  ip: '203.0.113.7',
  time: 1795338307_250,
  offset: 60,
  micros: 342599, // 0x53a47
  target: 'http://shop.example/moebel/sofas/12/sofa-blau?c=2',
  raw: 'line a',
  line: 2,
})
const b = record({
  ip: '198.51.100.9\u202e',
  method: 'G\u0000ET',
  time: 1795305600_000,
  offset: 0,
  micros: null,
  target: '/moebel/12/sofa\u0007\tx?q=\u007f',
  raw: 'foobar', // fnv1a 0xbf9cf968 % 1e6 = 735720 = 0xb39e8
  status: 404,
  line: 1,
})

t.test('rows for two records, zone from each line', async (t) => {
  const rows = toProfileRows([a, b], null)
  t.equal(rows.length, 2)
  t.strictSame(rows[0], {
    status: 200,
    ip: '203.0.113.7',
    method: 'GET',
    url: '/moebel/sofas/12/sofa-blau?c=2',
    date: '22.11.2026',
    clock: '10:05:07',
    token: '6b02b04353a47',
    record: a,
  })
  t.strictSame(rows[1], {
    status: 404,
    ip: '198.51.100.9<U+202E>',
    method: 'G␀ET',
    url: '/moebel/12/sofa␇␉x?q=␡',
    date: '22.11.2026',
    clock: '0:00:00',
    token: '6b023080b39e8',
    record: b,
  })
  t.equal(rows[0]?.record, a, 'the record itself')
  t.equal(rows[1]?.record, b, 'the record itself')
})

t.test('order is kept; a fixed zone overrides the offset', async (t) => {
  const rows = toProfileRows([b, a], 'Europe/Berlin')
  t.strictSame(rows.map((r) => [r.date, r.clock, r.token, r.url]), [
    ['22.11.2026', '1:00:00', '6b023080b39e8', '/moebel/12/sofa␇␉x?q=␡'],
    ['22.11.2026', '10:05:07', '6b02b04353a47', '/moebel/sofas/12/sofa-blau?c=2'],
  ])
  t.strictSame(toProfileRows([a], 'America/New_York').map((r) => r.clock), ['4:05:07'])
})

t.test('missing method and target, token collisions', async (t) => {
  const c = record({ method: null, target: null, time: 1795338307_000, micros: 342599 })
  const rows = toProfileRows([a, c], null)
  t.equal(rows[1]?.method, '')
  t.equal(rows[1]?.url, '')
  t.equal(rows[1]?.token, '6b02b04353a48', 'same second and micros as the row above: bumped')
  t.strictSame(toProfileRows([], null), [])
  t.throws(() => toProfileRows([a], 'Nowhere/Town'), RangeError)
})
