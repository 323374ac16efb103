/**
 * Lines that arrive after the scan (a watch follows its logs) go into the
 * same newest-N heap as the scan's, through the same reader (format choice,
 * skipped-line counts), each placed after every line read before it.
 */

import { forEachLine } from '../input/lines.js'
import type { OpenedInput } from '../input/open-inputs.js'
import { inputReader, type InputReader } from './input-reader.js'
import { arrivalHooks, type ScanState } from './scan-state.js'

/** The reader of one followed input: `place` gives each record its place, `kept` hears of each record the heap keeps. */
export const arrivalReader = (state: ScanState, label: string, place: () => number, kept: () => void): InputReader =>
  inputReader(state.read, label, { skipped: state.skipped, note: state.note, ...arrivalHooks(state, place, kept) })

/**
 * A stream (stdin, a FIFO; gzip data too) read as it comes, until its writer
 * ends: its lines, numbered from 1, into the reader (the caller settles it
 * now and then, see InputReader.settle). Rejects with an input error when it
 * breaks off, or with what the reader threw (not a log).
 */
export const readStream = async (input: OpenedInput, reader: InputReader): Promise<void> => {
  await forEachLine(input.chunks(), input.label, (line) => reader.line(line), (head) => reader.tooLong(head))
  reader.end()
}
