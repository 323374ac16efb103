/**
 * How a worker thread is started from the bundle (it replaces
 * worker-script.ts there): dist/worker.cjs, beside dist/program.cjs
 * (scripts/bundle.js). node:worker_threads is loaded when the first worker
 * starts: a run that needs none does not pay for it.
 */

import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import type { Worker } from 'node:worker_threads'

const require = createRequire(import.meta.url)

/**
 * A worker's young generation: 8 MB, not node's default that grows to tens of
 * MB per thread. Its lines' strings die young either way; a 5M-line .gz on
 * two threads took the same CPU and peaked at 141 MB instead of 210.
 */
export const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8 }

export function startWorker(): Worker {
  const threads = require('node:worker_threads') as typeof import('node:worker_threads')
  return new threads.Worker(fileURLToPath(new URL('worker.cjs', import.meta.url)), { resourceLimits: WORKER_LIMITS })
}
