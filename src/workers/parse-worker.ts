/**
 * A worker thread of the run (worker-pool.ts): takes the run's job, then
 * reads the stretches it is given, one after the other, and answers each
 * with its report (read-stretch.ts). The records of an input's pieces stay
 * in the selection the worker holds for that input until they are
 * collected: at most `--limit` records, whatever the pieces held.
 */

import { parentPort } from 'node:worker_threads'
import type { NewestRecords, TokenRecords } from '../select/selection.js'
import { descriptorFile } from './descriptor-file.js'
import { readPiece, readRange } from './read-stretch.js'
import type { StretchTask } from './stretch-tasks.js'
import { jobContext, partSelection, type JobContext, type WorkerJob } from './worker-job.js'

type Message = { type: 'job'; id: number; job: WorkerJob } | { type: 'task'; id: number; task: StretchTask }

interface Current {
  job: WorkerJob
  context: JobContext | null
  /** The selection of each input's pieces, by its rank. */
  held: Map<number, NewestRecords | TokenRecords>
}

let current: Current | null = null

function contextOf(now: Current): JobContext {
  return (now.context ??= jobContext(now.job))
}

async function perform(task: StretchTask): Promise<unknown> {
  if (current === null) throw new Error('a task came before its job')
  const context = contextOf(current)
  if (task.kind === 'range') return readRange(context, task, descriptorFile(task.fd))
  const { held } = current
  if (task.kind === 'collect') {
    const selection = held.get(task.rank)
    held.delete(task.rank)
    return selection ? selection.placed() : []
  }
  let selection = held.get(task.rank)
  if (!selection) held.set(task.rank, (selection = partSelection(context)))
  return readPiece(context, task, selection)
}

const port = parentPort
if (port === null) throw new Error('parse-worker.ts runs as a worker thread')
let queue = Promise.resolve()
port.on('message', (message: Message) => {
  queue = queue.then(async () => {
    if (message.type === 'job') {
      current = { job: message.job, context: null, held: new Map() }
      return
    }
    try {
      port.postMessage({ id: message.id, ok: true, value: await perform(message.task) })
    } catch (error) {
      port.postMessage({ id: message.id, ok: false, error })
    }
  })
})
