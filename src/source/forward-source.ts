/**
 * One input read whole, from its first line: stdin, gzip data, files under
 * the size for reading from the end, and every input under `--full-scan`.
 * An input that cannot be read to its end (a truncated or corrupt .gz, a
 * read error, a file that shrank under us) is an input error; with
 * `--partial-ok` the lines read before the break count and one warning says
 * so (see BreakPolicy).
 *
 * With workers (threaded-reading.ts), a large input is read in pieces of
 * whole lines (input/line-pieces.ts): the main thread reads the first lines
 * itself, until they decide the format and pass the probe, then hands the
 * rest to the workers piece by piece and takes their reports in order
 * (workers/pieces-elsewhere.ts): the same lines, counts and rows as read here.
 */

import { linePieces, ownBuffer, splitPiece } from '../input/line-pieces.js'
import { MAX_LINE_LENGTH } from '../input/line-splitter.js'
import { inputBytes, splitLines } from '../input/lines.js'
import type { OpenedInput } from '../input/open-inputs.js'
import { isReadError } from '../input/read-error.js'
import { placesOfRankBelow, type Batch } from './batch.js'
import type { LogLines } from './log-lines.js'
import { pacedChunks } from './paced-chunks.js'
import { partialWarning, type BreakPolicy, type RecordSource, type UnreadPart } from './record-source.js'
import type { PiecesElsewhere, ThreadedReading } from './threaded-reading.js'

/** Pieces the main thread reads itself: small, so the workers take over soon after the first lines. */
const HEAD_PIECE_BYTES = 64 * 1024

/** Gzip data gives at least this many times the bytes it holds, as far as the workers care (access logs shrink 5 to 15 times). */
const GZIP_EXPANDS = 4

/** The bytes an input will give, as far as known: a plain file's size, gzip data's size times GZIP_EXPANDS; 0 for a stream. */
function expectedBytes(input: OpenedInput): number {
  return input.seekable?.size ?? (input.storedSize ?? 0) * GZIP_EXPANDS
}

export class ForwardSource implements RecordSource {
  readonly #input: OpenedInput
  readonly #lines: LogLines
  readonly #policy: BreakPolicy
  readonly #paced: boolean
  readonly #threaded: ThreadedReading | null
  readonly #rank: number

  /**
   * `paced`: lines may cost much (a config's many patterns), so the event loop gets a turn now and then (paced-chunks.ts).
   * `threaded`: the run's workers, or null (then, and for an input known to be small, all is read here); `rank`: the input's in the age order.
   */
  constructor(input: OpenedInput, lines: LogLines, policy: BreakPolicy, paced: boolean, threaded: ThreadedReading | null = null, rank = 0) {
    this.#input = input
    this.#lines = lines
    this.#policy = policy
    this.#paced = paced
    this.#rank = rank
    this.#threaded = threaded?.pieces && (input.seekable === null || input.seekable.size >= threaded.minBytes) ? threaded : null
  }

  get label(): string {
    return this.#input.label
  }

  bytesRead(): number {
    return this.#input.bytesRead()
  }

  /** Read from its start: a line not read yet may be newer than all read, until the input ends. */
  unread(): UnreadPart {
    return { before: Infinity, placesBelow: placesOfRankBelow(this.#rank) }
  }

  /** A batch per chunk read; the last holds what `auto` still held back. */
  async *batches(): AsyncGenerator<Batch> {
    const lines = this.#lines
    let elsewhere: PiecesElsewhere | null = null
    try {
      const chunks = this.#paced ? pacedChunks(this.#input.chunks()) : this.#input.chunks()
      if (this.#threaded === null) {
        for await (const _ of splitLines(chunks, this.label, lines)) yield lines.takeBatch()
      } else {
        const threaded = this.#threaded
        const size = (): number => (elsewhere ? threaded.pieceBytes : Math.min(HEAD_PIECE_BYTES, threaded.pieceBytes))
        const memory = (bytes: number): Buffer => (elsewhere ? elsewhere.buffer(bytes) : ownBuffer(bytes))
        const ownLines = (): boolean => elsewhere === null
        for await (const piece of linePieces(inputBytes(chunks, this.label), size, MAX_LINE_LENGTH, memory, ownLines)) {
          if (elsewhere !== null) {
            await elsewhere.send(piece)
            yield* elsewhere.taken()
            continue
          }
          for (const _ of splitPiece(piece, lines)) yield lines.takeBatch()
          const read = piece.start + piece.bytes.length
          if (lines.decided && Math.max(read, expectedBytes(this.#input)) >= threaded.minBytes) elsewhere = this.#elsewhere(threaded, read)
        }
        if (elsewhere !== null) yield* elsewhere.rest()
      }
    } catch (e) {
      if (!isReadError(e)) throw e
      // the lines read before the break count (those read elsewhere too), also those `auto` still holds back
      const before = elsewhere
      if (before !== null) yield* before.rest()
      if (!this.#policy.partialOk) throw e
      lines.end()
      this.#policy.warn(partialWarning(e.message, lines.linesRead + (before?.linesRead ?? 0)))
      yield lines.takeBatch()
      return
    }
    lines.end()
    yield lines.takeBatch()
  }

  /** The workers take the rest of the input from `read` bytes on. */
  #elsewhere(threaded: ThreadedReading, read: number): PiecesElsewhere {
    const lines = this.#lines
    const pieces = threaded.pieces as NonNullable<ThreadedReading['pieces']>
    const input = { label: this.label, rank: this.#rank, format: lines.format as string, noted: lines.noted }
    return pieces(input, { lines: lines.lineCount, bytes: read, size: this.#input.seekable?.size ?? null })
  }

  close(): Promise<void> {
    return this.#input.close()
  }
}
