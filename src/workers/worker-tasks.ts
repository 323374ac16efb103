/**
 * What a worker thread does with the messages it gets (parse-worker.ts
 * wires it to the thread's port): takes the run's job, then reads the
 * stretches it is given one after the other and answers each with its
 * report (read-stretch.ts). The records of an input's pieces stay in the
 * selection the worker holds for that input until they are collected: at
 * most `--limit` records, whatever the pieces held.
 */

import type { AccessRecord } from '../record.js'
import type { NewestRecords, TokenRecords } from '../select/selection.js'
import { descriptorFile } from './descriptor-file.js'
import { readPiece, readRange } from './read-stretch.js'
import type { StretchReport, StretchTask } from './stretch-tasks.js'
import { jobContext, partSelection, type JobContext, type WorkerJob } from './worker-job.js'

export type WorkerMessage = { type: 'job'; id: number; job: WorkerJob } | { type: 'task'; id: number; task: StretchTask }

export type TaskReply = StretchReport | [AccessRecord, number][]

/** The answer to a task: its reply, or the error it threw (a bug). */
export type WorkerAnswer = { id: number; ok: true; value: TaskReply } | { id: number; ok: false; error: unknown }

interface Current {
  job: WorkerJob
  context: JobContext | null
  /** The selection of each input's pieces, by its rank. */
  held: Map<number, NewestRecords | TokenRecords>
}

export class WorkerTasks {
  #current: Current | null = null
  #queue: Promise<void> = Promise.resolve()
  readonly #answer: (answer: WorkerAnswer, transfer: ArrayBuffer[]) => void

  /** `answer` sends an answer, moving `transfer` (a piece's memory, handed back). */
  constructor(answer: (answer: WorkerAnswer, transfer: ArrayBuffer[]) => void) {
    this.#answer = answer
  }

  /** Takes a message; tasks are done one after the other, in the order they came. */
  take(message: WorkerMessage): void {
    this.#queue = this.#queue.then(() => this.#do(message))
  }

  async #do(message: WorkerMessage): Promise<void> {
    if (message.type === 'job') {
      this.#current = { job: message.job, context: null, held: new Map() }
      return
    }
    try {
      const value = await this.#perform(message.task)
      this.#answer({ id: message.id, ok: true, value }, !Array.isArray(value) && value.spare ? [value.spare] : [])
    } catch (error) {
      this.#answer({ id: message.id, ok: false, error }, [])
    }
  }

  async #perform(task: StretchTask): Promise<TaskReply> {
    const current = this.#current
    if (current === null) throw new Error('a task came before its job')
    const context = (current.context ??= jobContext(current.job))
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
}
