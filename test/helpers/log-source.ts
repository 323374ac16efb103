/** Inputs and line contexts for the tests of the sources (src/source/), held in memory. */

import type { LinePiece } from '../../src/input/line-pieces.js'
import type { OpenedInput } from '../../src/input/open-inputs.js'
import type { InputStretch, OlderPart, ReadSoFar, ThreadedReading, ThreadSizes } from '../../src/source/threaded-reading.js'
import { parseLogFormat } from '../../src/parse/format/log-format-option.js'
import type { LogLinesContext } from '../../src/source/log-lines.js'
import { DEFAULT_READ_OPTIONS, readSettings } from '../../src/source/read-settings.js'
import type { LineFacts } from '../../src/parse/record/access-record.js'
import type { AccessRecord } from '../../src/record.js'
import type { Batch, RecordSink } from '../../src/source/batch.js'
import type { RecordGate } from '../../src/source/record-reader.js'
import { SkippedLines } from '../../src/source/skipped-lines.js'
import { NewestLine } from '../../src/source/newest-line.js'
import { clfTime, combinedLine, timeAt } from './log-line.js'

export { clfTime, timeAt } from './log-line.js'

/** A combined line from 192.0.2.`n`, logged at `timeAt(second)`. */
export const logLine = (n: number, second: number, status = 200): string =>
  combinedLine({ ip: `192.0.2.${n}`, time: clfTime(timeAt(second)), url: `/p${n}`, status, bytes: 3, userAgent: 'curl' })

/** An input whose chunks are these texts; an Error among them is thrown when reading gets there. */
export interface MemoryInput {
  input: OpenedInput
  /** How often close() was called. */
  closed: { count: number }
}

export const memoryInput = (label: string, chunks: readonly (string | Error)[]): MemoryInput => {
  const read = { bytes: 0 }
  const closed = { count: 0 }
  async function* bytes(): AsyncGenerator<Buffer> {
    for (const chunk of chunks) {
      if (chunk instanceof Error) throw chunk
      read.bytes += Buffer.byteLength(chunk)
      yield Buffer.from(chunk)
    }
  }
  return {
    input: {
      label, chunks: bytes, bytesRead: () => read.bytes, seekable: null, stream: false,
      close: () => {
        closed.count++
        return Promise.resolve()
      },
    },
    closed,
  }
}

/** A read error as the system gives it. */
export const ioError = (): NodeJS.ErrnoException => Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO', errno: -5, syscall: 'read' })

/**
 * A selection that keeps every item it is handed (unless told not to), with
 * its place, in the order handed: what a source's records became.
 */
export class RecordingSelection<T = AccessRecord> implements RecordGate, RecordSink<T> {
  readonly kept: { item: T; place: number }[] = []
  readonly #gate: RecordGate
  readonly #keeps: (item: T) => boolean

  constructor(gate: RecordGate = { admits: () => true }, keeps: (item: T) => boolean = () => true) {
    this.#gate = gate
    this.#keeps = keeps
  }

  admits(facts: LineFacts): boolean {
    return this.#gate.admits(facts)
  }

  keep(item: T, place: number): boolean {
    if (!this.#keeps(item)) return false
    this.kept.push({ item, place })
    return true
  }

  /** The items kept since the last call (and their places), taken. */
  take(): { items: T[]; places: number[] } {
    const taken = this.kept.splice(0)
    return { items: taken.map((k) => k.item), places: taken.map((k) => k.place) }
  }
}

export interface LinesContext {
  context: LogLinesContext
  selection: RecordingSelection
  skipped: SkippedLines
  notes: string[]
}

/** The context of a run's lines: `format` fixed (`combined`) or `auto`, every line admitted unless a gate is given. */
export const linesContext = (format: 'auto' | 'combined' = 'combined', gate: RecordGate = { admits: () => true }): LinesContext => {
  const notes: string[] = []
  const skipped = new SkippedLines()
  const selection = new RecordingSelection(gate)
  const settings = readSettings({ ...DEFAULT_READ_OPTIONS, logTz: 'UTC', ...(format === 'auto' ? {} : { logFormat: parseLogFormat(format) }) })
  return { context: { settings, gate: selection, skipped, note: (line) => notes.push(line), newest: new NewestLine() }, selection, skipped, notes }
}

/** A ThreadedReading whose stretches read elsewhere are only recorded (what the sources hand over, and when). */
export interface RecordedElsewhere {
  threaded: ThreadedReading
  /** Each call of `pieces`: the input, where its rest starts, and the pieces sent. */
  pieces: { input: InputStretch; from: ReadSoFar; sent: LinePiece[] }[]
  ranges: { input: InputStretch; part: OlderPart }[]
}

/** `batches`: what a stretch read elsewhere gives back, its lines counted as `linesRead` (`bytesRead` for ranges). */
export const recordedElsewhere = (sizes: Partial<ThreadSizes>, batches: Batch[] = [], linesRead = 0, failure: Error | null = null): RecordedElsewhere => {
  const recorded: RecordedElsewhere = { pieces: [], ranges: [], threaded: null as unknown as ThreadedReading }
  recorded.threaded = {
    minBytes: 0, backwardBytes: 0, rangeBytes: 1000, pieceBytes: 100, ...sizes,
    pieces: (input, from) => {
      const sent: LinePiece[] = []
      recorded.pieces.push({ input, from, sent })
      return {
        linesRead,
        send: (piece) => {
          sent.push(piece)
          return Promise.resolve()
        },
        buffer: (bytes) => Buffer.allocUnsafeSlow(bytes),
        taken: () => [],
        rest: async function* () {
          yield* batches
        },
      }
    },
    ranges: (input, part) => {
      recorded.ranges.push({ input, part })
      return {
        linesRead,
        bytesRead: 500,
        batches: async function* () {
          yield* batches
          if (failure) throw failure
        },
      }
    },
  }
  return recorded
}
