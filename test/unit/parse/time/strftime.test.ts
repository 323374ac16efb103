import t from 'tap'
import { compileStrftime, StrftimeError } from '../../../../src/parse/time/strftime.js'
import { logZone } from '../../../../src/parse/time/log-zone.js'
import { emptyTimeParts, resolveTime, type TimeParts } from '../../../../src/parse/time/time-parts.js'

const UTC = logZone('UTC')
const BERLIN = logZone('Europe/Berlin')

/** Reads `text` with `layout` and resolves it; null when it does not read. */
const read = (layout: string, text: string, zone = UTC) => {
  const parts = emptyTimeParts()
  if (!compileStrftime(layout).read(text, parts)) return null
  const resolved = resolveTime(parts, zone)
  return resolved && { iso: new Date(resolved.time).toISOString(), offset: resolved.offset }
}

t.test('the Apache %t layout spelled out', async (t) => {
  t.strictSame(read('%d/%b/%Y:%H:%M:%S %z', '22/Nov/2026:10:00:01 +0100'), { iso: '2026-11-22T09:00:01.000Z', offset: 60 })
  t.strictSame(read('[%d/%b/%Y:%H:%M:%S %z]', '[22/Nov/2026:04:00:01 -0500]'), { iso: '2026-11-22T09:00:01.000Z', offset: -300 })
  t.equal(read('%d/%b/%Y:%H:%M:%S %z', '22/Nov/2026:10:00:01'), null)
  t.equal(read('%d/%b/%Y:%H:%M:%S %z', '22/Nov/2026:10:00:01 +0100 '), null, 'the whole text must be read')
})

t.test('numbers: widths, padding, ranges', async (t) => {
  t.strictSame(read('%Y-%m-%d %H:%M:%S', '2026-11-22 10:00:01'), { iso: '2026-11-22T10:00:01.000Z', offset: 0 })
  t.strictSame(read('%F %T', '2026-02-03 04:05:06'), { iso: '2026-02-03T04:05:06.000Z', offset: 0 }, '%F and %T')
  t.strictSame(read('%D %R', '02/03/26 04:05'), { iso: '2026-02-03T04:05:00.000Z', offset: 0 }, '%D, %R; no seconds is :00')
  t.strictSame(read('%y', '69') === null, true, 'a year alone is no time')
  t.strictSame(read('%d.%m.%y %H:%M', '01.01.69 00:00'), { iso: '1969-01-01T00:00:00.000Z', offset: 0 })
  t.strictSame(read('%d.%m.%y %H:%M', '01.01.68 00:00'), { iso: '2068-01-01T00:00:00.000Z', offset: 0 })
  t.strictSame(read('%e %b %Y %k:%M', ' 5 Mar 2026  7:08'), { iso: '2026-03-05T07:08:00.000Z', offset: 0 }, 'space-padded %e and %k')
  t.strictSame(read('%-d.%-m.%Y %-H:%M', '5.3.2026 7:08'), { iso: '2026-03-05T07:08:00.000Z', offset: 0 }, 'GNU %-d: no padding')
  t.equal(read('%d/%m/%Y %H:%M', '32/01/2026 00:00'), null)
  t.equal(read('%d/%m/%Y %H:%M', '31/04/2026 00:00'), null, '31 April')
  t.equal(read('%d/%m/%Y %H:%M', '29/02/2026 00:00'), null, 'no leap day in 2026')
  t.strictSame(read('%d/%m/%Y %H:%M', '29/02/2028 00:00'), { iso: '2028-02-29T00:00:00.000Z', offset: 0 })
  t.equal(read('%d/%m/%Y %H:%M', '1/02/2026 00:00'), null, '%d needs two digits')
  t.strictSame(read('%Y %j %H:%M', '2026 060 12:00'), { iso: '2026-03-01T12:00:00.000Z', offset: 0 }, '%j day of the year')
  t.equal(read('%Y %j %H:%M', '2026 366 12:00'), null)
})

t.test('names, 12-hour clock, weekdays and zone names', async (t) => {
  t.strictSame(read('%a, %d %B %Y %I:%M:%S %p', 'Sun, 22 November 2026 01:00:01 PM'), { iso: '2026-11-22T13:00:01.000Z', offset: 0 })
  t.strictSame(read('%r %d %b %Y', '12:00:00 AM 22 Nov 2026'), { iso: '2026-11-22T00:00:00.000Z', offset: 0 }, '12 AM is midnight')
  t.strictSame(read('%r %d %b %Y', '12:30:00 PM 22 Nov 2026'), { iso: '2026-11-22T12:30:00.000Z', offset: 0 }, '12 PM is noon')
  t.strictSame(read('%A %B %d %Y %H:%M', 'Monday June 01 2026 10:00'), { iso: '2026-06-01T10:00:00.000Z', offset: 0 }, 'June is not Jun + e')
  t.strictSame(read('%c', 'Sun Nov 22 10:00:01 2026'), { iso: '2026-11-22T10:00:01.000Z', offset: 0 }, '%c in the C locale')
  t.strictSame(read('%Y-%m-%d %H:%M:%S %Z', '2026-11-22 10:00:01 CET', BERLIN), { iso: '2026-11-22T09:00:01.000Z', offset: 60 },
    '%Z is read and ignored: the log zone applies')
  t.equal(read('%d %b %Y %H:%M', '22 nov 2026 10:00'), null, 'month names are English, as written')
})

t.test('offsets, epoch seconds, literals', async (t) => {
  t.strictSame(read('%Y-%m-%dT%H:%M:%S%z', '2026-11-22T10:00:01+05:30'), { iso: '2026-11-22T04:30:01.000Z', offset: 330 }, '%z with a colon')
  t.strictSame(read('%s', '1795338307'), { iso: '2026-11-22T09:05:07.000Z', offset: 0 })
  t.strictSame(read('%%%Y%n%m%t%d %H:%M', '%2026\n11\t22 10:00'), { iso: '2026-11-22T10:00:00.000Z', offset: 0 })
})

t.test('a time without an offset is read in the log zone, DST included', async (t) => {
  t.strictSame(read('%d/%b/%Y:%H:%M:%S', '22/Nov/2026:10:00:01', BERLIN), { iso: '2026-11-22T09:00:01.000Z', offset: 60 })
  t.strictSame(read('%d/%b/%Y:%H:%M:%S', '25/Oct/2026:02:30:00', BERLIN), { iso: '2026-10-25T00:30:00.000Z', offset: 120 }, 'ambiguous: earlier')
  t.strictSame(read('%d/%b/%Y:%H:%M:%S', '29/Mar/2026:02:30:00', BERLIN), { iso: '2026-03-29T01:30:00.000Z', offset: 120 }, 'gap: moved on')
})

t.test('consume finds where a time ends inside a line', async (t) => {
  const parser = compileStrftime('%d/%b/%Y %T')
  t.equal(parser.consume('x 22/Nov/2026 10:00:01 rest', 2), 22)
  t.equal(parser.consume('x 22/Nov/2026 rest', 2), -1)
  t.ok(parser.selfDelimiting)
  t.notOk(compileStrftime('%s').selfDelimiting, 'digits of any count need a literal after them')
  t.notOk(compileStrftime('%H:%M %Z').selfDelimiting)
  t.strictSame([...compileStrftime('%d/%b/%Y:%H:%M:%S %z').gives].sort(), ['day', 'hour', 'minute', 'month', 'offset', 'second', 'year'])
})

t.test('layouts that cannot be read back', async (t) => {
  t.throws(() => compileStrftime('%d %Q'), new StrftimeError('the time layout "%d %Q" has %Q, which is not a strftime conversion we can read'))
  t.throws(() => compileStrftime('%H:%M %'), new StrftimeError('the time layout "%H:%M %" ends in a lone %'))
  t.throws(() => compileStrftime('%I:%M'), new StrftimeError('the time layout "%I:%M" has %I or %l without %p, or %p without %I or %l'))
  t.throws(() => compileStrftime(''), new StrftimeError('the time layout is empty'))
})

t.test('the parts are filled, not resolved, by read', async (t) => {
  const parts: TimeParts = emptyTimeParts()
  t.ok(compileStrftime('%H:%M').read('10:05', parts))
  t.strictSame([parts.hour, parts.minute, parts.year], [10, 5, -1])
  t.equal(resolveTime(parts, UTC), null, 'no date: no time')
})
