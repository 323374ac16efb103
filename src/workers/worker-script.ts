/**
 * How a worker thread is started when the program runs from source (tests,
 * through tsx): src/workers/parse-worker.ts, with tsx registered in the
 * thread first (`--import tsx` does not reach a worker's own first module).
 * The bundle replaces this module with worker-script-bundled.ts. tsx is
 * found by require.resolve, not import.meta.resolve: that one waits on the
 * module hooks' thread, which a test's mocked imports (tap) can hold.
 */

import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { WORKER_LIMITS } from './worker-script-bundled.js'

/** tsx's ESM API, as its package.json exports it to `import`. */
function tsxApi(): string {
  const require = createRequire(import.meta.url)
  const manifest = require.resolve('tsx/package.json')
  const { exports } = require(manifest) as { exports: Record<string, { import: { default: string } }> }
  return new URL(exports['./esm/api']?.import.default ?? '', pathToFileURL(manifest)).href
}

export function startWorker(): Worker {
  const tsx = tsxApi()
  const entry = new URL('parse-worker.ts', import.meta.url).href
  const boot = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(entry)})`
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), { resourceLimits: WORKER_LIMITS })
}
