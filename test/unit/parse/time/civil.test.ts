import t from 'tap'
import {
  civilProblem, DAY_ABBREVIATIONS, DAY_NAMES, daysInMonth, digits, isLeap, isValidCivil, MONTH_ABBREVIATIONS, MONTH_INDEX, MONTH_NAMES, offsetMinutes, utcMillis,
} from '../../../../src/parse/time/civil.js'

t.test('English names, never the locale\'s', async (t) => {
  t.strictSame(MONTH_INDEX, { Jan: 0, Feb: 1, Mar: 2, Apr: 3, May: 4, Jun: 5, Jul: 6, Aug: 7, Sep: 8, Oct: 9, Nov: 10, Dec: 11 })
  t.equal(MONTH_INDEX.nov, undefined, 'as logs write them: capitalised')
  t.strictSame([MONTH_ABBREVIATIONS.length, MONTH_NAMES[10], DAY_ABBREVIATIONS[0], DAY_NAMES[6]], [12, 'November', 'Sun', 'Saturday'])
})

t.test('digits: the value of exactly that many ASCII digits', async (t) => {
  t.equal(digits('2026-11-22', 0, 4), 2026)
  t.equal(digits('2026-11-22', 5, 2), 11)
  t.equal(digits('2026-11-22', 3, 2), -1, 'a dash is no digit')
  t.equal(digits('07', 0, 3), -1, 'past the end')
  t.equal(digits('\u0663\u0664', 0, 2), -1, 'other scripts\' digits are none')
  t.equal(digits('x', 0, 0), 0)
})

t.test('utcMillis: years below 100 are those years, not 19xx', async (t) => {
  t.equal(new Date(utcMillis(50, 0, 1)).toISOString(), '0050-01-01T00:00:00.000Z')
  t.equal(new Date(utcMillis(0, 0, 1, 23, 59, 59)).toISOString(), '0000-01-01T23:59:59.000Z')
  t.equal(utcMillis(2026, 10, 22, 10, 0, 1), Date.UTC(2026, 10, 22, 10, 0, 1))
  t.equal(new Date(utcMillis(2026, 1, 29)).toISOString(), '2026-03-01T00:00:00.000Z', 'no check: a day past the month rolls over')
})

t.test('leap years and the days of a month', async (t) => {
  t.strictSame([1900, 2000, 2024, 2026, 0].map(isLeap), [false, true, true, false, true])
  t.strictSame(Array.from({ length: 12 }, (_, month) => daysInMonth(2026, month)), [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31])
  t.equal(daysInMonth(2024, 1), 29)
  t.equal(daysInMonth(1900, 1), 28)
})

t.test('civilProblem: what keeps the fields from naming a real time', async (t) => {
  t.equal(civilProblem(2026, 10, 22, 10, 0, 1), null)
  t.equal(civilProblem(2024, 1, 29, 0, 0, 0), null, '29 February of a leap year')
  t.strictSame([
    civilProblem(2026, 12, 1, 0, 0, 0), civilProblem(2026, -1, 1, 0, 0, 0), civilProblem(-1, 0, 1, 0, 0, 0),
    civilProblem(2026, 1, 29, 0, 0, 0), civilProblem(2026, 3, 31, 0, 0, 0), civilProblem(2026, 0, 0, 0, 0, 0),
    civilProblem(2026, 0, 1, 24, 0, 0), civilProblem(2026, 0, 1, 0, 60, 0), civilProblem(2026, 0, 1, 0, 0, 61), civilProblem(2026, 0, 1, -1, 0, 0),
  ], ['month', 'month', 'month', 'day', 'day', 'day', 'time', 'time', 'time', 'time'])
  t.equal(civilProblem(2026, 11, 31, 23, 59, 60), null, 'a leap second')
  t.equal(civilProblem(2026, 11, 31, 23, 59, 60, false), 'time', 'unless it is not allowed')
  t.equal(isValidCivil(2026, 11, 31, 23, 59, 60), true)
  t.equal(isValidCivil(2026, 1, 30, 0, 0, 0), false)
})

t.test('offsetMinutes: east of UTC, none past 23:59', async (t) => {
  t.strictSame([offsetMinutes(1, 1, 0), offsetMinutes(-1, 5, 30), offsetMinutes(1, 0, 0), offsetMinutes(1, 23, 59)], [60, -330, 0, 1439])
  t.strictSame([offsetMinutes(1, 24, 0), offsetMinutes(1, 1, 60), offsetMinutes(1, -1, 0)], [null, null, null], 'digits() gives -1 for a non-digit')
})
