/**
 * One input read whole, from its first line: stdin, gzip data, files under
 * the size for reading from the end, and every input under `--full-scan`.
 * An input that cannot be read to its end (a truncated or corrupt .gz, a
 * read error, a file that shrank under us) is an input error; with
 * `--partial-ok` the lines read before the break count, one warning says so,
 * and the scan goes on (see passOverBreak).
 */

import { forEachLine } from '../input/lines.js'
import type { OpenedInput } from '../input/open-inputs.js'
import { isReadError } from '../input/read-error.js'
import { inputReader } from './input-reader.js'
import { pacedChunks } from './paced-chunks.js'
import { newestHooks, passOverBreak, type InputReadOptions, type InputSeen, type ScanState } from './scan-state.js'

const read = async (input: OpenedInput, rank: number, state: ScanState, options: InputReadOptions): Promise<InputSeen> => {
  const hooks = newestHooks(state, rank, options.toleranceMs)
  const reader = inputReader(state.read, input.label, { skipped: state.skipped, note: state.note, gate: hooks.gate, record: hooks.record })
  const counted = state.progress.bytes
  const poll = setInterval(() => {
    state.progress.bytes = counted + input.bytesRead()
  }, 100)
  try {
    const chunks = state.costlyLines === true ? pacedChunks(input.chunks()) : input.chunks()
    await forEachLine(chunks, input.label, reader.line, reader.tooLong)
  } catch (e) {
    // --partial-ok: the lines read before the break count, also those `auto` still holds back.
    if (options.partialOk && isReadError(e)) reader.end()
    throw e
  } finally {
    clearInterval(poll)
    state.progress.bytes = counted + input.bytesRead()
  }
  reader.end()
  return hooks.seen
}

/** Reads the input at `rank` in the age order into the scan; returns what its lines showed (nothing when it broke off under `--partial-ok`). */
export const readForwards = async (input: OpenedInput, rank: number, state: ScanState, options: InputReadOptions): Promise<InputSeen | null> => {
  const before = state.skipped.lines
  try {
    return await read(input, rank, state, options)
  } catch (e) {
    passOverBreak(e, options, state.skipped.lines - before)
    return null
  }
}
