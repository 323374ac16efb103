/**
 * The older part of a plain file read from its end, once its newest part
 * has not decided the result: ranges of `rangeBytes`, newest first, each
 * read from its end by a worker (or here, when the run has no workers) into
 * a selection of its own (workers/read-stretch.ts). Their reports are taken
 * in that order, a batch each, as if the lines had been read here: the
 * caller's early stop (select/select-from.ts) is looked at after each
 * range, and ranges already under way are let go. Where ranges end depends
 * on the file alone, so a run stops where it would on any number of threads.
 */

import { asInputError, FileShrank } from '../input/read-error.js'
import type { NewestRecords, TokenRecords } from '../select/selection.js'
import type { Batch } from '../source/batch.js'
import type { OlderPart, RangesElsewhere } from '../source/threaded-reading.js'
import { descriptorFile } from './descriptor-file.js'
import { readRange } from './read-stretch.js'
import { replay, type ReplayTarget } from './replay.js'
import type { RangeTask, ReadFailure, StretchOf, StretchReport } from './stretch-tasks.js'
import type { JobContext } from './worker-job.js'
import type { PoolJob } from './worker-pool.js'

/** Where the ranges are read: the run's workers, or this thread (the job compiled here); their records go to `selection`. */
export interface RangeReading {
  job: PoolJob | null
  local: () => JobContext
  selection: NewestRecords | TokenRecords
  rangeBytes: number
}

/** The error a range's failure stands for, as reading here would have thrown it. */
function failureError(failure: ReadFailure, label: string): unknown {
  const error = failure.kind === 'shrank'
    ? new FileShrank(failure.from, failure.to)
    : Object.assign(new Error(failure.message), { code: failure.code })
  return asInputError(error, label, false)
}

export class RangesOnWorkers implements RangesElsewhere {
  readonly #reading: RangeReading
  readonly #stretch: StretchOf
  readonly #part: Omit<OlderPart, 'read' | 'start'>
  /** Where the lowest range ends: the start of the lines read. */
  readonly #start: number
  readonly #target: ReplayTarget
  readonly #sent: Promise<StretchReport>[] = []
  /** The next range's upper end. */
  #next: number
  #read = 0
  #bytes = 0

  constructor(reading: RangeReading, stretch: StretchOf, part: OlderPart, target: ReplayTarget) {
    this.#reading = reading
    this.#stretch = stretch
    const { fd, size, end, blockSize } = part
    this.#part = { fd, size, end, blockSize }
    this.#start = part.start
    this.#target = target
    this.#next = part.end
  }

  /** Non-blank lines of the ranges taken so far. */
  get linesRead(): number {
    return this.#read
  }

  /** Bytes of the ranges taken so far. */
  get bytesRead(): number {
    return this.#bytes
  }

  /** A batch per range, newest first; a range that broke off throws its input error once what it read before is taken. */
  async *batches(): AsyncGenerator<Batch> {
    try {
      for (;;) {
        await this.#sendAhead()
        const reply = this.#sent.shift()
        if (reply === undefined) return
        const report = await reply
        yield this.#take(report)
        if (report.failure !== null) throw failureError(report.failure, this.#stretch.label)
      }
    } finally {
      // ranges under way read the file's descriptor: it stays open until they are done
      await Promise.allSettled(this.#sent.splice(0))
    }
  }

  /** Sends ranges while a worker has room for one (here: one at a time). */
  async #sendAhead(): Promise<void> {
    const { job } = this.#reading
    while (this.#next > this.#start && (this.#sent.length === 0 || (job !== null && job.hasRoom()))) {
      if (job !== null) await job.room()
      const to = this.#next
      const from = Math.max(this.#start, to - this.#reading.rangeBytes)
      this.#next = from
      const task: RangeTask = { kind: 'range', ...this.#stretch, ...this.#part, from, to, floor: this.#reading.selection.floor }
      const reply = job === null
        ? readRange(this.#reading.local(), task, descriptorFile(task.fd))
        : job.run(task).reply as Promise<StretchReport>
      reply.catch(() => undefined)
      this.#sent.push(reply)
    }
  }

  #take(report: StretchReport): Batch {
    replay(report, this.#target, 0)
    this.#read += report.read
    this.#bytes += report.bytes
    return { records: report.records, earliest: report.earliest }
  }
}
