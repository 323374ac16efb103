/**
 * One input of `merge` as a source (see source/record-source.ts): its NDJSON
 * lines read back into rows, batch by batch, under the byte cap for rows; a
 * line that is not a row is skipped and counted, as `build` counts log
 * lines. Equal instants keep the order read (inputs as named, top to
 * bottom): each row's place is smaller than the place of the row before it,
 * so the row read first wins.
 */

import { dataError } from '../errors.js'
import type { LineSink } from '../input/line-splitter.js'
import { splitLines } from '../input/lines.js'
import type { OpenedInput } from '../input/open-inputs.js'
import type { SchemaValidators } from '../row-format.js'
import { emptyBatch, type Batch } from '../source/batch.js'
import { FormatProbe, noLineOf } from '../source/format-probe.js'
import type { RecordSource, UnreadPart } from '../source/record-source.js'
import type { SkippedLines } from '../source/skipped-lines.js'
import { MAX_ROW_LENGTH, readRow, type ReadRow, type RowSkipReason } from './read-row.js'

const ROW_LINE = 'a row written by profiler-search build --emit ndjson'

/** What the rows of every input of a merge share. */
export interface RowContext {
  isRow: SchemaValidators['row']
  skipped: SkippedLines<RowSkipReason>
  /** Rows read so far, over all inputs: each row's place is minus its count. */
  read: { rows: number }
}

/** The lines of one input → a batch of rows. */
class RowLines implements LineSink {
  readonly #label: string
  readonly #context: RowContext
  readonly #probe: FormatProbe
  #lineNo = 0
  #batch: Batch<ReadRow> = emptyBatch()

  constructor(label: string, context: RowContext) {
    this.#label = label
    this.#context = context
    this.#probe = new FormatProbe((checked, first) => dataError(
      `${label}: ${noLineOf(checked, first, `is ${ROW_LINE}`, `is not ${ROW_LINE}`)}`,
      'merge reads the output of build --emit ndjson',
    ))
  }

  line(text: string): void {
    this.#lineNo++
    if (text.trim() === '') return
    const { skipped } = this.#context
    skipped.lines++
    const result = readRow(text, this.#context.isRow)
    if (typeof result === 'string') skipped.add(result, { source: this.#label, line: this.#lineNo })
    else this.#batch.records.push([result, -this.#context.read.rows++])
    this.#probe.saw(typeof result !== 'string', text)
  }

  /** A line over MAX_ROW_LENGTH: skipped as `line too long`, never held whole. */
  tooLong(head: string): void {
    this.#lineNo++
    this.#context.skipped.lines++
    this.#context.skipped.add('line too long', { source: this.#label, line: this.#lineNo })
    this.#probe.saw(false, head)
  }

  takeBatch(): Batch<ReadRow> {
    const batch = this.#batch
    this.#batch = emptyBatch()
    return batch
  }

  end(): void {
    this.#probe.end()
  }
}

export class RowSource implements RecordSource<ReadRow> {
  readonly #input: OpenedInput
  readonly #lines: RowLines

  constructor(input: OpenedInput, context: RowContext) {
    this.#input = input
    this.#lines = new RowLines(input.label, context)
  }

  get label(): string {
    return this.#input.label
  }

  bytesRead(): number {
    return this.#input.bytesRead()
  }

  /** Rows are read from the start of the file: any row not read yet may be the newest (merge reads them all). */
  unread(): UnreadPart {
    return { before: Infinity, placesBelow: Infinity }
  }

  async *batches(): AsyncGenerator<Batch<ReadRow>> {
    for await (const _ of splitLines(this.#input.chunks(), this.label, this.#lines, MAX_ROW_LENGTH)) yield this.#lines.takeBatch()
    this.#lines.end()
  }

  close(): Promise<void> {
    return this.#input.close()
  }
}
