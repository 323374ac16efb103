/**
 * Worker threads played in this thread, for the tests of src/workers/: each
 * message is copied as postMessage copies it (transferred buffers move),
 * done by the same WorkerTasks a real worker runs, and answered a turn
 * later, or when the test lets it (`held`).
 */

import { EventEmitter } from 'node:events'
import type { Worker } from 'node:worker_threads'
import { DEFAULT_CRITERIA } from '../../src/select/criteria.js'
import type { WorkerJob } from '../../src/workers/worker-job.js'
import { WorkerPool } from '../../src/workers/worker-pool.js'
import { WorkerTasks, type WorkerAnswer, type WorkerMessage } from '../../src/workers/worker-tasks.js'

export class FakeWorker extends EventEmitter {
  readonly messages: WorkerMessage[] = []
  /** Answers not let out yet (`held`). */
  readonly waiting: WorkerAnswer[] = []
  /** Answers let out so far. */
  delivered = 0
  /** Whether the worker keeps the process alive now (ref, unref). */
  referenced = true
  terminated = false
  held: boolean
  readonly #tasks = new WorkerTasks((answer, transfer) => {
    const copy = structuredClone(answer, { transfer })
    if (this.held) this.waiting.push(copy)
    else setImmediate(() => this.#deliver(copy))
  })

  constructor(held = false) {
    super()
    this.held = held
  }

  postMessage(message: WorkerMessage, transfer: ArrayBuffer[] = []): void {
    const copy = structuredClone(message, { transfer })
    this.messages.push(copy)
    this.#tasks.take(copy)
  }

  /** Lets the held answers out, in order, once there are `count` (the tasks are done a turn or two after they came). */
  async release(count = 1): Promise<void> {
    while (this.waiting.length < count) await new Promise((resolve) => setImmediate(resolve))
    for (const answer of this.waiting.splice(0)) this.#deliver(answer)
  }

  /** Tasks sent to it so far. */
  get tasks(): number {
    return this.messages.filter((message) => message.type === 'task').length
  }

  #deliver(answer: WorkerAnswer): void {
    this.delivered++
    this.emit('message', answer)
  }

  ref(): void {
    this.referenced = true
  }

  unref(): void {
    this.referenced = false
  }

  terminate(): Promise<number> {
    this.terminated = true
    return Promise.resolve(1)
  }
}

/** A pool of `size` fake workers; `started` lists them as the pool starts them. */
export function fakePool(size: number, held = false): { pool: WorkerPool; started: FakeWorker[] } {
  const started: FakeWorker[] = []
  const pool = new WorkerPool(size, () => {
    const worker = new FakeWorker(held)
    started.push(worker)
    return worker as unknown as Worker
  })
  return { pool, started }
}

/** A job of the tests' kind: combined lines, UTC, every URL, `limit` rows. */
export function testJob(limit = 10): WorkerJob {
  return {
    criteria: { ...DEFAULT_CRITERIA, anyUrl: true },
    counted: false,
    tz: 'UTC',
    shapes: null,
    limit,
    read: { logFormat: 'combined', jsonFields: null, logTz: 'UTC', clientIp: 'logged', trustedProxies: null, serverName: null },
    literals: null,
    env: {},
  }
}
