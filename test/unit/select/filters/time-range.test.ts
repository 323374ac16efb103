import t from 'tap'
import { InvalidCriterion } from '../../../../src/select/filters/invalid-criterion.js'
import {
  isEmptyRange, parseTimeBound, timeRangeMatcher, wallClockReader,
} from '../../../../src/select/filters/time-range.js'

const HINT = 'give an ISO date such as 2026-11-22 or a date-time such as 2026-11-22T10:00 or 2026-11-22T10:00:30'
const MINUTE = 60_000
const DAY = 86_400_000

t.test('a date covers its whole day', async (t) => {
  const start = Date.UTC(2026, 9, 25)
  t.strictSame(parseTimeBound('2026-10-25'), { text: '2026-10-25', start, end: start + DAY })
  const leap = Date.UTC(2028, 1, 29)
  t.strictSame(parseTimeBound('2028-02-29'), { text: '2028-02-29', start: leap, end: leap + DAY })
  const early = new Date('0099-01-01T00:00:00Z').getTime()
  t.equal(parseTimeBound('0099-01-01').start, early, 'a year below 100 is that year, not 1999')
})

t.test('a date-time covers its minute or its second', async (t) => {
  const minute = Date.UTC(2026, 9, 25, 2, 30)
  t.strictSame(parseTimeBound('2026-10-25T02:30'), { text: '2026-10-25T02:30', start: minute, end: minute + MINUTE })
  t.strictSame(parseTimeBound('2026-10-25 02:30'), { text: '2026-10-25 02:30', start: minute, end: minute + MINUTE }, 'a space works too')
  const second = Date.UTC(2026, 9, 25, 23, 59, 59)
  t.strictSame(parseTimeBound('2026-10-25T23:59:59'), { text: '2026-10-25T23:59:59', start: second, end: second + 1000 })
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
  const zoned = 'leave out the zone offset: times are read in the display zone (--tz, else each line\'s own offset)'
  for (const text of ['2026-10-25T10:00Z', '2026-10-25T10:00:00+01:00', '2026-10-25T10:00-0500', '2026-10-25T10:00:00.123Z']) {
    t.throws(() => parseTimeBound(text), new InvalidCriterion(zoned), text)
  }
})

t.test('isEmptyRange: inclusive bounds', async (t) => {
  const b = parseTimeBound
  t.equal(isEmptyRange(b('2026-10-25'), b('2026-10-25')), false, 'one day')
  t.equal(isEmptyRange(b('2026-10-25T10:00'), b('2026-10-25T10:00')), false, 'one minute')
  t.equal(isEmptyRange(b('2026-10-25T10:00:59'), b('2026-10-25T10:00')), false, 'the last second of the minute')
  t.equal(isEmptyRange(b('2026-10-26'), b('2026-10-25')), true)
  t.equal(isEmptyRange(b('2026-10-25T10:01'), b('2026-10-25T10:00')), true)
})

// 2026-10-25, Europe/Berlin: 03:00 CEST (+0200) becomes 02:00 CET (+0100) at 01:00 UTC.
const BEFORE_CHANGE = Date.UTC(2026, 9, 25, 0, 59, 59) // shown 02:59:59 (+0200)
const AFTER_CHANGE = Date.UTC(2026, 9, 25, 1, 0, 0) // shown 02:00:00 (+0100)
const EARLIER = Date.UTC(2026, 9, 25, 0, 15, 0) // shown 02:15:00 (+0200)

t.test('wallClockReader: the time the Time column shows', async (t) => {
  const logged = wallClockReader(null)
  t.equal(logged(BEFORE_CHANGE, 120), Date.UTC(2026, 9, 25, 2, 59, 59))
  t.equal(logged(AFTER_CHANGE, 60), Date.UTC(2026, 9, 25, 2, 0, 0))
  t.equal(logged(AFTER_CHANGE, -300), Date.UTC(2026, 9, 24, 20, 0, 0), 'a negative offset')
  const berlin = wallClockReader('Europe/Berlin')
  t.equal(berlin(BEFORE_CHANGE, 0), Date.UTC(2026, 9, 25, 2, 59, 59), 'the logged offset does not count')
  t.equal(berlin(AFTER_CHANGE, 0), Date.UTC(2026, 9, 25, 2, 0, 0))
  t.equal(berlin(BEFORE_CHANGE, 0), Date.UTC(2026, 9, 25, 2, 59, 59), 'back and forth across the change')
  const kathmandu = wallClockReader('Asia/Kathmandu')
  t.equal(kathmandu(AFTER_CHANGE, 0), Date.UTC(2026, 9, 25, 6, 45, 0), '+05:45')
  t.throws(() => wallClockReader('Mars/Olympus'), new RangeError('unknown time zone Mars/Olympus'))
})

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
