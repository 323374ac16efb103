/**
 * The rows `ship` sends: each line our parser reads, with the time it read
 * (whole seconds), the line's sequence number and the line as read. A
 * stream's lines go through the same LogLines as a build's (formats,
 * `auto`, skipped-line counts); the "selection" here takes every line that
 * parses, into one FIFO buffer for all streams. Lines that do not parse are
 * not shipped (they are counted, as a build counts them).
 *
 * A line's sequence number: its generation × 2^40 + its byte offset in the
 * generation's file (schema/clickhouse.sql). LogLines numbers lines by the
 * offset it is handed, so the generation rides in that offset.
 */

import type { LineFacts } from '../../parse/record/access-record.js'
import type { AccessRecord } from '../../record.js'
import type { RecordSink } from '../../source/batch.js'
import type { RecordGate } from '../../source/record-reader.js'

/** Room for a generation's byte offsets. */
export const GENERATION_SPAN = 2 ** 40
/** Generations a file may have, so a sequence number stays an exact number (below 2^53). */
export const MAX_GENERATION = 2 ** 12

export interface ShipRow {
  /** The line's own time, epoch seconds. */
  time: number
  file: string
  seq: number
  message: string
}

/** A sequence number. */
export function sequence(generation: number, offset: number): number {
  return generation * GENERATION_SPAN + offset
}

export function generationOf(seq: number): number {
  return Math.floor(seq / GENERATION_SPAN)
}

export function offsetOf(seq: number): number {
  return seq % GENERATION_SPAN
}

/** Rows waiting to be inserted, oldest first; what it holds is counted, so a reader can stop before it holds too much. */
export class RowBuffer {
  #rows: ShipRow[] = []
  #bytes = 0

  get rows(): number {
    return this.#rows.length
  }

  get bytes(): number {
    return this.#bytes
  }

  push(row: ShipRow): void {
    this.#rows.push(row)
    this.#bytes += row.message.length + row.file.length + 32
  }

  /** The first `count` rows, left in the buffer until `drop`. */
  first(count: number): ShipRow[] {
    return this.#rows.slice(0, count)
  }

  /** Forgets the first `count` rows (inserted). */
  drop(count: number): void {
    for (const row of this.#rows.splice(0, count)) this.#bytes -= row.message.length + row.file.length + 32
  }

  /** Forgets the rows the table holds already: for each file and generation, those up to the last stored sequence number. */
  dropStored(stored: (file: string, generation: number) => number | null): void {
    const keep: ShipRow[] = []
    this.#bytes = 0
    for (const row of this.#rows) {
      const last = stored(row.file, generationOf(row.seq))
      if (last !== null && row.seq <= last) continue
      keep.push(row)
      this.#bytes += row.message.length + row.file.length + 32
    }
    this.#rows = keep
  }
}

/** One stream's "selection": every line that parses becomes a row in the buffer. */
export class StreamRows implements RecordGate, RecordSink {
  constructor(private readonly file: string, private readonly buffer: RowBuffer) {}

  admits(_facts: LineFacts): boolean {
    return true
  }

  keep(record: AccessRecord): boolean {
    this.buffer.push({ time: Math.floor(record.time / 1000), file: this.file, seq: record.byteOffset ?? 0, message: record.raw })
    return false
  }
}
