/**
 * The rest of an input read forwards on the workers, a piece at a time
 * (input/line-pieces.ts, source/forward-source.ts), while the main thread
 * reads on: each piece goes to
 * a worker, and the reports are taken in the order of the pieces
 * (workers/replay.ts), so the run shows and counts what it would have read
 * itself, with the same line numbers. Once the input has ended, the records
 * the workers hold for it are collected: the last batch, each record with
 * its line number and place.
 */

import { ownBuffer, type LinePiece } from '../input/line-pieces.js'
import { MAX_LINE_LENGTH } from '../input/line-splitter.js'
import type { AccessRecord } from '../record.js'
import { InputPlaces, type Batch } from '../source/batch.js'
import type { PiecesElsewhere } from '../source/threaded-reading.js'
import { replay, type ReplayTarget } from './replay.js'
import type { StretchOf, StretchReport } from './stretch-tasks.js'
import type { PoolJob } from './worker-pool.js'

interface Sent {
  start: number
  worker: number
  reply: Promise<StretchReport>
  report: StretchReport | null
}

export class PiecesOnWorkers implements PiecesElsewhere {
  readonly #job: PoolJob
  readonly #stretch: StretchOf
  readonly #target: ReplayTarget
  readonly #sent: Sent[] = []
  /** For each piece taken: where it starts, and the lines of the input before it. */
  readonly #starts: number[] = []
  readonly #before: number[] = []
  readonly #workers = new Set<number>()
  /** The records each worker holds for the input, as its last report said (for the progress line). */
  readonly #held = new Map<number, number>()
  /** The memory of pieces read, handed back: the next pieces are cut into it. */
  readonly #spare: ArrayBuffer[] = []
  readonly #pieceBytes: number
  #lines: number
  #read = 0

  /** `linesBefore`: the lines of the input the main thread read before the first piece; `pieceBytes`: how large pieces are cut. */
  constructor(job: PoolJob, stretch: StretchOf, target: ReplayTarget, linesBefore: number, pieceBytes = 0) {
    this.#job = job
    this.#pieceBytes = pieceBytes
    this.#stretch = stretch
    this.#target = target
    this.#lines = linesBefore
  }

  /** Non-blank lines of the pieces taken so far. */
  get linesRead(): number {
    return this.#read
  }

  /** Hands the piece to a worker once one has room. */
  async send(piece: LinePiece): Promise<void> {
    await this.#job.room()
    const { bytes, start, tooLong } = piece
    const { worker, reply } = this.#job.run({ kind: 'piece', ...this.#stretch, bytes, start, tooLong }, [bytes.buffer as ArrayBuffer])
    this.#workers.add(worker)
    const sent: Sent = { start, worker, reply: reply as Promise<StretchReport>, report: null }
    sent.reply.then((report) => {
      sent.report = report
    }, () => undefined)
    this.#sent.push(sent)
  }

  buffer(bytes: number): Buffer {
    const spare = this.#spare.pop()
    // a piece ends at the first line end past its size: room for one more line makes the memory fit the next
    return Buffer.from(spare !== undefined && spare.byteLength >= bytes ? spare : ownBuffer(Math.max(bytes, this.#pieceBytes + MAX_LINE_LENGTH + 1)).buffer, 0, bytes)
  }

  /** Records the workers hold for the input, not collected yet. */
  get held(): number {
    let held = 0
    for (const count of this.#held.values()) held += count
    return held
  }

  /** The reports in so far, in the order of the pieces, taken: a batch each. */
  *taken(): Generator<Batch> {
    for (let first = this.#sent[0]; first?.report; first = this.#sent[0]) yield this.#take(first, first.report)
  }

  /** The input ended (or broke off): every report taken, then the records collected, the last batch holding them. */
  async *rest(): AsyncGenerator<Batch> {
    for (let first = this.#sent[0]; first; first = this.#sent[0]) yield this.#take(first, await first.reply)
    const collected = [...this.#workers].map((worker) => this.#job.run({ kind: 'collect', rank: this.#stretch.rank }, [], worker).reply)
    const records: [AccessRecord, number][] = []
    for (const held of await Promise.all(collected)) {
      for (const [record, place] of held as [AccessRecord, number][]) records.push([this.#numbered(record, place), place])
    }
    this.#held.clear()
    yield { records, earliest: null }
  }

  #take(sent: Sent, report: StretchReport): Batch {
    this.#sent.shift()
    if (report.spare) this.#spare.push(report.spare)
    this.#held.set(sent.worker, report.held)
    this.#starts.push(sent.start)
    this.#before.push(this.#lines)
    replay(report, this.#target, this.#lines)
    this.#lines += report.lines
    this.#read += report.read
    return { records: [], earliest: report.earliest }
  }

  /** A record of a piece, numbered by its line in the piece: its line in the input, found by its place (its byte offset). */
  #numbered(record: AccessRecord, place: number): AccessRecord {
    const offset = place - new InputPlaces(this.#stretch.rank).of(0)
    let low = 0
    let high = this.#starts.length - 1
    while (low < high) {
      const middle = (low + high + 1) >> 1
      if ((this.#starts[middle] as number) <= offset) low = middle
      else high = middle - 1
    }
    if (record.line !== null) record.line += this.#before[low] as number
    return record
  }
}
