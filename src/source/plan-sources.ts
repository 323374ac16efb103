/**
 * The inputs of a run → the sources to read. Inputs are a set: they are
 * ranked in an order that does not depend on the order they were named in
 * (rotated sets oldest first, the sets by name, see input/rotation.ts); each
 * record's place is its input's rank, then its line. Unless a full scan is
 * asked for, each rotated set is read newest generation first and plain
 * files from their end, so that reading can stop once no earlier line can
 * change the result (select/select-from.ts). Stdin and gzip data cannot be
 * read backwards: they are read whole, as everything is under
 * `--full-scan`, and so are files under BACKWARD_MIN_BYTES.
 */

import type { OpenedInput } from '../input/open-inputs.js'
import type { LineSide } from '../input/window-range.js'
import { rotatedSets } from '../input/rotation.js'
import { BackwardSource } from './backward-source.js'
import { InputPlaces } from './batch.js'
import { ForwardSource } from './forward-source.js'
import { LogLines, type LogLinesContext } from './log-lines.js'
import type { BreakPolicy, RecordSource } from './record-source.js'
import { RotatedSet } from './rotated-set.js'
import type { ThreadedReading } from './threaded-reading.js'

/**
 * Below this a file is read whole, in about as long as `node` takes to start,
 * and its lines keep their numbers; a line found by reading from the end has
 * only a byte offset, since counting the lines before it means reading them.
 */
export const BACKWARD_MIN_BYTES = 4 * 1024 * 1024

/** `--order-tolerance` unless given: Apache stamps a line when the request starts but writes it when it ends. */
export const DEFAULT_ORDER_TOLERANCE = 60

export interface PlanOptions extends BreakPolicy {
  /** `--full-scan`: every line of every input, oldest input first. */
  fullScan: boolean
  /** Plain files at least this large are read from their end. */
  backwardMinBytes: number
  /** Lines may cost much (a config's many patterns): the event loop gets a turn now and then. */
  paced: boolean
  /** The run's workers and the sizes from which they read (threaded-reading.ts); null: all is read here, block by block. */
  threaded?: ThreadedReading | null
  /** Where a line lies against the search's time window (a token's second, --from/--until): files read from their end are bisected to it. */
  window?: LineSide | null
}

/**
 * The sources of `inputs`, in the order to read them. Under `--full-scan`,
 * every input, each rotated set oldest first. Otherwise a source per
 * rotated set (rotated-set.ts), newest generation first: the spine reads
 * them side by side (select/select-from.ts).
 */
export function planSources(inputs: readonly OpenedInput[], context: LogLinesContext, options: PlanOptions): RecordSource[] {
  const sets = rotatedSets(inputs.map((input) => input.label === 'stdin' ? '-' : input.label))
  let rank = 0
  const planned = sets.map((set) => set.map((i) => sourceOf(inputs[i] as OpenedInput, rank++, context, options)))
  if (options.fullScan) return planned.flat()
  return planned.map((members) => members.length === 1 ? members[0] as RecordSource : new RotatedSet(members.reverse()))
}

/** The source that reads `input`, ranked `rank` in the order of places: from its end when it is a plain file large enough, else from its start. */
function sourceOf(input: OpenedInput, rank: number, context: LogLinesContext, options: PlanOptions): RecordSource {
  const file = input.seekable
  const threaded = options.threaded ?? null
  if (!options.fullScan && file !== null && file.size >= options.backwardMinBytes) {
    return new BackwardSource(input, file, new LogLines(context, input.label, 'offsets', new InputPlaces(rank)), options, options.paced, threaded, rank,
      options.window ?? null)
  }
  return new ForwardSource(input, new LogLines(context, input.label, 'lines', new InputPlaces(rank)), options, options.paced, threaded, rank)
}
