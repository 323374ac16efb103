/**
 * bcrypt comparisons on a worker thread of their own, one after another, so
 * that the main thread, which answers every request, never runs one: a
 * cost-12 hash is 0.3-0.4 s of CPU, and bcryptjs's async API gives the
 * event loop back only every 100 ms of it. The thread is started with the
 * first comparison, runs bcryptjs from node_modules (a few lines of
 * CommonJS, the same from source and from the bundle), keeps the process
 * alive only while it has work, and is started again should it die. On
 * Linux the thread lowers its own priority (nice 19: a thread is a task of
 * its own there): what others send it to check never takes a core from the
 * thread that answers the pages (flood bench, 64 clients of one address,
 * other work loading the machine: the valid user's p99 a median 28 ms over
 * 5 runs, 65 ms over 4 without).
 */

import { createRequire } from 'node:module'
import type { Worker } from 'node:worker_threads'

// node:worker_threads is required when the first check starts (a serve without --htpasswd does not load it); the thread is given bcryptjs's path
const require = createRequire(import.meta.url)

/** Whether `password` matches a bcrypt `hash`. */
export type PasswordCheck = (password: string, hash: string) => Promise<boolean>

const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const bcrypt = require(workerData.bcryptjs)
try {
  require('node:os').setPriority(Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop()), 19)
} catch {
  // not Linux: the priority of the process
}
parentPort.on('message', ({ id, password, hash }) => parentPort.postMessage({ id, matches: bcrypt.compareSync(password, hash) }))
`

interface Answer {
  id: number
  matches: boolean
}

interface Waiting {
  resolve: (matches: boolean) => void
  reject: (error: unknown) => void
}

export class BcryptThread {
  #worker: Worker | null = null
  readonly #waiting = new Map<number, Waiting>()
  #next = 0

  /** The PasswordCheck this thread runs. */
  readonly check: PasswordCheck = (password, hash) => {
    const worker = this.#worker ?? this.#start()
    const id = this.#next++
    const answer = new Promise<boolean>((resolve, reject) => this.#waiting.set(id, { resolve, reject }))
    if (this.#waiting.size === 1) worker.ref()
    worker.postMessage({ id, password, hash })
    return answer
  }

  #start(): Worker {
    const threads = require('node:worker_threads') as typeof import('node:worker_threads')
    const worker = new threads.Worker(THREAD_SOURCE, { eval: true, workerData: { bcryptjs: require.resolve('bcryptjs') } })
    worker.unref()
    worker.on('message', (answer: Answer) => this.#settle(answer))
    worker.on('error', (error) => this.#died(worker, error))
    worker.on('exit', (code) => this.#died(worker, new Error(`the bcrypt thread ended (exit code ${code})`)))
    this.#worker = worker
    return worker
  }

  #settle({ id, matches }: Answer): void {
    this.#waiting.get(id)?.resolve(matches)
    this.#waiting.delete(id)
    if (this.#waiting.size === 0) this.#worker?.unref()
  }

  #died(worker: Worker, error: Error): void {
    if (this.#worker !== worker) return
    this.#worker = null
    for (const waiting of this.#waiting.values()) waiting.reject(error)
    this.#waiting.clear()
  }

  /** Ends the thread; comparisons still waiting are rejected. */
  async close(): Promise<void> {
    const worker = this.#worker
    if (worker === null) return
    this.#died(worker, new Error('the bcrypt thread was stopped'))
    await worker.terminate()
  }
}
