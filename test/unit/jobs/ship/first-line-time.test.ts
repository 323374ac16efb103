/** The time of a log file's first line our parser reads: plain or gzip, after lines it cannot read; none for a file that is no log. */

import { writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import t from 'tap'
import { firstLineTime } from '../../../../src/jobs/ship/first-line-time.js'
import { DEFAULT_READ_OPTIONS, readSettings } from '../../../../src/source/read-settings.js'
import { logLine, logLines } from '../../../helpers/clickhouse-tables.js'

const settings = readSettings({ ...DEFAULT_READ_OPTIONS, logTz: 'UTC' })
/** 22 Nov 2026 10:00:00 UTC, the time of logLine(…, 0). */
const FIRST = Date.UTC(2026, 10, 22, 10, 0, 0) / 1000

t.test('the first line read, plain or compressed', async (t) => {
  const dir = t.testdir({ 'access.log': logLines('a', 5, 400), 'mixed.log': `\n# not a line\n${logLine('a', 7)}\n`, 'none.log': 'not a log\nnor this\n', 'empty.log': '' })
  writeFileSync(`${dir}/access.log.2.gz`, gzipSync(logLines('a', 60, 80)))
  t.equal(await firstLineTime(`${dir}/access.log`, settings), FIRST + 5)
  t.equal(await firstLineTime(`${dir}/access.log.2.gz`, settings), FIRST + 60)
  t.equal(await firstLineTime(`${dir}/mixed.log`, settings), FIRST + 7, 'after a line it cannot read')
  t.equal(await firstLineTime(`${dir}/none.log`, settings), null, 'no log line')
  t.equal(await firstLineTime(`${dir}/empty.log`, settings), null)
  t.equal(await firstLineTime(`${dir}/missing.log`, settings), null)
})
