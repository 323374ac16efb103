/**
 * How a worker thread is started from the bundle (it replaces
 * worker-script.ts there): dist/worker.cjs, beside dist/program.cjs
 * (scripts/bundle.js).
 */

import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'

export function startWorker(): Worker {
  return new Worker(fileURLToPath(new URL('worker.cjs', import.meta.url)))
}
