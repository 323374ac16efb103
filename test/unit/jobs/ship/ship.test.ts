/** The ship job's refusals before it connects; shipping itself runs against a real server in test/clickhouse/. */

import t from 'tap'
import { ship, type ShipOptions } from '../../../../src/jobs/ship/ship.js'
import { FOLLOW_TIMING } from '../../../../src/input/follow-file.js'
import { DEFAULT_READ_OPTIONS } from '../../../../src/source/read-settings.js'
import { testJobIO } from '../../../helpers/job-io.js'

const OPTIONS: ShipOptions = {
  inputs: ['a.log'], to: 'clickhouse://h/d.t', host: 'web', once: true, batchRows: 10, intervalMs: 10, bufferRows: 100,
  read: DEFAULT_READ_OPTIONS, verbose: false, quiet: false, follow: FOLLOW_TIMING, pollMs: 10,
}

t.test('logs to ship, files not stdin, a clickhouse:// URL without a password', async (t) => {
  const { io } = testJobIO(t.testdir({}))
  await t.rejects(ship({ ...OPTIONS, inputs: [] }, io), { message: 'ship needs the logs to ship', exitCode: 2 })
  await t.rejects(ship({ ...OPTIONS, inputs: ['-'] }, io), { message: 'ship reads files, not stdin (-)', exitCode: 2 })
  await t.rejects(ship({ ...OPTIONS, to: 'clickhouse://u:p@h/d.t' }, io), { message: 'clickhouse://u:…@h/d.t: a password in the URL would show in ps', exitCode: 2 })
})
