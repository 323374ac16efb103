import t from 'tap'
import { parseDuration } from '../../../../src/parse/record/duration.js'

t.test('durations in microseconds, digits read exactly', async (t) => {
  t.equal(parseDuration('0.003', 1_000_000), 3000, '$request_time seconds')
  t.equal(parseDuration('1.250', 1_000_000), 1_250_000)
  t.equal(parseDuration('12', 1_000_000), 12_000_000, '%T seconds')
  t.equal(parseDuration('1543', 1), 1543, '%D microseconds')
  t.equal(parseDuration('1.5', 1000), 1500, 'milliseconds')
  t.equal(parseDuration('0.0000015', 1_000_000), 2, 'rounded to the microsecond')
  for (const bad of ['-', '', 'abc', '1.', '.5', '-1', '1e3']) t.equal(parseDuration(bad, 1), null, JSON.stringify(bad))
})
