import t from 'tap'
import { logZone } from '../../../../src/parse/time/log-zone.js'
import { isCompleteTime, timeField, type TimeKind } from '../../../../src/parse/time/time-field.js'
import { emptyTimeParts, resolveTime } from '../../../../src/parse/time/time-parts.js'
import type { TimeComponent } from '../../../../src/parse/time/strftime.js'

const UTC = logZone('UTC')
const BERLIN = logZone('Europe/Berlin')

/** Reads each [kind, text] into one set of parts and resolves them, as a line with several time fields does. */
const resolve = (fields: [TimeKind, string][], zone = UTC) => {
  const parts = emptyTimeParts()
  for (const [kind, text] of fields) if (!timeField(kind).read(text, parts)) return 'unreadable'
  const resolved = resolveTime(parts, zone)
  return resolved && { iso: new Date(resolved.time).toISOString(), offset: resolved.offset, micros: resolved.micros }
}

t.test('nginx $time_iso8601', async (t) => {
  const iso: TimeKind = { kind: 'iso8601' }
  t.strictSame(resolve([[iso, '2026-11-22T10:00:01+01:00']]), { iso: '2026-11-22T09:00:01.000Z', offset: 60, micros: null })
  t.strictSame(resolve([[iso, '2026-11-22T09:00:01Z']]), { iso: '2026-11-22T09:00:01.000Z', offset: 0, micros: null })
  t.strictSame(resolve([[iso, '2026-11-22T09:00:01z']]), { iso: '2026-11-22T09:00:01.000Z', offset: 0, micros: null }, 'z as Z, as for --from')
  t.strictSame(resolve([[iso, '2026-11-22 04:00:01-0500']]), { iso: '2026-11-22T09:00:01.000Z', offset: -300, micros: null })
  t.strictSame(resolve([[iso, '2026-11-22T10:00:01.123456789+01:00']]), { iso: '2026-11-22T09:00:01.123Z', offset: 60, micros: 123456 })
  t.strictSame(resolve([[iso, '2026-11-22T10:00:01']], BERLIN), { iso: '2026-11-22T09:00:01.000Z', offset: 60, micros: null }, 'no offset: the log zone')
  t.equal(resolve([[iso, '2026-11-22T10:00:01+25:00']]), 'unreadable')
  t.equal(resolve([[iso, '2026-02-30T10:00:01Z']]), null, '30 February')
  t.equal(resolve([[iso, '22/Nov/2026:10:00:01 +0100']]), 'unreadable')
  t.equal(timeField(iso).consume('x 2026-11-22T10:00:01+01:00 y', 2), 27)
})

t.test('nginx $msec and Apache %{sec}t, %{msec}t, %{usec}t: micros from the log', async (t) => {
  t.strictSame(resolve([[{ kind: 'epochSeconds' }, '1795338307.123']]), { iso: '2026-11-22T09:05:07.123Z', offset: 0, micros: 123000 })
  t.strictSame(resolve([[{ kind: 'epochSeconds' }, '1795338307']]), { iso: '2026-11-22T09:05:07.000Z', offset: 0, micros: null },
    'whole seconds say nothing about the micros')
  t.strictSame(resolve([[{ kind: 'epochMillis' }, '1795338307123']]), { iso: '2026-11-22T09:05:07.123Z', offset: 0, micros: 123000 })
  t.strictSame(resolve([[{ kind: 'epochMicros' }, '1795338307123456']]), { iso: '2026-11-22T09:05:07.123Z', offset: 0, micros: 123456 })
  t.strictSame(resolve([[{ kind: 'epochSeconds' }, '1795338307.123']], BERLIN), { iso: '2026-11-22T09:05:07.123Z', offset: 60, micros: 123000 },
    'an epoch has no offset: the shown one is the log zone\'s')
  t.equal(resolve([[{ kind: 'epochMillis' }, '17953383071.5']]), 'unreadable')
  t.equal(resolve([[{ kind: 'epochSeconds' }, '-1']]), 'unreadable')
})

t.test('%{msec_frac}t and %{usec_frac}t complete a seconds field', async (t) => {
  const date: TimeKind = { kind: 'strftime', layout: '%d/%b/%Y:%H:%M:%S' }
  const zone: TimeKind = { kind: 'strftime', layout: '%z' }
  t.strictSame(resolve([[date, '22/Nov/2026:10:00:01'], [{ kind: 'fraction', digits: 3 }, '042'], [zone, '+0100']]),
    { iso: '2026-11-22T09:00:01.042Z', offset: 60, micros: 42000 })
  t.strictSame(resolve([[{ kind: 'clf' }, '22/Nov/2026:10:00:01 +0100'], [{ kind: 'fraction', digits: 6 }, '000042']]),
    { iso: '2026-11-22T09:00:01.000Z', offset: 60, micros: 42 })
  t.strictSame(resolve([[{ kind: 'epochSeconds' }, '1795338307'], [{ kind: 'fraction', digits: 6 }, '654321']]),
    { iso: '2026-11-22T09:05:07.654Z', offset: 0, micros: 654321 })
  t.equal(resolve([[{ kind: 'fraction', digits: 3 }, '42']]), 'unreadable', 'exactly three digits')
  t.equal(resolve([[{ kind: 'fraction', digits: 3 }, '042']]), null, 'a fraction alone is no time')
})

t.test('$msec next to $time_local: the instant from msec, the offset from the local time', async (t) => {
  t.strictSame(resolve([[{ kind: 'clf' }, '22/Nov/2026:04:05:07 -0500'], [{ kind: 'epochSeconds' }, '1795338307.250']]),
    { iso: '2026-11-22T09:05:07.250Z', offset: -300, micros: 250000 })
})

t.test('a JSON value of unknown kind is told by its shape', async (t) => {
  const any: TimeKind = { kind: 'any' }
  t.strictSame(resolve([[any, '1795338307.5']]), { iso: '2026-11-22T09:05:07.500Z', offset: 0, micros: 500000 })
  t.strictSame(resolve([[any, '22/Nov/2026:10:05:07 +0100']]), { iso: '2026-11-22T09:05:07.000Z', offset: 60, micros: null })
  t.strictSame(resolve([[any, '2026-11-22T10:05:07+01:00']]), { iso: '2026-11-22T09:05:07.000Z', offset: 60, micros: null })
  t.equal(resolve([[any, 'yesterday']]), 'unreadable')
})

t.test('what the time fields of a format must give together', async (t) => {
  const complete = (...components: TimeComponent[]) => isCompleteTime(new Set(components))
  t.ok(complete('epoch'))
  t.ok(complete('year', 'month', 'day', 'hour', 'minute'))
  t.ok(complete('year', 'yday', 'hour', 'minute'))
  t.notOk(complete('year', 'month', 'day', 'hour'), 'no minute')
  t.notOk(complete('hour', 'minute', 'second', 'offset'), 'no date')
  t.notOk(complete('fraction'))
  t.strictSame([...timeField({ kind: 'clf' }).gives].sort(), ['day', 'hour', 'minute', 'month', 'offset', 'second', 'year'])
})

t.test('how many digits below the second the log gave: 3 for milliseconds, 6 for microseconds', async (t) => {
  const digits = (fields: [TimeKind, string][]) => {
    const parts = emptyTimeParts()
    for (const [kind, text] of fields) if (!timeField(kind).read(text, parts)) return 'unreadable'
    const resolved = resolveTime(parts, UTC)
    return resolved && [resolved.micros, resolved.subsecondDigits]
  }
  const date: TimeKind = { kind: 'strftime', layout: '%d/%b/%Y:%H:%M:%S %z' }
  t.strictSame(digits([[{ kind: 'epochSeconds' }, '1795338307.123']]), [123000, 3], 'nginx $msec')
  t.strictSame(digits([[{ kind: 'epochSeconds' }, '1795338307.000']]), [0, 3], '.000 is still three digits')
  t.strictSame(digits([[{ kind: 'epochSeconds' }, '1795338307']]), [null, null], '%{sec}t')
  t.strictSame(digits([[{ kind: 'epochMillis' }, '1795338307123']]), [123000, 3], '%{msec}t')
  t.strictSame(digits([[{ kind: 'epochMicros' }, '1795338307123000']]), [123000, 6], '%{usec}t')
  t.strictSame(digits([[date, '22/Nov/2026:10:00:01 +0100'], [{ kind: 'fraction', digits: 3 }, '042']]), [42000, 3], '%{msec_frac}t')
  t.strictSame(digits([[date, '22/Nov/2026:10:00:01 +0100'], [{ kind: 'fraction', digits: 6 }, '042000']]), [42000, 6], '%{usec_frac}t')
  t.strictSame(digits([[{ kind: 'epochSeconds' }, '1795338307'], [{ kind: 'fraction', digits: 3 }, '500']]), [500000, 3], '%{sec}t.%{msec_frac}t')
  t.strictSame(digits([[{ kind: 'epochMillis' }, '1795338307123'], [{ kind: 'fraction', digits: 6 }, '123456']]), [123000, 3],
    'the epoch gives the instant, and its digits')
  t.strictSame(digits([[{ kind: 'iso8601' }, '2026-11-22T10:00:01.5+01:00']]), [500000, 3], 'ISO: up to 3 digits are milliseconds')
  t.strictSame(digits([[{ kind: 'iso8601' }, '2026-11-22T10:00:01.1234+01:00']]), [123400, 6], 'more are microseconds')
  t.strictSame(digits([[{ kind: 'iso8601' }, '2026-11-22T10:00:01+01:00']]), [null, null])
  t.strictSame(digits([[{ kind: 'any' }, '1795338307.25']]), [250000, 3], 'a JSON epoch number')
  t.strictSame(digits([[{ kind: 'clf' }, '22/Nov/2026:10:00:01 +0100']]), [null, null])
})
