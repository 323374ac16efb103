/** A worker thread of the run (worker-pool.ts): its messages go to WorkerTasks, the answers back to the main thread. */

import { parentPort } from 'node:worker_threads'
import { WorkerTasks, type WorkerMessage } from './worker-tasks.js'

const port = parentPort
if (port === null) throw new Error('parse-worker.ts runs as a worker thread')
const tasks = new WorkerTasks((answer, transfer) => port.postMessage(answer, transfer))
port.on('message', (message: WorkerMessage) => tasks.take(message))
