import t from 'tap'
import { consumeIsoTime, emptyIsoTime, readIsoTime, scanIsoTime, type IsoForm } from '../../../../src/parse/time/iso-time.js'
import { emptyTimeParts } from '../../../../src/parse/time/time-parts.js'

/** The forms of its uses: log times, merge's row timestamps (merge/timestamp.ts), --from and --until (select/filters/time-range.ts). */
const LOG: IsoForm = { space: true, partial: false, fraction: 'any', offset: 'optional' }
const ROW: IsoForm = { space: false, partial: false, fraction: 'millisOrMicros', offset: 'required' }
const BOUND: IsoForm = { space: true, partial: true, fraction: 'none', offset: 'optional' }

/** Where the time ends, and what was read, as `y-m-d h:m:s .fraction zoneAt offset`. */
const scan = (text: string, form: IsoForm): string => {
  const into = emptyIsoTime()
  const end = scanIsoTime(text, 0, form, into)
  if (end < 0) return 'none'
  const { year, month, day, hour, minute, second, fraction, zoneAt, offset } = into
  return `${end}: ${year}-${month}-${day} ${hour}:${minute}:${second} .${fraction} ${zoneAt} ${offset}`
}

t.test('log times: T or a space, any offset or none, a fraction of 1 to 9 digits', async (t) => {
  t.strictSame([
    '2026-11-22T10:00:01+01:00', '2026-11-22 10:00:01Z', '2026-11-22T10:00:01z', '2026-11-22T10:00:01-0530', '2026-11-22T10:00:01',
    '2026-11-22T10:00:01.123+01:00', '2026-11-22T10:00:01,5', '2026-11-22T10:00:01.1234567891Z',
  ].map((text) => scan(text, LOG)), [
    '25: 2026-11-22 10:0:1 . 19 60', '20: 2026-11-22 10:0:1 . 19 0', '20: 2026-11-22 10:0:1 . 19 0', '24: 2026-11-22 10:0:1 . 19 -330', '19: 2026-11-22 10:0:1 . -1 null',
    '29: 2026-11-22 10:0:1 .123 23 60', '21: 2026-11-22 10:0:1 .5 -1 null', '29: 2026-11-22 10:0:1 .123456789 -1 null',
  ])
  t.strictSame(['2026-11-22', '2026-11-22T10:00', '2026-11-22t10:00:01', '2026/11/22T10:00:01', '26-11-22T10:00:01', 'x'].map((text) => scan(text, LOG)),
    ['none', 'none', 'none', 'none', 'none', 'none'], 'no date alone, no time without seconds, nothing else')
})

t.test('the shape only: values and offsets are checked by those who use them', async (t) => {
  t.equal(scan('2026-13-45T99:99:99', LOG), '19: 2026-13-45 99:99:99 . -1 null')
  t.equal(scan('2026-11-22T10:00:01+24:00', LOG), '25: 2026-11-22 10:0:1 . 19 null', 'an offset past 23:59 is written, and none')
})

t.test('row timestamps: T, 3 or 6 fraction digits after a dot, always ±hh:mm', async (t) => {
  t.strictSame(['2026-11-22T10:00:01.123+01:00', '2026-11-22T10:00:01.123456-05:00', '2026-11-22T10:00:01+00:00'].map((text) => scan(text, ROW)),
    ['29: 2026-11-22 10:0:1 .123 23 60', '32: 2026-11-22 10:0:1 .123456 26 -300', '25: 2026-11-22 10:0:1 . 19 0'])
  t.strictSame([
    '2026-11-22T10:00:01Z', '2026-11-22T10:00:01+0100', '2026-11-22T10:00:01', '2026-11-22 10:00:01+01:00',
    '2026-11-22T10:00:01.1234+01:00', '2026-11-22T10:00:01.1234567+01:00', '2026-11-22T10:00:01,123+01:00',
  ].map((text) => scan(text, ROW)), ['none', 'none', 'none', 'none', 'none', 'none', 'none'])
})

t.test('--from and --until: a date alone, a time without seconds, no fraction', async (t) => {
  t.strictSame(['2026-11-22', '2026-11-22 10:00', '2026-11-22T10:00Z', '2026-11-22T10:00:01+01:00'].map((text) => scan(text, BOUND)),
    ['10: 2026-11-22 -1:-1:-1 . -1 null', '16: 2026-11-22 10:0:-1 . -1 null', '17: 2026-11-22 10:0:-1 . 16 0', '25: 2026-11-22 10:0:1 . 19 60'])
  t.equal(scan('2026-11-22T10:00:01.5', BOUND), '19: 2026-11-22 10:0:1 . -1 null', 'a fraction is not read: the time ends before it')
  t.equal(scan('2026-11-22T1', BOUND), '10: 2026-11-22 -1:-1:-1 . -1 null', 'a partial form stops where the date ends')
})

t.test('a scan fills every field afresh', async (t) => {
  const into = emptyIsoTime()
  scanIsoTime('2026-11-22T10:00:01.5+01:00', 0, LOG, into)
  scanIsoTime('2027-01-02', 0, BOUND, into)
  t.strictSame(into, { year: 2027, month: 1, day: 2, hour: -1, minute: -1, second: -1, fraction: '', zoneAt: -1, offset: null })
  t.strictSame(emptyIsoTime(), { year: 0, month: 0, day: 0, hour: -1, minute: -1, second: -1, fraction: '', zoneAt: -1, offset: null })
})

t.test('a log time in a line, and into the parts', async (t) => {
  t.equal(consumeIsoTime('x 2026-11-22T10:00:01+01:00 y', 2), 27)
  t.equal(consumeIsoTime('x 2026-11-22 y', 2), -1)
  const parts = emptyTimeParts()
  t.equal(readIsoTime('2026-11-22T10:00:01.1234567+01:00', parts), true)
  t.strictSame(parts, { ...emptyTimeParts(), year: 2026, month: 10, day: 22, hour: 10, minute: 0, second: 1, fraction: 123456, fractionDigits: 6, offset: 60 },
    'month from 0; the fraction cut to microseconds')
  const short = emptyTimeParts()
  t.equal(readIsoTime('2026-11-22 10:00:01.5', short), true)
  t.strictSame([short.fraction, short.fractionDigits, short.offset], [500000, 3, null], 'no offset: none in the parts')
  for (const text of ['2026-11-22T10:00:01+01:00 ', '2026-11-22T10:00:01+25:00', '2026-11-22T10:00:01.1234567890Z', ' 2026-11-22T10:00:01Z']) {
    t.equal(readIsoTime(text, emptyTimeParts()), false, JSON.stringify(text))
  }
})
