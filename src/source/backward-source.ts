/**
 * One plain file read from its end: a batch per block, newest lines first,
 * through the same LogLines as forward reading (format probing,
 * skipped-line counts). The caller stops asking for batches once no earlier
 * line can change its result (select/select-from.ts). A file that shrinks
 * while it is read is an input error (or, with `--partial-ok`, keeps the
 * newest lines read before). Each block read gives the event loop a turn,
 * in which a stop signal is heard; so blocks are small when lines may cost
 * much (`paced`).
 */

import { backwardLines } from '../input/backward-lines.js'
import type { OpenedInput, SeekableFile } from '../input/open-inputs.js'
import { asInputError, isReadError } from '../input/read-error.js'
import type { Batch } from './batch.js'
import type { LogLines } from './log-lines.js'
import { PIECE_BYTES } from './paced-chunks.js'
import { partialWarning, type BreakPolicy, type RecordSource } from './record-source.js'

export class BackwardSource implements RecordSource {
  readonly newestFirst = true
  readonly #input: OpenedInput
  readonly #file: SeekableFile
  readonly #lines: LogLines
  readonly #policy: BreakPolicy
  readonly #paced: boolean
  #bytesRead = 0

  constructor(input: OpenedInput, file: SeekableFile, lines: LogLines, policy: BreakPolicy, paced: boolean) {
    this.#input = input
    this.#file = file
    this.#lines = lines
    this.#policy = policy
    this.#paced = paced
  }

  get label(): string {
    return this.#input.label
  }

  bytesRead(): number {
    return this.#bytesRead
  }

  async *batches(): AsyncGenerator<Batch> {
    const lines = this.#lines
    try {
      const blocks = backwardLines(this.#file.handle, this.#file.size, lines, this.#paced ? { blockSize: PIECE_BYTES } : {})
      for await (const bytes of blocks) {
        this.#bytesRead = bytes
        yield lines.takeBatch()
      }
    } catch (e) {
      const error = asInputError(e, this.label, false)
      if (!this.#policy.partialOk || !isReadError(error)) throw error
      lines.end()
      this.#policy.warn(partialWarning(error.message, lines.linesRead))
      yield lines.takeBatch()
      return
    } finally {
      await this.close()
    }
    // lines `auto` still holds back (a short file) are decided now
    lines.end()
    yield lines.takeBatch()
  }

  close(): Promise<void> {
    return this.#input.close()
  }
}
