import t from 'tap'
import { parseRowTimestamp } from '../../../src/merge/timestamp.js'

// 2026-11-22T09:05:07Z = 1795338307 s
const S = 1_795_338_307

t.test('whole seconds, milliseconds, microseconds', async (t) => {
  t.strictSame(parseRowTimestamp('2026-11-22T10:05:07+01:00'), { time: S * 1000, offset: 60, micros: null, key: S * 1e6 })
  t.strictSame(parseRowTimestamp('2026-11-22T04:05:07.250-05:00'), { time: S * 1000 + 250, offset: -300, micros: null, key: S * 1e6 + 250_000 })
  t.strictSame(parseRowTimestamp('2026-11-22T09:05:07.123456+00:00'), { time: S * 1000 + 123, offset: 0, micros: 123_456, key: S * 1e6 + 123_456 })
  t.strictSame(parseRowTimestamp('2026-11-22T14:50:07.000001+05:45'), { time: S * 1000, offset: 345, micros: 1, key: S * 1e6 + 1 })
})

t.test('not a real instant', async (t) => {
  for (const text of [
    '2026-02-30T10:00:00+01:00', '2026-11-22T24:00:00+00:00', '2026-11-22T10:60:00+00:00', '2026-11-22T10:00:60+00:00',
    '2026-11-22T10:00:00+24:00', '2026-11-22T10:00:00+01:60', '2026-11-22T10:00:00Z', '2026-11-22 10:00:00+00:00',
    '2026-11-22T10:00:00.12+00:00', '1969-12-31T23:59:59+00:00', '2106-02-07T06:28:16+00:00', '', 'x',
  ]) {
    t.equal(parseRowTimestamp(text), null, text)
  }
  t.equal(parseRowTimestamp('1970-01-01T01:00:00+01:00')?.key, 0, 'the epoch itself is fine')
  t.equal(parseRowTimestamp('2106-02-07T06:28:15+00:00')?.time, 4_294_967_295_000, 'the last second a token can hold')
})
