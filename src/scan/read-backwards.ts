/**
 * One plain file read from its end into the scan: lines go through the same
 * reader and hooks as forward reading (format probing, skipped-line counts),
 * and reading stops as soon as a line is stamped at least the order
 * tolerance before the N-th newest record kept. Everything before that line
 * was written earlier, so it was stamped no later than that line plus the
 * tolerance, and cannot be among the newest N (between equal times the
 * later line wins, and it is already kept). A file that shrinks while it is
 * read is an input error (or, with `--partial-ok`, keeps the newest lines
 * read before; see passOverBreak). The read of each block gives the event
 * loop a turn, in which a stop signal is heard; so blocks are small when
 * lines may cost much (ScanState.costlyLines).
 */

import { forEachLineBackward } from '../input/backward-lines.js'
import type { OpenedInput, SeekableFile } from '../input/open-inputs.js'
import { asInputError, isReadError } from '../input/read-error.js'
import { inputReader } from './input-reader.js'
import { PIECE_BYTES } from './paced-chunks.js'
import { newestHooks, passOverBreak, type InputReadOptions, type ScanState } from './scan-state.js'

/** Returns whether reading stopped early (older inputs need not be read). */
export const readBackwards = async (
  input: OpenedInput,
  file: SeekableFile,
  rank: number,
  state: ScanState,
  options: InputReadOptions,
): Promise<boolean> => {
  const hooks = newestHooks(state, rank, options.toleranceMs)
  const { seen } = hooks
  const reader = inputReader(state.read, input.label, { skipped: state.skipped, note: state.note, gate: hooks.gate, record: hooks.record })
  const counted = state.progress.bytes
  const before = state.skipped.lines
  try {
    const { stopped } = await forEachLineBackward(file.handle, file.size, {
      onLine: (line, offset) => {
        reader.lineAt(line, offset)
        return !seen.certain
      },
      onTooLong: (offset, head) => {
        reader.tooLongAt(head, offset)
        return !seen.certain
      },
      onBlock: (bytes) => {
        state.progress.bytes = counted + bytes
      },
    }, { blockSize: state.costlyLines === true ? PIECE_BYTES : undefined })
    // Lines `auto` still holds back (a short read) are decided now.
    reader.end()
    return stopped || seen.certain
  } catch (e) {
    const error = asInputError(e, input.label, false)
    if (options.partialOk && isReadError(error)) reader.end()
    passOverBreak(error, options, state.skipped.lines - before)
    return false
  } finally {
    await input.close()
  }
}
