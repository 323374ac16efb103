import t from 'tap'
import type { FieldSpec } from '../../../../src/parse/format/format-spec.js'
import { slotsWithRole, slotTimeReader } from '../../../../src/parse/record/slot-time.js'
import { logZone } from '../../../../src/parse/time/log-zone.js'
import { timeField, type TimeKind } from '../../../../src/parse/time/time-field.js'

const UTC = logZone('UTC')
const time = (name: string, rank: number, kind?: TimeKind): FieldSpec => ({ role: 'time', name, rank, ...(kind ? { time: timeField(kind) } : {}) })
const other = (role: FieldSpec['role'], rank: number): FieldSpec => ({ role, name: role, rank })
const iso = (resolved: { time: number } | null | undefined) => resolved && new Date(resolved.time).toISOString()

t.test('slotsWithRole: the slots of the roles, best rank first, in format order among equals', async (t) => {
  const fields = [time('a', 1), other('ip', 3), time('b', 2), time('c', 2), other('ip', 1), other('status', 5)]
  t.strictSame(slotsWithRole(fields, 'time'), [2, 3, 0])
  t.strictSame(slotsWithRole(fields, 'ip', 'status'), [5, 1, 4])
  t.strictSame(slotsWithRole(fields, 'host'), [])
})

t.test('one CLF time field', async (t) => {
  const read = slotTimeReader([other('ip', 1), time('$time_local', 1, { kind: 'clf' })], UTC)
  const first = read(['x', '22/Nov/2026:10:00:01 +0100'])
  t.strictSame(first, { time: Date.UTC(2026, 10, 22, 9, 0, 1), offset: 60, micros: null, subsecondDigits: null })
  t.equal(read(['y', '22/Nov/2026:10:00:01 +0100']), first, 'the same second: the same result')
  t.strictSame(read(['x', '22/Nov/2026:10:00:01 +0200']), { time: Date.UTC(2026, 10, 22, 8, 0, 1), offset: 120, micros: null, subsecondDigits: null },
    'the same clock, another offset')
  t.equal(read(['x', '22/Nov/2026:10:00:61 +0100']), null, 'a time that cannot be read')
  t.equal(read(['x']), undefined, 'no time in the line')
})

t.test('several time fields: those of the best rank, read together', async (t) => {
  const fields = [
    time('%{begin:%d/%b/%Y:%H:%M:%S}t', 2, { kind: 'strftime', layout: '%d/%b/%Y:%H:%M:%S' }),
    time('%{end:%t}t', 1, { kind: 'clf' }),
    time('%{begin:msec_frac}t', 2, { kind: 'fraction', digits: 3 }),
  ]
  const read = slotTimeReader(fields, UTC)
  const first = read(['22/Nov/2026:10:00:01', 'not read', '042'])
  t.strictSame(first, { time: Date.UTC(2026, 10, 22, 10, 0, 1, 42), offset: 0, micros: 42000, subsecondDigits: 3 })
  t.equal(read(['22/Nov/2026:10:00:01', '22/Nov/2026:10:00:02 +0000', '042']), first, 'the same texts of the fields used: the same result')
  t.equal(iso(read(['22/Nov/2026:10:00:01', 'x', '043'])), '2026-11-22T10:00:01.043Z')
  t.equal(iso(read(['22/Nov/2026:10:00:01'])), '2026-11-22T10:00:01.000Z', 'a JSON line without one of them: the others')
  t.equal(read(['22/Nov/2026:10:00:01', 'x', '42']), null, 'one that cannot be read')
  t.equal(read([]), undefined, 'none of them')
  t.equal(read(['22/Nov/2026:10:00:01', 'x', '42']), null, 'a result kept for the same texts')
})

t.test('a format without a time field, or with one that has no reader', async (t) => {
  t.equal(slotTimeReader([other('ip', 1)], UTC)(['x']), undefined)
  t.equal(slotTimeReader([time('t', 1)], UTC)(['22/Nov/2026:10:00:01 +0100']), null, 'a time field without a reader reads nothing')
})

// The last result is kept for the same texts: a missing slot is not the same as any text, not even U+0000 (a JSON
// "\u0000" decodes to it; the texts were once joined into a key with U+0000 for a missing one)
// (with the json preset: {"time_iso8601":"2026-11-22T10:00:01Z","time_local":"\u0000"} after a line without time_local).
t.test('a line\'s time does not depend on the line before it', async (t) => {
  const fields = [time('time_iso8601', 1, { kind: 'iso8601' }), time('time_local', 1, { kind: 'clf' })]
  const line = ['2026-11-22T10:00:01Z', '\u0000']
  t.equal(slotTimeReader(fields, UTC)(line), null, 'read first: a time_local that cannot be read')
  const read = slotTimeReader(fields, UTC)
  t.equal(iso(read(['2026-11-22T10:00:01Z'])), '2026-11-22T10:00:01.000Z', 'a line without time_local')
  t.equal(read(line), null, 'read after it: the same')
})
