/** What a worker does with its messages (src/workers/worker-tasks.ts). */

import t from 'tap'
import type { StretchReport } from '../../../src/workers/stretch-tasks.js'
import { WorkerTasks, type WorkerAnswer } from '../../../src/workers/worker-tasks.js'
import { testJob } from '../../helpers/fake-workers.js'
import { logLine } from '../../helpers/log-source.js'

/** A WorkerTasks, and the answers it gave once there are `count` of them. */
function tasks(): { tasks: WorkerTasks; answers: (count: number) => Promise<WorkerAnswer[]> } {
  const answers: WorkerAnswer[] = []
  const worker = new WorkerTasks((answer) => answers.push(answer))
  return {
    tasks: worker,
    answers: async (count) => {
      while (answers.length < count) await new Promise((resolve) => setImmediate(resolve))
      return answers
    },
  }
}

const piece = (rank: number, n: number) => ({ kind: 'piece' as const, label: 'x.log', rank, format: 'combined', bytes: Buffer.from(`${logLine(n, n)}\n`), start: n * 100, tooLong: null })

t.test('a job, then tasks in order; the pieces of each input in a selection of its own until collected', async (t) => {
  const { tasks: worker, answers } = tasks()
  worker.take({ type: 'job', id: 1, job: testJob(1) })
  worker.take({ type: 'task', id: 0, task: piece(0, 1) })
  worker.take({ type: 'task', id: 1, task: piece(0, 2) })
  worker.take({ type: 'task', id: 2, task: piece(1, 3) })
  worker.take({ type: 'task', id: 3, task: { kind: 'collect', rank: 0 } })
  worker.take({ type: 'task', id: 4, task: { kind: 'collect', rank: 0 } })
  const got = await answers(5)
  t.strictSame(got.map((answer) => answer.id), [0, 1, 2, 3, 4])
  t.strictSame(got.slice(0, 3).map((answer) => answer.ok && (answer.value as StretchReport).held), [1, 1, 1], 'limit 1 per input')
  t.strictSame(got[3]?.ok && (got[3].value as [{ ip: string }, number][]).map(([record]) => record.ip), ['192.0.2.2'])
  t.strictSame(got[4], { id: 4, ok: true, value: [] }, 'collected once')
})

t.test('a task before any job, or one that throws, is answered with the error', async (t) => {
  const { tasks: worker, answers } = tasks()
  worker.take({ type: 'task', id: 7, task: piece(0, 1) })
  worker.take({ type: 'job', id: 1, job: testJob() })
  worker.take({ type: 'task', id: 8, task: { ...piece(0, 1), bytes: 5 as unknown as Uint8Array } })
  worker.take({ type: 'task', id: 9, task: piece(0, 1) })
  const got = await answers(3)
  t.match(got, [{ id: 7, ok: false, error: { message: 'a task came before its job' } }, { id: 8, ok: false, error: TypeError }, { id: 9, ok: true }])
})
