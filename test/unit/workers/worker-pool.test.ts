/** The worker threads of a run (src/workers/worker-pool.ts), played by fake workers in this thread (test/helpers/fake-workers.ts). */

import t from 'tap'
import type { PieceTask, StretchReport } from '../../../src/workers/stretch-tasks.js'
import { TASKS_AHEAD } from '../../../src/workers/worker-pool.js'
import { fakePool, testJob } from '../../helpers/fake-workers.js'
import { logLine } from '../../helpers/log-source.js'

function piece(n: number): PieceTask {
  const bytes = Buffer.from(`${logLine(n, n)}\n`)
  return { kind: 'piece', label: 'x.log', rank: 0, format: 'combined', bytes, start: 100 * n, tooLong: null }
}

t.test('a task goes to an idle worker, else to a new one up to the size, else to the least busy', async (t) => {
  const { pool, started } = fakePool(2, true)
  const job = pool.job(testJob())
  t.equal(TASKS_AHEAD, 2)
  t.equal(pool.started, 0, 'none started before there is work')
  const first = job.run(piece(1))
  t.equal(first.worker, 0)
  t.equal(job.run(piece(2)).worker, 1, 'the first is busy: a second starts')
  t.equal(job.run(piece(3)).worker, 0, 'both busy, no room for a third: the least busy')
  t.ok(pool.hasRoom(), 'worker 1 holds one task')
  t.equal(job.run(piece(4)).worker, 1)
  t.notOk(pool.hasRoom(), 'each holds TASKS_AHEAD')
  let roomed = false
  const room = job.room().then(() => {
    roomed = true
  })
  await new Promise((resolve) => setImmediate(resolve))
  t.notOk(roomed, 'room waits')
  await started[0]?.release()
  await room
  t.ok(roomed, 'an answer makes room')
  const report = await first.reply as StretchReport
  t.match(report, { lines: 1, read: 1, records: [], held: 1 })
  t.equal(started.length, 2, 'never more than the size')
  await started[1]?.release(2)
  await pool.close()
  t.ok(started.every((worker) => worker.terminated), 'close ends them all')
})

t.test('each worker gets the job before its first task of it; a new job goes to it again', async (t) => {
  const { pool, started } = fakePool(1)
  const one = pool.job(testJob())
  await one.run(piece(1)).reply
  await one.run(piece(2)).reply
  const two = pool.job(testJob(3))
  await two.run(piece(3)).reply
  t.strictSame(started[0]?.messages.map((message) => message.type), ['job', 'task', 'task', 'job', 'task'])
  await pool.close()
})

t.test('a worker keeps the process alive only while it holds tasks', async (t) => {
  const { pool, started } = fakePool(1, true)
  const job = pool.job(testJob())
  const reply = job.run(piece(1)).reply
  const worker = started[0] as (typeof started)[0]
  t.equal(worker.referenced, true, 'busy')
  await worker.release()
  await reply
  t.equal(worker.referenced, false, 'idle')
  await pool.close()
})

t.test('a task that throws in the worker rejects with its error; a worker that dies rejects what it held, the others go on', async (t) => {
  const { pool, started } = fakePool(2, true)
  const job = pool.job(testJob())
  const broken = job.run({ ...piece(1), bytes: 'not bytes' as unknown as Uint8Array }).reply
  const lost = job.run(piece(2)).reply
  await started[0]?.release()
  await t.rejects(broken, TypeError)
  started[1]?.emit('error', new Error('out of memory'))
  await t.rejects(lost, { message: 'out of memory' })
  const next = job.run(piece(3))
  t.equal(next.worker, 0, 'the dead worker gets no more')
  await started[0]?.release()
  t.match(await next.reply, { read: 1 })
  started[0]?.emit('exit', 1)
  t.throws(() => job.run(piece(4)), { message: 'no worker thread is left to read with' })
  await pool.close()
})
