/**
 * How a worker thread is started when the program runs from source (tests,
 * through tsx): src/workers/parse-worker.ts, with tsx registered in the
 * thread first (`--import tsx` does not reach a worker's own first module).
 * The bundle replaces this module with worker-script-bundled.ts.
 */

import { Worker } from 'node:worker_threads'
import { WORKER_LIMITS } from './worker-script-bundled.js'

export function startWorker(): Worker {
  const tsx = import.meta.resolve('tsx/esm/api')
  const entry = new URL('parse-worker.ts', import.meta.url).href
  const boot = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(entry)})`
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), { resourceLimits: WORKER_LIMITS })
}
