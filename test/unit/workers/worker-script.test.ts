/** A worker thread started from source (src/workers/worker-script.ts): it runs parse-worker.ts, which answers a job's tasks. */

import t from 'tap'
import type { StretchReport } from '../../../src/workers/stretch-tasks.js'
import { WorkerPool } from '../../../src/workers/worker-pool.js'
import { startWorker } from '../../../src/workers/worker-script.js'
import { testJob } from '../../helpers/fake-workers.js'
import { logLine } from '../../helpers/log-source.js'

t.test('a real worker thread takes the job and reads a piece sent to it; its records are collected', async (t) => {
  const pool = new WorkerPool(1, startWorker)
  t.teardown(() => pool.close())
  const job = pool.job(testJob())
  const text = `${logLine(1, 1)}\n\n${logLine(2, 2)}\ngarbage\n`
  // a buffer of its own, as pieces are (Buffer.from takes small ones from a shared pool, which is copied, not moved)
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text))
  bytes.write(text)
  const sent = job.run({ kind: 'piece', label: 'x.log', rank: 1, format: 'combined', bytes, start: 500, tooLong: null }, [bytes.buffer])
  t.equal(bytes.length, 0, 'the bytes moved to the worker')
  const report = await sent.reply as StretchReport
  t.match(report, { lines: 4, read: 3, held: 2, byReason: [['not a log line', 1]], first: { source: 'x.log', line: 4 } })
  const records = await job.run({ kind: 'collect', rank: 1 }).reply as [{ ip: string; line: number }, number][]
  t.strictSame(records.map(([record, place]) => [record.ip, record.line, place - 2 ** 40]).sort(), [['192.0.2.1', 1, 500], ['192.0.2.2', 3, 500 + logLine(1, 1).length + 2]])
})
