import t from 'tap'
import { InvalidCriterion } from '../../../../src/select/filters/invalid-criterion.js'
import {
  isEmptyRange, parseTimeBound, timeRangeMatcher,
} from '../../../../src/select/filters/time-range.js'

const HINT = 'give an ISO date such as 2026-11-22 or a date-time such as 2026-11-22T10:00 or 2026-11-22T10:00:30, ' +
  'optionally with a zone offset such as +01:00, +0100 or Z'
const MINUTE = 60_000
const DAY = 86_400_000

t.test('a date covers its whole day', async (t) => {
  const start = Date.UTC(2026, 9, 25)
  t.strictSame(parseTimeBound('2026-10-25'), { kind: 'wall', text: '2026-10-25', start, end: start + DAY })
  const leap = Date.UTC(2028, 1, 29)
  t.strictSame(parseTimeBound('2028-02-29'), { kind: 'wall', text: '2028-02-29', start: leap, end: leap + DAY })
  const early = new Date('0099-01-01T00:00:00Z').getTime()
  t.equal(parseTimeBound('0099-01-01').start, early, 'a year below 100 is that year, not 1999')
})

t.test('a date-time covers its minute or its second', async (t) => {
  const minute = Date.UTC(2026, 9, 25, 2, 30)
  t.strictSame(parseTimeBound('2026-10-25T02:30'), { kind: 'wall', text: '2026-10-25T02:30', start: minute, end: minute + MINUTE })
  t.strictSame(parseTimeBound('2026-10-25 02:30'), { kind: 'wall', text: '2026-10-25 02:30', start: minute, end: minute + MINUTE }, 'a space works too')
  const second = Date.UTC(2026, 9, 25, 23, 59, 59)
  t.strictSame(parseTimeBound('2026-10-25T23:59:59'), { kind: 'wall', text: '2026-10-25T23:59:59', start: second, end: second + 1000 })
  t.equal(parseTimeBound('2026-10-25T00:00:00').start, Date.UTC(2026, 9, 25))
})

t.test('what is refused, with the reason', async (t) => {
  const refused: [string, string][] = [
    ['', HINT],
    ['25.10.2026', HINT],
    ['2026-10-25T10', HINT],
    ['2026-1-5', HINT],
    ['2026-10-25T10:00:00.5', HINT],
    ['2026-10-25T10:00 ', HINT],
    ['yesterday', HINT],
    ['2026-13-01', `there is no month 13; ${HINT}`],
    ['2026-00-10', `there is no month 00; ${HINT}`],
    ['2026-02-29', `February 2026 has no day 29; ${HINT}`],
    ['2026-04-31', `April 2026 has no day 31; ${HINT}`],
    ['2026-10-00', `October 2026 has no day 00; ${HINT}`],
    ['2026-10-25T24:00', `24:00 is not a time of day (00:00 to 23:59:59); ${HINT}`],
    ['2026-10-25T10:60', `10:60 is not a time of day (00:00 to 23:59:59); ${HINT}`],
    ['2026-10-25T10:00:60', `10:00:60 is not a time of day (00:00 to 23:59:59); ${HINT}`],
  ]
  for (const [text, message] of refused) t.throws(() => parseTimeBound(text), new InvalidCriterion(message), JSON.stringify(text))
  const zoneRefused: [string, string][] = [
    ['2026-10-25T10:00:00.123Z', HINT],
    ['2026-10-25T10:00:00.5+01:00', HINT],
    ['2026-10-25+01:00', HINT],
    ['2026-10-25T10:00+1', HINT],
    ['2026-10-25T10:00 +01:00', HINT],
    ['2026-10-25T10:00+01:0', HINT],
    ['2026-10-25T10:00+24:00', `+24:00 is not a zone offset (-23:59 to +23:59, or Z); ${HINT}`],
    ['2026-10-25T10:00-0560', `-0560 is not a zone offset (-23:59 to +23:59, or Z); ${HINT}`],
    ['2026-10-25T24:00+01:00', `24:00 is not a time of day (00:00 to 23:59:59); ${HINT}`],
    ['2026-02-30T10:00Z', `February 2026 has no day 30; ${HINT}`],
  ]
  for (const [text, message] of zoneRefused) t.throws(() => parseTimeBound(text), new InvalidCriterion(message), JSON.stringify(text))
})

t.test('with a zone offset a bound is an exact instant, covering its minute or its second', async (t) => {
  // 2026-11-22T12:22:06+01:00 is 11:22:06 UTC
  const second = Date.UTC(2026, 10, 22, 11, 22, 6)
  t.strictSame(parseTimeBound('2026-11-22T12:22:06+01:00'),
    { kind: 'instant', text: '2026-11-22T12:22:06+01:00', start: second, end: second + 1000, offset: 60 })
  t.strictSame(parseTimeBound('2026-11-22T11:22:06Z'), { kind: 'instant', text: '2026-11-22T11:22:06Z', start: second, end: second + 1000, offset: 0 })
  t.strictSame(parseTimeBound('2026-11-22T11:22:06z'), { kind: 'instant', text: '2026-11-22T11:22:06z', start: second, end: second + 1000, offset: 0 })
  t.strictSame(parseTimeBound('2026-11-22T12:22:06+0100'),
    { kind: 'instant', text: '2026-11-22T12:22:06+0100', start: second, end: second + 1000, offset: 60 }, '+0100 as servers write it')
  const minute = Date.UTC(2026, 10, 22, 11, 22)
  t.strictSame(parseTimeBound('2026-11-22T12:22+01:00'), { kind: 'instant', text: '2026-11-22T12:22+01:00', start: minute, end: minute + MINUTE, offset: 60 },
    'without seconds: the whole minute')
  t.strictSame(parseTimeBound('2026-11-22 06:52:06-04:30'),
    { kind: 'instant', text: '2026-11-22 06:52:06-04:30', start: second, end: second + 1000, offset: -270 }, 'a space, a negative offset')
  t.equal(parseTimeBound('2026-11-23T00:30:00+13:00').start, Date.UTC(2026, 10, 22, 11, 30), 'the day before in UTC')
})

t.test('isEmptyRange: inclusive bounds', async (t) => {
  const b = parseTimeBound
  t.equal(isEmptyRange(b('2026-10-25'), b('2026-10-25')), false, 'one day')
  t.equal(isEmptyRange(b('2026-10-25T10:00'), b('2026-10-25T10:00')), false, 'one minute')
  t.equal(isEmptyRange(b('2026-10-25T10:00:59'), b('2026-10-25T10:00')), false, 'the last second of the minute')
  t.equal(isEmptyRange(b('2026-10-26'), b('2026-10-25')), true)
  t.equal(isEmptyRange(b('2026-10-25T10:01'), b('2026-10-25T10:00')), true)
})

t.test('isEmptyRange with offsets: instants compare as instants, a wall-clock bound is read in the other\'s offset', async (t) => {
  const b = parseTimeBound
  t.equal(isEmptyRange(b('2026-10-25T10:00+01:00'), b('2026-10-25T09:00Z')), false, 'the same minute')
  t.equal(isEmptyRange(b('2026-10-25T10:00:59+01:00'), b('2026-10-25T09:00Z')), false, 'the last second of that minute')
  t.equal(isEmptyRange(b('2026-10-25T10:01+01:00'), b('2026-10-25T09:00Z')), true)
  t.equal(isEmptyRange(b('2026-10-25T09:00:01Z'), b('2026-10-25T10:00:00+01:00')), true, 'one second after')
  t.equal(isEmptyRange(b('2026-10-25T12:00'), b('2026-10-25T11:30+01:00')), true, 'from 12:00 (wall clock) after until 11:30+01:00')
  t.equal(isEmptyRange(b('2026-10-25T11:30'), b('2026-10-25T11:30+01:00')), false, 'the same minute on both clocks')
  t.equal(isEmptyRange(b('2026-10-25T11:31+01:00'), b('2026-10-25T11:30')), true, 'from an instant after until a wall-clock minute')
  t.equal(isEmptyRange(b('2026-10-25T11:30:59+01:00'), b('2026-10-25T11:30')), false)
  t.equal(isEmptyRange(b('2026-10-26T00:30+01:00'), b('2026-10-25')), true, 'after the whole day read in +01:00')
  t.equal(isEmptyRange(b('2026-10-25T23:59:59+01:00'), b('2026-10-25')), false)
})

// 2026-10-25, Europe/Berlin: 03:00 CEST (+0200) becomes 02:00 CET (+0100) at 01:00 UTC.
const BEFORE_CHANGE = Date.UTC(2026, 9, 25, 0, 59, 59) // shown 02:59:59 (+0200)
const AFTER_CHANGE = Date.UTC(2026, 9, 25, 1, 0, 0) // shown 02:00:00 (+0100)
const EARLIER = Date.UTC(2026, 9, 25, 0, 15, 0) // shown 02:15:00 (+0200)

t.test('timeRangeMatcher compares wall-clock times, also across a DST change', async (t) => {
  t.equal(timeRangeMatcher(null, null, null), null, 'no bounds, no test')
  const from = timeRangeMatcher(parseTimeBound('2026-10-25T02:30'), null, null)
  if (!from) throw new Error('expected a test')
  t.equal(from(BEFORE_CHANGE, 120), true, '02:59:59 CEST is at or after 02:30')
  t.equal(from(AFTER_CHANGE, 60), false, '02:00:00 CET is shown before 02:30, though it happened later')
  t.equal(from(EARLIER, 120), false)
  const until = timeRangeMatcher(null, parseTimeBound('2026-10-25T02:15'), null)
  if (!until) throw new Error('expected a test')
  t.equal(until(EARLIER, 120), true, '02:15:00 is in the minute 02:15')
  t.equal(until(EARLIER + 59_000, 120), true, '02:15:59 too')
  t.equal(until(EARLIER + 60_000, 120), false, '02:16:00 is not')
  t.equal(until(AFTER_CHANGE, 60), true, '02:00:00 CET')
  t.equal(until(BEFORE_CHANGE, 120), false, '02:59:59 CEST')
  const inUtc = timeRangeMatcher(null, parseTimeBound('2026-10-24'), 'UTC')
  if (!inUtc) throw new Error('expected a test')
  t.equal(inUtc(Date.UTC(2026, 9, 24, 23, 59, 59, 999), 120), true, 'the whole day, in UTC')
  t.equal(inUtc(Date.UTC(2026, 9, 25), 120), false)
  const both = timeRangeMatcher(parseTimeBound('2026-10-25'), parseTimeBound('2026-10-25'), null)
  if (!both) throw new Error('expected a test')
  t.strictSame([Date.UTC(2026, 9, 24, 22, 59, 59), Date.UTC(2026, 9, 24, 23), Date.UTC(2026, 9, 25, 22, 59, 59), Date.UTC(2026, 9, 25, 23)]
    .map((time) => both(time, 60)), [false, true, true, false], 'a day at +0100')
})

t.test('timeRangeMatcher: an instant bound compares with the instant, whatever the zone a line is shown in', async (t) => {
  // --from 2026-11-22T12:22:06+01:00 --until 2026-11-22T12:22:08+01:00: 11:22:06.000 to 11:22:08.999 UTC
  const at = (s: number, ms = 0) => Date.UTC(2026, 10, 22, 11, 22, s, ms)
  const exact = timeRangeMatcher(parseTimeBound('2026-11-22T12:22:06+01:00'), parseTimeBound('2026-11-22T12:22:08+01:00'), null)
  if (!exact) throw new Error('expected a test')
  t.strictSame([at(5, 999), at(6), at(8, 999), at(9)].map((time) => exact(time, -300)), [false, true, true, false],
    'a line logged at -0500: inclusive from the instant to the end of the second')
  const inTokyo = timeRangeMatcher(parseTimeBound('2026-11-22T11:22:06Z'), parseTimeBound('2026-11-22T12:22+01:00'), 'Asia/Tokyo')
  if (!inTokyo) throw new Error('expected a test')
  t.strictSame([at(5), at(6), at(59, 999), at(60)].map((time) => inTokyo(time, 60)), [false, true, true, false],
    '--tz does not move an instant; without seconds the bound covers its minute')
  const mixed = timeRangeMatcher(parseTimeBound('2026-11-22T12:22'), parseTimeBound('2026-11-22T11:22:30Z'), null)
  if (!mixed) throw new Error('expected a test')
  t.strictSame([mixed(at(0), 60), mixed(at(30), 60), mixed(at(31), 60)], [true, true, false], 'a wall-clock from and an instant until, at +01:00')
  t.equal(mixed(at(0), 0), false, 'shown 11:22 at +00:00: before the wall-clock 12:22')
})
