/** Inputs and line contexts for the tests of the sources (src/source/), held in memory. */

import type { OpenedInput } from '../../src/input/open-inputs.js'
import { parseLogFormat } from '../../src/parse/format/log-format-option.js'
import type { LogLinesContext } from '../../src/source/log-lines.js'
import { DEFAULT_READ_OPTIONS, readSettings } from '../../src/source/read-settings.js'
import type { RecordGate } from '../../src/source/record-reader.js'
import { SkippedLines } from '../../src/source/skipped-lines.js'

/** The epoch milliseconds of 22 Nov 2026, 10:00 plus `second` seconds, UTC. */
export const timeAt = (second: number): number => Date.UTC(2026, 10, 22, 10, 0, 0) + second * 1000

/** A combined line from 192.0.2.`n`, logged at `timeAt(second)`. */
export const logLine = (n: number, second: number, status = 200): string => {
  const at = new Date(timeAt(second))
  const clock = [at.getUTCHours(), at.getUTCMinutes(), at.getUTCSeconds()].map((v) => String(v).padStart(2, '0')).join(':')
  return `192.0.2.${n} - - [22/Nov/2026:${clock} +0000] "GET /p${n} HTTP/1.1" ${status} 3 "-" "curl"`
}

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

export interface LinesContext {
  context: LogLinesContext
  skipped: SkippedLines
  notes: string[]
}

/** The context of a run's lines: `format` fixed (`combined`) or `auto`, every line admitted unless a gate is given. */
export const linesContext = (format: 'auto' | 'combined' = 'combined', gate: RecordGate = { admits: () => true }): LinesContext => {
  const notes: string[] = []
  const skipped = new SkippedLines()
  const settings = readSettings({ ...DEFAULT_READ_OPTIONS, logTz: 'UTC', ...(format === 'auto' ? {} : { logFormat: parseLogFormat(format) }) })
  return { context: { settings, gate, skipped, note: (line) => notes.push(line) }, skipped, notes }
}
