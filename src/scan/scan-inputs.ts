/**
 * Inputs → the newest N accepted records. Inputs are taken in age order
 * (rotated sets oldest first, see input/rotation.ts). Unless a full scan is
 * asked for, they are read newest first and plain files from their end, and
 * reading stops once no earlier line can be among the newest N: a line
 * stamped more than the order tolerance before the N-th newest kept record
 * means every earlier line is older than that record too. Stdin and gzip
 * data cannot be read backwards; they are read whole, as everything is under
 * `--full-scan`. Files under BACKWARD_MIN_BYTES are read whole too.
 */

import type { OpenedInput } from '../input/open-inputs.js'
import { oldestFirst } from '../input/rotation.js'
import { readBackwards } from './read-backwards.js'
import { readForwards } from './read-forwards.js'
import type { InputReadOptions, ScanState } from './scan-state.js'

export interface ScanOptions {
  /** Read every line of every input (`--full-scan`). */
  fullScan: boolean
  /** Seconds a line may be stamped earlier than a line before it (`--order-tolerance`). */
  toleranceSeconds: number
  /** `--partial-ok`: an input that breaks off keeps the lines read before the break. */
  partialOk: boolean
  /** Where the `--partial-ok` warning goes. */
  warn: (line: string) => void
  /** Plain files at least this large are read from their end; smaller ones whole, keeping line numbers. */
  backwardMinBytes: number
}

/**
 * Below this a file is read whole, in about as long as `node` takes to start,
 * and its lines keep their numbers; a line found by reading from the end has
 * only a byte offset, since counting the lines before it means reading them.
 */
export const BACKWARD_MIN_BYTES = 4 * 1024 * 1024

/** `--order-tolerance` unless given: Apache stamps a line when the request starts but writes it when it ends. */
export const DEFAULT_ORDER_TOLERANCE = 60

/** Fills `state.newest` from the inputs. */
export const scanInputs = async (inputs: readonly OpenedInput[], state: ScanState, options: ScanOptions): Promise<void> => {
  const order = oldestFirst(inputs.map((input) => input.label === 'stdin' ? '-' : input.label))
  const toleranceMs = options.toleranceSeconds * 1000
  const reading: InputReadOptions = { toleranceMs, partialOk: options.partialOk, warn: options.warn }

  if (options.fullScan) {
    for (const [rank, i] of order.entries()) await readForwards(inputs[i] as OpenedInput, rank, state, reading)
    return
  }
  const newestFirst = [...order.entries()].reverse()
  for (let k = 0; k < newestFirst.length; k++) {
    const [rank, i] = newestFirst[k] as [number, number]
    const input = inputs[i] as OpenedInput
    let stopped: boolean
    if (input.seekable && input.seekable.size >= options.backwardMinBytes) {
      stopped = await readBackwards(input, input.seekable, rank, state, reading)
    } else {
      // Read whole; older inputs are still skipped when even its first line is old enough.
      const firstTime = (await readForwards(input, rank, state, reading))?.firstTime ?? null
      const threshold = state.newest.threshold
      stopped = firstTime !== null && threshold !== null && firstTime + toleranceMs <= threshold
    }
    if (stopped) {
      // Nothing in an older input can be among the newest N.
      for (const [, older] of newestFirst.slice(k + 1)) await (inputs[older] as OpenedInput).close()
      state.note(`${input.label}: stopped reading, the newest ${state.newest.limit} are certain${newestFirst.length > k + 1 ? `; ${newestFirst.length - k - 1} older input(s) not read` : ''}`)
      return
    }
  }
}
