/**
 * The window a search's rows lie in, as a bisection by lines' times sees it
 * (src/select/time-window.ts): a line's side tells of the lines written
 * before or after it, within the order tolerance; a wall-clock bound is
 * widened by a clock change's hour.
 */

import t from 'tap'
import { CRITERION_PARSERS, DEFAULT_CRITERIA, type Criteria } from '../../../src/select/criteria.js'
import { timeWindow } from '../../../src/select/time-window.js'

const at = (iso: string): number => Date.parse(iso)
const criteria = (changes: Partial<Record<'from' | 'until' | 'token', string>>): Criteria => ({
  ...DEFAULT_CRITERIA,
  from: changes.from === undefined ? null : CRITERION_PARSERS.from(changes.from),
  until: changes.until === undefined ? null : CRITERION_PARSERS.until(changes.until),
  token: changes.token ?? null,
})

t.test('no bound on time: no window', async (t) => {
  t.equal(timeWindow(DEFAULT_CRITERIA, null, 60_000), null)
})

t.test('a token: its second, widened by the tolerance on each side', async (t) => {
  const window = timeWindow(criteria({ token: '6b02e3ef3ecd0' }), null, 5_000)
  const second = 0x6b02e3ef * 1000
  if (window === null) throw new Error('no window')
  t.equal(window.sideOf(second - 5_001, 0), 'before', 'this line, and every line before it (at most 5 s later), before the second')
  t.equal(window.sideOf(second - 5_000, 0), 'within', 'a line before it may be stamped in the second')
  t.equal(window.sideOf(second + 999, 0), 'within')
  t.equal(window.sideOf(second + 1000 + 4_999, 0), 'within', 'a line after it may be stamped 5 s earlier: in the second')
  t.equal(window.sideOf(second + 1000 + 5_000, 0), 'after')
})

t.test('instants (bounds with an offset): compared as they are', async (t) => {
  const window = timeWindow(criteria({ from: '2026-11-22T10:00+01:00', until: '2026-11-22T10:59+01:00' }), 'Europe/Berlin', 0)
  if (window === null) throw new Error('no window')
  t.equal(window.sideOf(at('2026-11-22T08:59:59Z'), 600), 'before', 'the logged offset does not matter for an instant')
  t.equal(window.sideOf(at('2026-11-22T09:00:00Z'), 0), 'within')
  t.equal(window.sideOf(at('2026-11-22T09:59:59Z'), 0), 'within')
  t.equal(window.sideOf(at('2026-11-22T10:00:00Z'), 0), 'after', '--until names a whole minute')
})

t.test('wall-clock bounds: read in the line\'s offset (or --tz), widened by an hour for a clock change', async (t) => {
  const window = timeWindow(criteria({ from: '2026-11-22T10:00', until: '2026-11-22T10:59' }), null, 0)
  if (window === null) throw new Error('no window')
  // 10:00 wall-clock at +01:00 is 09:00Z; an hour more: before means before 08:00Z
  t.equal(window.sideOf(at('2026-11-22T07:59:59Z'), 60), 'before')
  t.equal(window.sideOf(at('2026-11-22T08:00:01Z'), 60), 'within', 'within the hour a clock change may move')
  t.equal(window.sideOf(at('2026-11-22T10:59:59Z'), 60), 'within')
  t.equal(window.sideOf(at('2026-11-22T11:00:00Z'), 60), 'after', '12:00 wall-clock at +01:00, an hour past 10:59')
  const berlin = timeWindow(criteria({ until: '2026-11-22' }), 'Europe/Berlin', 0)
  if (berlin === null) throw new Error('no window')
  t.equal(berlin.sideOf(at('2026-11-22T23:30:00Z'), 0), 'within', '00:30 on the 23rd in Berlin, within the hour')
  t.equal(berlin.sideOf(at('2026-11-23T00:00:00Z'), -300), 'after', '01:00 in Berlin: the logged offset plays no part with --tz')
  t.equal(berlin.sideOf(0, 0), 'within', 'no lower bound')
})

t.test('a token and a range at once: both narrow', async (t) => {
  const second = 0x6b02e3ef * 1000
  const window = timeWindow(criteria({ token: '6b02e3ef3ecd0', until: new Date(second - 60_000).toISOString().slice(0, 19) + 'Z' }), null, 0)
  if (window === null) throw new Error('no window')
  t.equal(window.sideOf(second, 0), 'after', 'the token\'s second is after --until: no line can be a row')
})
