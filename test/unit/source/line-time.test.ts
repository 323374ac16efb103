/** The time of a raw line as the run's formats read it (src/source/line-time.ts), for bisecting a file by its lines' times. */

import t from 'tap'
import { parseLogFormat } from '../../../src/parse/format/log-format-option.js'
import { CRITERION_PARSERS, DEFAULT_CRITERIA } from '../../../src/select/criteria.js'
import { timeWindow, windowSides } from '../../../src/select/time-window.js'
import { lineTimeReader } from '../../../src/source/line-time.js'
import { DEFAULT_READ_OPTIONS, readSettings } from '../../../src/source/read-settings.js'
import { logLine, timeAt } from '../../helpers/log-source.js'

const JSON_LINE = JSON.stringify({ remote_addr: '192.0.2.1', time_iso8601: '2026-11-22T11:00:05+01:00', request: 'GET / HTTP/1.1', status: 200 })

t.test('auto: the first preset that reads the line gives its time and offset; a line none reads has none', async (t) => {
  const timeOf = lineTimeReader(readSettings({ ...DEFAULT_READ_OPTIONS, logTz: 'UTC' }))
  t.strictSame(timeOf(logLine(1, 7)), { time: timeAt(7), offset: 0 })
  t.strictSame(timeOf(`shop.example:443 ${logLine(1, 8)}`), { time: timeAt(8), offset: 0 }, 'vhost_combined')
  t.strictSame(timeOf(JSON_LINE), { time: timeAt(5), offset: 60 }, 'json')
  t.equal(timeOf('junk'), null)
  t.equal(timeOf(logLine(1, 7).replace('22/Nov', '31/Nov')), null, 'a bad time is no time')
})

t.test('a format named: only it reads', async (t) => {
  const timeOf = lineTimeReader(readSettings({ ...DEFAULT_READ_OPTIONS, logTz: 'UTC', logFormat: parseLogFormat('json') }))
  t.equal(timeOf(logLine(1, 7)), null)
  t.strictSame(timeOf(JSON_LINE), { time: timeAt(5), offset: 60 })
})

t.test('windowSides: a line\'s side of the window, with its time', async (t) => {
  const window = timeWindow({ ...DEFAULT_CRITERIA, from: CRITERION_PARSERS.from('2026-11-22T10:00:10Z') }, null, 0)
  if (window === null) throw new Error('no window')
  const sideOf = windowSides(window, lineTimeReader(readSettings({ ...DEFAULT_READ_OPTIONS, logTz: 'UTC' })))
  t.strictSame(sideOf(logLine(1, 9)), { side: 'before', time: timeAt(9) })
  t.strictSame(sideOf(logLine(1, 10)), { side: 'within', time: timeAt(10) })
  t.equal(sideOf('junk'), null)
})
