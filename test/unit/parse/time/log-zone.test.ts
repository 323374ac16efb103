import t from 'tap'
import { utcMillis } from '../../../../src/parse/time/civil.js'
import { lazyLogZone, localZoneName, logZone } from '../../../../src/parse/time/log-zone.js'

const local = (y: number, mo: number, d: number, h: number, mi: number) => utcMillis(y, mo - 1, d, h, mi)
const iso = (time: number) => new Date(time).toISOString()

t.test('an ordinary wall-clock time in Berlin, winter and summer', async (t) => {
  const berlin = logZone('Europe/Berlin')
  t.strictSame(berlin.fromLocal(local(2026, 11, 22, 10, 0)), { time: Date.UTC(2026, 10, 22, 9, 0), offset: 60 })
  t.strictSame(berlin.fromLocal(local(2026, 7, 1, 10, 0)), { time: Date.UTC(2026, 6, 1, 8, 0), offset: 120 })
  t.equal(berlin.offsetAt(Date.UTC(2026, 6, 1)), 120)
  t.equal(berlin.name, 'Europe/Berlin')
})

t.test('clocks go back (Berlin, 25 Oct 2026, 03:00 CEST → 02:00 CET): the earlier instant', async (t) => {
  const berlin = logZone('Europe/Berlin')
  const twice = berlin.fromLocal(local(2026, 10, 25, 2, 30))
  t.equal(iso(twice.time), '2026-10-25T00:30:00.000Z', '02:30 is read as 02:30 CEST, the first pass')
  t.equal(twice.offset, 120)
  t.strictSame(berlin.fromLocal(local(2026, 10, 25, 1, 59)), { time: Date.UTC(2026, 9, 24, 23, 59), offset: 120 })
  t.strictSame(berlin.fromLocal(local(2026, 10, 25, 3, 0)), { time: Date.UTC(2026, 9, 25, 2, 0), offset: 60 })
})

t.test('clocks go forward (Berlin, 29 Mar 2026, 02:00 CET → 03:00 CEST): a time in the gap moves on', async (t) => {
  const berlin = logZone('Europe/Berlin')
  const gap = berlin.fromLocal(local(2026, 3, 29, 2, 30))
  t.equal(iso(gap.time), '2026-03-29T01:30:00.000Z', '02:30 never happened: read as 03:30 CEST')
  t.equal(gap.offset, 120)
  t.strictSame(berlin.fromLocal(local(2026, 3, 29, 1, 59)), { time: Date.UTC(2026, 2, 29, 0, 59), offset: 60 })
  t.strictSame(berlin.fromLocal(local(2026, 3, 29, 3, 0)), { time: Date.UTC(2026, 2, 29, 1, 0), offset: 120 })
})

t.test('New York and a half-hour zone', async (t) => {
  const ny = logZone('America/New_York')
  // 1 Nov 2026: 02:00 EDT → 01:00 EST; 01:30 happens twice
  t.strictSame(ny.fromLocal(local(2026, 11, 1, 1, 30)), { time: Date.UTC(2026, 10, 1, 5, 30), offset: -240 })
  t.strictSame(ny.fromLocal(local(2026, 11, 22, 4, 0)), { time: Date.UTC(2026, 10, 22, 9, 0), offset: -300 })
  const kolkata = logZone('Asia/Kolkata')
  t.strictSame(kolkata.fromLocal(local(2026, 11, 22, 15, 0)), { time: Date.UTC(2026, 10, 22, 9, 30), offset: 330 })
})

t.test('UTC, the machine zone, and an unknown zone', async (t) => {
  t.strictSame(logZone('UTC').fromLocal(local(2026, 11, 22, 10, 0)), { time: Date.UTC(2026, 10, 22, 10, 0), offset: 0 })
  t.equal(localZoneName(), 'UTC', 'the tests run with TZ=UTC')
  t.throws(() => logZone('Mars/Olympus'), { message: 'unknown time zone Mars/Olympus' })
})

t.test('a lazy zone is made on first use', async (t) => {
  let asked = 0
  const zone = lazyLogZone(() => {
    asked++
    return 'Europe/Berlin'
  })
  t.equal(asked, 0, 'nothing is asked until a time needs the zone')
  t.strictSame(zone.fromLocal(local(2026, 11, 22, 10, 0)), { time: Date.UTC(2026, 10, 22, 9, 0), offset: 60 })
  t.equal(zone.offsetAt(Date.UTC(2026, 6, 1)), 120)
  t.equal(zone.name, 'Europe/Berlin')
  t.equal(asked, 1)
})
