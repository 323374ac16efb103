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

import { tsvEscape } from '../../clickhouse/tsv.js'
import type { Batch, Places } from '../../source/batch.js'

/** Room for a generation's byte offsets. */
export const GENERATION_SPAN = 2 ** 40
/** Generations a file may have, so a sequence number stays an exact number (below 2^53). */
export const MAX_GENERATION = 2 ** 12

/** A sequence number. */
export function sequence(generation: number, offset: number): number {
  return generation * GENERATION_SPAN + offset
}

/** Places for LogLines: ship's rows use none (the line's sequence number is in its offset). */
export const OFFSET_PLACES: Places = { of: (offset) => offset }

export function generationOf(seq: number): number {
  return Math.floor(seq / GENERATION_SPAN)
}

export function offsetOf(seq: number): number {
  return seq % GENERATION_SPAN
}

/** Bytes of one block of the buffer: a row (at most a line of 64 KiB, and its columns) fits in one. */
const BLOCK_BYTES = 1024 * 1024

/**
 * Rows waiting to be inserted, oldest first, held as the TabSeparated bytes
 * an insert sends (`time, host, file, seq, message`), in blocks off the
 * heap: a line's text is garbage as soon as its row is written, so holding
 * a batch while the server takes the last one costs the collector nothing.
 * Each row's file and sequence number are kept beside, for dropStored and
 * for an insert's query_id.
 */
export class RowBuffer {
  readonly #host: string
  #blocks: Buffer[] = []
  /** Bytes written into the last block. */
  #used = BLOCK_BYTES
  /** Per row, from #head on: its block (counted from #firstBlock), start and end in it, file, sequence number. */
  readonly #block: number[] = []
  readonly #start: number[] = []
  readonly #end: number[] = []
  readonly #file: string[] = []
  readonly #seq: number[] = []
  #head = 0
  #firstBlock = 0
  #bytes = 0

  constructor(host: string) {
    this.#host = tsvEscape(host)
  }

  get rows(): number {
    return this.#seq.length - this.#head
  }

  get bytes(): number {
    return this.#bytes
  }

  push(time: number, file: string, seq: number, message: string): void {
    this.#write(time, file, seq, tsvEscape(message))
  }

  /** The bytes of the first `count` rows (an insert's body); they stay until `drop`. */
  body(count: number): Buffer {
    const pieces: Buffer[] = []
    const last = Math.min(this.#head + count, this.#seq.length)
    for (let i = this.#head; i < last;) {
      const block = this.#block[i] as number
      let j = i
      while (j + 1 < last && this.#block[j + 1] === block) j++
      pieces.push((this.#blocks[block - this.#firstBlock] as Buffer).subarray(this.#start[i], this.#end[j]))
      i = j + 1
    }
    return Buffer.concat(pieces)
  }

  /** Each of the first `count` rows: its file and sequence number. */
  keys(count: number): { file: string; seq: number }[] {
    const keys: { file: string; seq: number }[] = []
    const last = Math.min(this.#head + count, this.#seq.length)
    for (let i = this.#head; i < last; i++) keys.push({ file: this.#file[i] as string, seq: this.#seq[i] as number })
    return keys
  }

  /** The files of the first `count` rows, each once, in the order they come. */
  files(count: number): string[] {
    const files = new Set<string>()
    const last = Math.min(this.#head + count, this.#seq.length)
    let previous: string | undefined
    for (let i = this.#head; i < last; i++) {
      const file = this.#file[i] as string
      if (file !== previous) files.add(file)
      previous = file
    }
    return [...files]
  }

  /** The sequence number of the first row; -1 when none is held. */
  firstSeq(): number {
    return this.#head < this.#seq.length ? (this.#seq[this.#head] as number) : -1
  }

  /** Forgets the first `count` rows (inserted); blocks no row lies in any more are let go. */
  drop(count: number): void {
    const last = Math.min(this.#head + count, this.#seq.length)
    for (let i = this.#head; i < last; i++) this.#bytes -= (this.#end[i] as number) - (this.#start[i] as number)
    this.#head = last
    const keepFrom = this.#head < this.#seq.length ? (this.#block[this.#head] as number) : this.#firstBlock + this.#blocks.length - 1
    const gone = Math.max(0, keepFrom - this.#firstBlock)
    if (gone > 0) {
      this.#blocks.splice(0, gone)
      this.#firstBlock += gone
    }
    if (this.#head > 4096 && this.#head * 2 > this.#seq.length) this.#compact()
  }

  /** Forgets the rows the table holds already: for each file and generation, those up to the last stored sequence number. */
  dropStored(stored: (file: string, generation: number) => number | null): void {
    const kept: { time: number; file: string; seq: number; message: string }[] = []
    for (let i = this.#head; i < this.#seq.length; i++) {
      const file = this.#file[i] as string
      const seq = this.#seq[i] as number
      const last = stored(file, generationOf(seq))
      if (last !== null && seq <= last) continue
      const fields = (this.#blocks[(this.#block[i] as number) - this.#firstBlock] as Buffer).toString('utf8', this.#start[i], (this.#end[i] as number) - 1).split('\t')
      // the message, as written (escaped: it holds no TAB)
      kept.push({ time: Number(fields[0]), file, seq, message: fields.slice(4).join('\t') })
    }
    this.#blocks = []
    this.#used = BLOCK_BYTES
    this.#head = this.#seq.length
    this.#compact()
    this.#firstBlock = 0
    this.#bytes = 0
    for (const row of kept) this.#write(row.time, row.file, row.seq, row.message)
  }

  #write(time: number, file: string, seq: number, escapedMessage: string): void {
    const text = `${time}\t${this.#host}\t${tsvEscape(file)}\t${seq}\t${escapedMessage}\n`
    const length = Buffer.byteLength(text)
    if (this.#used + length > BLOCK_BYTES) {
      this.#blocks.push(Buffer.allocUnsafe(Math.max(BLOCK_BYTES, length)))
      this.#used = 0
    }
    const block = this.#blocks.length - 1
    ;(this.#blocks[block] as Buffer).write(text, this.#used)
    this.#block.push(this.#firstBlock + block)
    this.#start.push(this.#used)
    this.#used += length
    this.#end.push(this.#used)
    this.#file.push(file)
    this.#seq.push(seq)
    this.#bytes += length
  }

  /** The rows before #head leave the lists. */
  #compact(): void {
    for (const list of [this.#block, this.#start, this.#end, this.#file, this.#seq] as unknown[][]) list.splice(0, this.#head)
    this.#head = 0
  }
}

/** The valid lines a stream's LogLines read since asked last (a reader of lines: gate null), into `buffer` as rows of `file`; says how many. */
export function bufferLines(batch: Batch, file: string, buffer: RowBuffer): number {
  const lines = batch.lines ?? []
  for (const line of lines) buffer.push(Math.floor(line.time / 1000), file, line.start, line.text)
  return lines.length
}
