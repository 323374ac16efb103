import t from 'tap'
import { logZone } from '../../../../src/parse/time/log-zone.js'
import { digitsOfFraction, emptyTimeParts, resolveTime, type TimeParts } from '../../../../src/parse/time/time-parts.js'

const UTC = logZone('UTC')
const BERLIN = logZone('Europe/Berlin')

/** The instant of parts (empty but for `fill`) as ISO, its offset, micros and digits; null for none. */
const resolve = (fill: Partial<TimeParts>, zone = UTC) => {
  const resolved = resolveTime({ ...emptyTimeParts(), ...fill }, zone)
  return resolved && [new Date(resolved.time).toISOString(), resolved.offset, resolved.micros, resolved.subsecondDigits]
}
const CIVIL = { year: 2026, month: 10, day: 22, hour: 10, minute: 5, second: 7 }

t.test('the digits of a fraction: up to 3 are milliseconds, more microseconds', async (t) => {
  t.strictSame(['', '5', '123', '1234', '123456', '123456789'].map(digitsOfFraction), [3, 3, 3, 6, 6, 6])
})

t.test('empty parts, made afresh each time', async (t) => {
  t.strictSame(emptyTimeParts(), {
    year: -1, month: -1, day: -1, yday: -1, hour: -1, minute: -1, second: -1, meridiem: -1,
    offset: null, epochMicros: null, epochDigits: 0, fraction: null, fractionDigits: 6,
  })
  t.not(emptyTimeParts(), emptyTimeParts())
  t.equal(resolveTime(emptyTimeParts(), UTC), null, 'nothing read: no time')
})

t.test('an epoch: the instant; the offset as logged, else the zone\'s', async (t) => {
  t.strictSame(resolve({ epochMicros: 1_795_338_307_123_456, epochDigits: 6 }), ['2026-11-22T09:05:07.123Z', 0, 123456, 6])
  t.strictSame(resolve({ epochMicros: 1_795_338_307_000_000, epochDigits: 0 }), ['2026-11-22T09:05:07.000Z', 0, null, null])
  t.strictSame(resolve({ epochMicros: 1_795_338_307_000_000, fraction: 250_000, fractionDigits: 3 }), ['2026-11-22T09:05:07.250Z', 0, 250000, 3],
    'whole epoch seconds and a fraction field')
  t.strictSame(resolve({ epochMicros: 1_795_338_307_500_000, epochDigits: 3, fraction: 1, fractionDigits: 6 }), ['2026-11-22T09:05:07.500Z', 0, 500000, 3],
    'an epoch with its own fraction wins')
  t.strictSame(resolve({ epochMicros: -1_500_000, epochDigits: 6 }), ['1969-12-31T23:59:58.500Z', 0, 500000, 6], 'before 1970: micros within the second count up')
  t.strictSame(resolve({ epochMicros: 1_795_338_307_000_000, offset: -300 }, BERLIN), ['2026-11-22T09:05:07.000Z', -300, null, null])
  t.strictSame(resolve({ epochMicros: 1_795_338_307_000_000 }, BERLIN), ['2026-11-22T09:05:07.000Z', 60, null, null])
})

t.test('calendar fields: with the offset logged, else in the log zone', async (t) => {
  t.strictSame(resolve({ ...CIVIL, offset: 60 }), ['2026-11-22T09:05:07.000Z', 60, null, null])
  t.strictSame(resolve(CIVIL, BERLIN), ['2026-11-22T09:05:07.000Z', 60, null, null])
  t.strictSame(resolve({ ...CIVIL, month: 6 }, BERLIN), ['2026-07-22T08:05:07.000Z', 120, null, null], 'summer time')
  t.strictSame(resolve({ ...CIVIL, fraction: 42_500, fractionDigits: 6 }), ['2026-11-22T10:05:07.042Z', 0, 42500, 6])
  t.strictSame(resolve({ ...CIVIL, second: -1 }), ['2026-11-22T10:05:00.000Z', 0, null, null], 'no seconds: :00')
  t.strictSame(resolve({ ...CIVIL, second: 60 }), ['2026-11-22T10:05:59.000Z', 0, null, null], 'a leap second is read as :59')
  t.equal(resolve({ ...CIVIL, month: 1, day: 30 }), null, '30 February')
  t.equal(resolve({ ...CIVIL, minute: -1 }), null, 'no minute')
  t.equal(resolve({ ...CIVIL, year: -1 }), null, 'no year')
  t.equal(resolve({ ...CIVIL, day: -1 }), null, 'no day and no day of the year')
})

t.test('the day of the year (%j) when there is no month and day', async (t) => {
  const yday = (year: number, day: number) => resolve({ ...CIVIL, year, month: -1, day: -1, yday: day })?.[0] ?? null
  t.strictSame([yday(2024, 60), yday(2026, 60), yday(2026, 1), yday(2026, 365), yday(2024, 366)],
    ['2024-02-29T10:05:07.000Z', '2026-03-01T10:05:07.000Z', '2026-01-01T10:05:07.000Z', '2026-12-31T10:05:07.000Z', '2024-12-31T10:05:07.000Z'])
  t.strictSame([yday(2026, 366), yday(2026, 0)], [null, null])
})

t.test('the 12-hour clock: 12 AM is 00, 12 PM is 12', async (t) => {
  const hour = (h: number, meridiem: number) => {
    const resolved = resolveTime({ ...emptyTimeParts(), ...CIVIL, hour: h, meridiem }, UTC)
    return resolved && new Date(resolved.time).toISOString().slice(11, 13)
  }
  t.strictSame([hour(12, 0), hour(1, 0), hour(11, 0), hour(12, 1), hour(1, 1), hour(11, 1)], ['00', '01', '11', '12', '13', '23'])
  t.strictSame([hour(0, 0), hour(13, 1)], [null, null], 'no hour 0 or 13 on it')
})
