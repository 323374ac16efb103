import t from 'tap'
import type { AccessRecord } from '../../../src/record.js'
import { readSettings, DEFAULT_READ_OPTIONS } from '../../../src/scan/read-settings.js'
import { arrivalHooks, newestHooks, placesAfterScan, type ScanState } from '../../../src/scan/scan-state.js'
import { SkippedLines } from '../../../src/scan/skipped-lines.js'
import { DEFAULT_CRITERIA } from '../../../src/select/criteria.js'
import { NewestN } from '../../../src/select/newest.js'
import { recordFilter } from '../../../src/select/record-filter.js'
import { defaultRowRule } from '../../../src/select/shapes.js'
import { makeRecord } from '../../helpers/record.js'

const state = (limit: number): ScanState => ({
  accepts: recordFilter(DEFAULT_CRITERIA, { rule: defaultRowRule(), zone: null }),
  newest: new NewestN<AccessRecord>(limit, (record) => record.time),
  skipped: new SkippedLines(),
  read: readSettings(DEFAULT_READ_OPTIONS),
  note: () => undefined,
  progress: { bytes: 0 },
})

const listed = (time: number, raw: string, line: number | null = 1): AccessRecord => makeRecord({ time, raw, target: '/moebel/', line })

t.test('lines read after the scan are placed after all of its lines, in the order they arrive', async (t) => {
  const s = state(3)
  const scan = newestHooks(s, 1, 0)
  scan.record(listed(5000, 'scanned, input 1, line 9', 9))
  newestHooks(s, 0, 0).record(listed(5000, 'scanned, input 0', 1_000_000))
  const kept: string[] = []
  const place = placesAfterScan(2)
  const arrivals = arrivalHooks(s, place, () => kept.push('kept'))
  arrivals.record(listed(5000, 'arrived first', null))
  arrivals.record(listed(1000, 'arrived, older than all kept', null))
  t.strictSame(s.newest.newestFirst().map((r) => r.raw), ['arrived first', 'scanned, input 1, line 9', 'scanned, input 0'],
    'between equal times the line read later wins')
  t.strictSame(kept, ['kept'], 'told only when the heap kept the record')
  arrivals.record(listed(5000, 'arrived second', null))
  t.strictSame(s.newest.newestFirst().map((r) => r.raw).slice(0, 2), ['arrived second', 'arrived first'])
  t.equal(place(), 2 * 2 ** 40 + 3, 'one place per record handed over')
})
