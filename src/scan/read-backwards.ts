/**
 * One plain file read from its end into the scan: lines go through the same
 * reader as forward reading (format probing, skipped-line counts), and
 * reading stops as soon as a parsed line is stamped at least the order
 * tolerance before the N-th newest record kept. Everything before that line
 * was written earlier, so it was stamped no later than that line plus the
 * tolerance, and cannot be among the newest N (between equal times the
 * later line wins, and it is already kept).
 */

import { inputReader } from './input-reader.js'
import type { AccessRecord } from '../record.js'
import type { ScanState } from './scan-inputs.js'
import { forEachLineBackward } from '../input/backward-lines.js'
import type { OpenedInput, SeekableFile } from '../input/open-inputs.js'

/** Returns whether reading stopped early (older inputs need not be read). */
export const backwardReader = async (
  input: OpenedInput,
  file: SeekableFile,
  base: number,
  state: ScanState,
  tolerance: number,
): Promise<boolean> => {
  const { accepts, newest } = state
  let certain = false
  const reader = inputReader(state.read, input.label, {
    skipped: state.skipped,
    note: state.note,
    gate: (facts) => {
      const keep = newest.wouldKeep(facts.time) && accepts.facts(facts)
      const threshold = newest.threshold
      if (!keep && threshold !== null && facts.time + tolerance <= threshold) certain = true
      return keep
    },
    record: (record: AccessRecord) => {
      if (accepts.afterFacts(record)) newest.push(record, base + (record.byteOffset ?? 0))
      const threshold = newest.threshold
      if (threshold !== null && record.time + tolerance <= threshold) certain = true
    },
  })
  const counted = state.progress.bytes
  try {
    const { stopped } = await forEachLineBackward(file.handle, file.size, {
      onLine: (line, offset) => {
        reader.lineAt(line, offset)
        return !certain
      },
      onTooLong: (offset, head) => {
        reader.tooLongAt(head, offset)
        return !certain
      },
      onBlock: (bytes) => {
        state.progress.bytes = counted + bytes
      },
    })
    // Lines `auto` still holds back (a short read) are decided now.
    reader.end()
    return stopped || certain
  } finally {
    await input.close()
  }
}
