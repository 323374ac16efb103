import t from 'tap'
import { pageClock, pageStamp, RENEW_UNCHANGED_PAGE_MS } from '../../../src/profile/page-stamp.js'

const NOV_22 = Date.UTC(2026, 10, 22, 12, 50, 0)

t.test('the stamp: generated and newest line, in the newest line\'s offset unless a zone is given, each naming its offset', async (t) => {
  t.strictSame(pageStamp(NOV_22, { time: NOV_22 - 3_600_000, offset: 60 }, null, 'line'),
    { generated: '22.11.2026 13:50:00 +01:00', newest: '22.11.2026 12:50:00 +01:00', of: 'line', renewal: null })
  t.strictSame(pageStamp(NOV_22, null, null, 'row'), { generated: '22.11.2026 12:50:00 +00:00', newest: null, of: 'row', renewal: null }, 'nothing read: UTC')
  t.strictSame(pageStamp(NOV_22, { time: NOV_22, offset: 60 }, 'America/New_York', 'line'),
    { generated: '22.11.2026 7:50:00 -05:00', newest: '22.11.2026 7:50:00 -05:00', of: 'line', renewal: null }, '--tz wins')
  t.strictSame(pageStamp(Date.UTC(2026, 6, 1, 12), { time: NOV_22, offset: 330 }, 'Europe/Berlin', 'line'),
    { generated: '01.07.2026 14:00:00 +02:00', newest: '22.11.2026 13:50:00 +01:00', of: 'line', renewal: null }, 'each time in the zone\'s offset at that instant')
  t.strictSame(pageStamp(NOV_22, { time: NOV_22, offset: -570 }, null, 'line'),
    { generated: '22.11.2026 3:20:00 -09:30', newest: '22.11.2026 3:20:00 -09:30', of: 'line', renewal: null }, 'an offset of hours and minutes west')
})

t.test('--if-changed: the stamp says an unchanged page is written again after 10 minutes', async (t) => {
  t.equal(RENEW_UNCHANGED_PAGE_MS, 600_000)
  t.strictSame(pageStamp(NOV_22, null, null, 'line', true),
    { generated: '22.11.2026 12:50:00 +00:00', newest: null, of: 'line', renewal: 'written again after 10 minutes if unchanged' })
})

t.test('SOURCE_DATE_EPOCH sets the clock; unset or empty, the system clock; malformed, a usage error', async (t) => {
  t.equal(pageClock({ SOURCE_DATE_EPOCH: '1795351800' })(), 1_795_351_800_000)
  t.equal(pageClock({}), Date.now)
  t.equal(pageClock({ SOURCE_DATE_EPOCH: '' }), Date.now)
  for (const bad of ['-1', '1.5', 'now', '123456789012']) {
    t.throws(() => pageClock({ SOURCE_DATE_EPOCH: bad }), { message: `SOURCE_DATE_EPOCH ${JSON.stringify(bad)} is not a whole number of seconds since 1970`, exitCode: 2 }, bad)
  }
})
