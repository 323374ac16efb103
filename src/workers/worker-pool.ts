/**
 * The worker threads of a run (worker_threads), started as work comes: a
 * task goes to an idle worker, else to a new one while there are fewer than
 * `size`, else to the least busy, each holding at most TASKS_AHEAD tasks
 * (one read, the next waiting), so that memory is bounded by the tasks in
 * flight, not by the input. A worker keeps the process alive only while it
 * has work: an idle pool never holds a run open, and a stop signal ends the
 * process, its threads with it (stop.ts).
 *
 * A job is one run's use of the pool (worker-job.ts): each worker gets the
 * job before its first task of it. A task that throws in a worker (a bug)
 * rejects with the worker's error; a worker that dies rejects all it held.
 */

import type { Worker } from 'node:worker_threads'
import type { StretchTask } from './stretch-tasks.js'
import type { WorkerJob } from './worker-job.js'
import { startWorker } from './worker-script.js'
import type { TaskReply, WorkerAnswer, WorkerMessage } from './worker-tasks.js'

/** Tasks a worker holds at once: one being read, one waiting. */
export const TASKS_AHEAD = 2

interface Pending {
  resolve: (value: TaskReply) => void
  reject: (error: unknown) => void
}

/** One worker thread and the tasks it holds. */
class PoolWorker {
  readonly #worker: Worker
  readonly #pending = new Map<number, Pending>()
  readonly #idle: () => void
  #next = 0
  #dead: Error | null = null
  /** The job the worker was last given. */
  job = 0

  constructor(worker: Worker, idle: () => void) {
    this.#worker = worker
    this.#idle = idle
    worker.unref()
    worker.on('message', (answer: WorkerAnswer) => this.#settle(answer))
    worker.on('error', (error) => this.#die(error))
    worker.on('exit', (code) => this.#die(new Error(`a worker thread ended (exit code ${code}) with tasks unfinished`)))
  }

  get busy(): number {
    return this.#pending.size
  }

  get alive(): boolean {
    return this.#dead === null
  }

  /** Sends a message without a reply (the job). */
  post(message: WorkerMessage): void {
    this.#worker.postMessage(message)
  }

  send(task: StretchTask, transfer: ArrayBuffer[]): Promise<TaskReply> {
    if (this.#dead !== null) return Promise.reject(this.#dead)
    const id = this.#next++
    const reply = new Promise<TaskReply>((resolve, reject) => this.#pending.set(id, { resolve, reject }))
    if (this.#pending.size === 1) this.#worker.ref()
    const message: WorkerMessage = { type: 'task', id, task }
    this.#worker.postMessage(message, transfer)
    return reply
  }

  terminate(): Promise<number> {
    this.#dead ??= new Error('the workers were stopped')
    return this.#worker.terminate()
  }

  #settle(answer: WorkerAnswer): void {
    const pending = this.#pending.get(answer.id)
    if (!pending) return
    this.#pending.delete(answer.id)
    if (this.#pending.size === 0) this.#worker.unref()
    if (answer.ok) pending.resolve(answer.value)
    else pending.reject(answer.error)
    this.#idle()
  }

  #die(error: Error): void {
    if (this.#dead !== null && this.#pending.size === 0) return
    this.#dead ??= error
    for (const pending of this.#pending.values()) pending.reject(error)
    this.#pending.clear()
    this.#worker.unref()
    this.#idle()
  }
}

export class WorkerPool {
  /** The most workers. */
  readonly size: number
  readonly #start: () => Worker
  readonly #workers: PoolWorker[] = []
  readonly #waiting: (() => void)[] = []
  #jobs = 0
  /** Where the search for the least busy worker starts: the one after the last given a task, so ties go round. */
  #turn = 0

  constructor(size: number, start: () => Worker = startWorker) {
    this.size = size
    this.#start = start
  }

  /** Workers started so far. */
  get started(): number {
    return this.#workers.length
  }

  /** A run's use of the pool. */
  job(job: WorkerJob): PoolJob {
    return new PoolJob(this, ++this.#jobs, job)
  }

  /** Waits until a worker can take a task now. */
  room(): Promise<void> {
    if (this.hasRoom()) return Promise.resolve()
    return new Promise((resolve) => this.#waiting.push(resolve))
  }

  /** Whether a worker is idle, one more may start, or one holds fewer than TASKS_AHEAD tasks. */
  hasRoom(): boolean {
    const alive = this.#workers.filter((worker) => worker.alive)
    return this.#workers.length < this.size || alive.some((worker) => worker.busy < TASKS_AHEAD)
  }

  /** The worker a task goes to: an idle one, else a new one while there is room for it, else the least busy; ties go round. */
  take(): PoolWorker {
    const count = this.#workers.length
    const inTurn = Array.from({ length: count }, (_, k) => this.#workers[(this.#turn + k) % count] as PoolWorker).filter((worker) => worker.alive)
    let chosen = inTurn.find((worker) => worker.busy === 0)
    if (chosen === undefined && count < this.size) {
      chosen = new PoolWorker(this.#start(), () => this.#wake())
      this.#workers.push(chosen)
    }
    chosen ??= inTurn.reduce<PoolWorker | undefined>((best, worker) => (best === undefined || worker.busy < best.busy ? worker : best), undefined)
    if (chosen === undefined) throw new Error('no worker thread is left to read with')
    this.#turn = this.#workers.indexOf(chosen) + 1
    return chosen
  }

  worker(index: number): PoolWorker {
    return this.#workers[index] as PoolWorker
  }

  indexOf(worker: PoolWorker): number {
    return this.#workers.indexOf(worker)
  }

  #wake(): void {
    while (this.#waiting.length > 0 && this.hasRoom()) (this.#waiting.shift() as () => void)()
  }

  /** Ends every worker (at the end of a run; a test's pool lives on). */
  async close(): Promise<void> {
    await Promise.all(this.#workers.splice(0).map((worker) => worker.terminate()))
  }
}

/** One run's tasks on the pool. */
export class PoolJob {
  readonly #pool: WorkerPool
  readonly #id: number
  readonly #job: WorkerJob

  constructor(pool: WorkerPool, id: number, job: WorkerJob) {
    this.#pool = pool
    this.#id = id
    this.#job = job
  }

  get threads(): number {
    return this.#pool.size
  }

  room(): Promise<void> {
    return this.#pool.room()
  }

  hasRoom(): boolean {
    return this.#pool.hasRoom()
  }

  /** Sends `task` to a worker (see WorkerPool), moving `transfer` there; says which worker, and its reply. */
  run(task: StretchTask, transfer: ArrayBuffer[] = [], on: number | null = null): { worker: number; reply: Promise<TaskReply> } {
    const worker = on === null ? this.#pool.take() : this.#pool.worker(on)
    if (worker.job !== this.#id) {
      worker.post({ type: 'job', id: this.#id, job: this.#job })
      worker.job = this.#id
    }
    const reply = worker.send(task, transfer)
    return { worker: this.#pool.indexOf(worker), reply }
  }
}
