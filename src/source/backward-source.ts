/**
 * One plain file read from its end: a batch per block, newest lines first,
 * through the same LogLines as forward reading (format probing,
 * skipped-line counts). The caller stops asking for batches once no earlier
 * line can change its result (select/select-from.ts). A file that shrinks
 * while it is read is an input error (or, with `--partial-ok`, keeps the
 * newest lines read before). Each block read gives the event loop a turn,
 * in which a stop signal is heard; so blocks are small when lines may cost
 * much (`paced`).
 *
 * When the newest `backwardBytes` have not decided the result (a rare
 * `--ip`, an old `--until`, a `--token`), the rest is read in ranges on the
 * run's workers, newest first, a batch per range (workers/ranges-elsewhere.ts).
 */

import { backwardLines, BLOCK_BYTES } from '../input/backward-lines.js'
import type { OpenedInput, SeekableFile } from '../input/open-inputs.js'
import { asInputError, isReadError } from '../input/read-error.js'
import { windowRange, type LineSide, type WindowRange } from '../input/window-range.js'
import { earlier, PER_INPUT, type Batch } from './batch.js'
import type { LogLines } from './log-lines.js'
import { PIECE_BYTES } from './paced-chunks.js'
import { partialWarning, type BreakPolicy, type RecordSource, type UnreadPart } from './record-source.js'
import type { RangesElsewhere, ThreadedReading } from './threaded-reading.js'

export class BackwardSource implements RecordSource {
  readonly #input: OpenedInput
  readonly #file: SeekableFile
  readonly #lines: LogLines
  readonly #policy: BreakPolicy
  readonly #paced: boolean
  readonly #threaded: ThreadedReading | null
  readonly #rank: number
  /** A search's time window: the file is bisected to where its lines can be (input/window-range.ts); null: read from its end. */
  readonly #window: LineSide | null
  #bytesRead = 0
  #ranges: RangesElsewhere | null = null
  /** The earliest time read so far: every line before it in the file is stamped at most the order tolerance later. */
  #earliest: number | null = null
  /** Where the lines not read here start (those below are read here, or in ranges elsewhere, later). */
  readonly #handed: { from: number }

  /**
   * `threaded`: how the rest is read once the newest part did not decide the result (null: all here, block by block); `rank`: the input's in the age order;
   * `window`: where a line lies against the search's time window, when it has one.
   */
  constructor(input: OpenedInput, file: SeekableFile, lines: LogLines, policy: BreakPolicy, paced: boolean, threaded: ThreadedReading | null = null, rank = 0,
    window: LineSide | null = null) {
    this.#input = input
    this.#file = file
    this.#lines = lines
    this.#policy = policy
    this.#paced = paced
    this.#threaded = threaded
    this.#rank = rank
    this.#window = window
    this.#handed = { from: file.size }
  }

  get label(): string {
    return this.#input.label
  }

  bytesRead(): number {
    return this.#bytesRead + (this.#ranges?.bytesRead ?? 0)
  }

  /** Newest first: the lines not read yet were written before the earliest one read, and lie below where reading got to. */
  unread(): UnreadPart {
    return { before: this.#earliest ?? Infinity, placesBelow: this.#rank * PER_INPUT + this.#handed.from }
  }

  async *batches(): AsyncGenerator<Batch> {
    const lines = this.#lines
    const handed = this.#handed
    const { handle, size } = this.#file
    let before: number | null = null
    try {
      const range: WindowRange = this.#window === null ? { from: 0, to: size, fromTime: null } : await windowRange(handle, size, this.#window)
      before = range.fromTime
      const blocks = backwardLines(handle, size, lines, { ...(this.#paced ? { blockSize: PIECE_BYTES } : {}), handed, from: range.from, to: range.to })
      for await (const bytes of blocks) {
        this.#bytesRead = bytes
        yield this.#seen(lines.takeBatch())
        if (this.#threaded !== null && bytes >= this.#threaded.backwardBytes && lines.decided && handed.from > range.from) {
          for await (const batch of this.#rest(this.#threaded, range.from, handed.from).batches()) yield this.#seen(batch)
          break
        }
      }
    } catch (e) {
      const error = asInputError(e, this.label, false)
      if (!this.#policy.partialOk || !isReadError(error)) throw error
      lines.end()
      this.#policy.warn(partialWarning(error.message, lines.linesRead + (this.#ranges?.linesRead ?? 0)))
      yield this.#seen(lines.takeBatch())
      return
    } finally {
      await this.close()
    }
    // lines `auto` still holds back (a short file) are decided now
    lines.end()
    // the lines before a window's stretch are older than the line probed at its start
    const last = lines.takeBatch()
    yield this.#seen({ ...last, earliest: earlier(last.earliest, before) })
  }

  /** A batch on its way out: its earliest time is the source's, if earlier. */
  #seen(batch: Batch): Batch {
    this.#earliest = earlier(this.#earliest, batch.earliest)
    return batch
  }

  /** The ranges of the lines from `start` to `end` (those not handed over yet). */
  #rest(threaded: ThreadedReading, start: number, end: number): RangesElsewhere {
    const lines = this.#lines
    const input = { label: this.label, rank: this.#rank, format: lines.format as string, noted: lines.noted }
    const part = { fd: this.#file.handle.fd, size: this.#file.size, start, end, read: this.#bytesRead, blockSize: this.#paced ? PIECE_BYTES : BLOCK_BYTES }
    this.#ranges = threaded.ranges(input, part)
    return this.#ranges
  }

  close(): Promise<void> {
    return this.#input.close()
  }
}
