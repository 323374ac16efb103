/** The wall-clock time an instant shows (src/parse/time/wall-clock.ts): in --tz, else in the logged offset. */

import t from 'tap'
import { wallClockReader } from '../../../../src/parse/time/wall-clock.js'

const BEFORE_CHANGE = Date.UTC(2026, 9, 25, 0, 59, 59) // shown 02:59:59 (+0200)
const AFTER_CHANGE = Date.UTC(2026, 9, 25, 1, 0, 0) // shown 02:00:00 (+0100)

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

