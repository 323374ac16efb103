import { DateTime, FixedOffsetZone } from 'luxon'
import t from 'tap'
import { isKnownZone, timeFormatter } from '../../../src/profile/display-time.js'
import { seeded } from '../../helpers/seeded.js'

const at = (iso: string): number => Date.parse(iso)

t.test("null zone: each record's own offset", async (t) => {
  const format = timeFormatter(null)
  const time = at('2026-11-22T09:05:07Z')
  t.strictSame(format(time, 60), { date: '22.11.2026', clock: '10:05:07' })
  t.strictSame(format(time, 0), { date: '22.11.2026', clock: '9:05:07' }, 'hour not padded')
  t.strictSame(format(time, -300), { date: '22.11.2026', clock: '4:05:07' })
  t.strictSame(format(time, 330), { date: '22.11.2026', clock: '14:35:07' }, 'half-hour offset')
  t.strictSame(format(time, 900), { date: '23.11.2026', clock: '0:05:07' }, 'next day')
  t.strictSame(format(time, -600), { date: '21.11.2026', clock: '23:05:07' }, 'previous day')
  t.strictSame(format(at('2026-11-22T00:00:00Z'), 0), { date: '22.11.2026', clock: '0:00:00' }, 'midnight')
  t.strictSame(format(at('2026-01-01T03:00:00Z'), -300), { date: '31.12.2025', clock: '22:00:00' }, 'previous year')
  t.strictSame(format(at('2026-02-03T04:05:06.999Z'), 0), { date: '03.02.2026', clock: '4:05:06' }, 'day and month padded, ms dropped')
  t.strictSame(format(at('2026-07-15T23:59:59Z'), 0), { date: '15.07.2026', clock: '23:59:59' })
})

t.test('Europe/Berlin, with daylight-saving changes', async (t) => {
  const format = timeFormatter('Europe/Berlin')
  t.strictSame(format(at('2026-11-22T09:05:07Z'), 0), { date: '22.11.2026', clock: '10:05:07' })
  t.strictSame(format(at('2026-11-22T09:05:07Z'), -300), { date: '22.11.2026', clock: '10:05:07' }, 'record offset ignored')
  t.strictSame(format(at('2026-07-01T09:05:07Z'), 0), { date: '01.07.2026', clock: '11:05:07' }, 'summer')
  t.strictSame(format(at('2026-03-29T00:59:59Z'), 0), { date: '29.03.2026', clock: '1:59:59' }, 'before spring change')
  t.strictSame(format(at('2026-03-29T01:00:00Z'), 0), { date: '29.03.2026', clock: '3:00:00' }, 'after spring change')
  t.strictSame(format(at('2026-10-25T00:59:59Z'), 0), { date: '25.10.2026', clock: '2:59:59' }, 'before autumn change')
  t.strictSame(format(at('2026-10-25T01:00:00Z'), 0), { date: '25.10.2026', clock: '2:00:00' }, 'after autumn change')
  t.strictSame(format(at('2026-12-31T23:30:00Z'), 0), { date: '01.01.2027', clock: '0:30:00' }, 'new year')
})

t.test('America/New_York, with daylight-saving changes', async (t) => {
  const format = timeFormatter('America/New_York')
  t.strictSame(format(at('2026-11-22T09:05:07Z'), 60), { date: '22.11.2026', clock: '4:05:07' })
  t.strictSame(format(at('2026-03-08T06:59:59Z'), 0), { date: '08.03.2026', clock: '1:59:59' }, 'before spring change')
  t.strictSame(format(at('2026-03-08T07:00:00Z'), 0), { date: '08.03.2026', clock: '3:00:00' }, 'after spring change')
  t.strictSame(format(at('2026-11-01T05:59:59Z'), 0), { date: '01.11.2026', clock: '1:59:59' }, 'before autumn change')
  t.strictSame(format(at('2026-11-01T06:00:00Z'), 0), { date: '01.11.2026', clock: '1:00:00' }, 'after autumn change')
  t.strictSame(format(at('2026-07-04T03:00:00Z'), 0), { date: '03.07.2026', clock: '23:00:00' }, 'previous day')
})

t.test('unknown zones', async (t) => {
  t.throws(() => timeFormatter('Mars/Olympus_Mons'), { name: 'RangeError', message: /Mars\/Olympus_Mons/ })
  t.throws(() => timeFormatter('Europe/Berlinn'), RangeError)
  t.throws(() => timeFormatter(''), RangeError)
  t.equal(isKnownZone('Europe/Berlin'), true)
  t.equal(isKnownZone('America/New_York'), true)
  t.equal(isKnownZone('UTC'), true)
  t.equal(isKnownZone('Asia/Kolkata'), true)
  t.equal(isKnownZone('Mars/Olympus_Mons'), false)
  t.equal(isKnownZone('Europe/Berlinn'), false)
  t.equal(isKnownZone(''), false)
})

t.test("each line's own offset is worked out without luxon, and agrees with it", async (t) => {
  const format = timeFormatter(null)
  const withLuxon = (time: number, offset: number) => {
    const at = DateTime.fromMillis(time, { zone: FixedOffsetZone.instance(offset), locale: 'en-US', numberingSystem: 'latn' })
    return { date: at.toFormat('dd.MM.yyyy'), clock: at.toFormat('H:mm:ss') }
  }
  const random = seeded(3)
  let disagreements = 0
  for (let i = 0; i < 20_000; i++) {
    // 1970 to 2106 (what tokens can hold), and a few far outside it
    const time = i % 100 === 0 ? Math.floor((random() - 0.5) * 1e15) : Math.floor(random() * 0x1_0000_0000 * 1000)
    const offset = Math.floor((random() - 0.5) * 2 * 1439)
    const got = format(time, offset)
    const want = withLuxon(time, offset)
    if (got.date !== want.date || got.clock !== want.clock) {
      disagreements++
      t.fail(`${time} at ${offset}: ${JSON.stringify(got)} vs ${JSON.stringify(want)}`)
    }
  }
  t.equal(disagreements, 0)
  t.strictSame(format(-62135596800000, 0), { date: '01.01.0001', clock: '0:00:00' }, 'a year below 1000 has four digits')
  t.strictSame(format(-62198755200001, 0), withLuxon(-62198755200001, 0), 'before year 0: written as luxon writes it')
})
