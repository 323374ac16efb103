/**
 * One input read whole, from its first line: stdin, gzip data, files under
 * the size for reading from the end, and every input under `--full-scan`.
 * An input that cannot be read to its end (a truncated or corrupt .gz, a
 * read error, a file that shrank under us) is an input error; with
 * `--partial-ok` the lines read before the break count and one warning says
 * so (see BreakPolicy).
 */

import { splitLines } from '../input/lines.js'
import type { OpenedInput } from '../input/open-inputs.js'
import { isReadError } from '../input/read-error.js'
import type { Batch } from './batch.js'
import type { LogLines } from './log-lines.js'
import { pacedChunks } from './paced-chunks.js'
import { partialWarning, type BreakPolicy, type RecordSource } from './record-source.js'

export class ForwardSource implements RecordSource {
  readonly newestFirst = false
  readonly #input: OpenedInput
  readonly #lines: LogLines
  readonly #policy: BreakPolicy
  readonly #paced: boolean

  /** `paced`: lines may cost much (a config's many patterns), so the event loop gets a turn now and then (paced-chunks.ts). */
  constructor(input: OpenedInput, lines: LogLines, policy: BreakPolicy, paced: boolean) {
    this.#input = input
    this.#lines = lines
    this.#policy = policy
    this.#paced = paced
  }

  get label(): string {
    return this.#input.label
  }

  bytesRead(): number {
    return this.#input.bytesRead()
  }

  /** A batch per chunk read; the last holds what `auto` still held back. */
  async *batches(): AsyncGenerator<Batch> {
    const lines = this.#lines
    try {
      const chunks = this.#paced ? pacedChunks(this.#input.chunks()) : this.#input.chunks()
      for await (const _ of splitLines(chunks, this.label, lines)) yield lines.takeBatch()
    } catch (e) {
      if (!this.#policy.partialOk || !isReadError(e)) throw e
      // the lines read before the break count, also those `auto` still holds back
      lines.end()
      this.#policy.warn(partialWarning(e.message, lines.linesRead))
      yield lines.takeBatch()
      return
    }
    lines.end()
    yield lines.takeBatch()
  }

  close(): Promise<void> {
    return this.#input.close()
  }
}
