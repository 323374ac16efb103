/**
 * What a watch follows once the page is built: each live log and notices
 * file by its name (input/follow-file.ts), each stream until its writer
 * ends. Their lines go into the newest-N heap (logs) or the notices, through
 * one reader per input; history (.gz, access.log.1) is not followed.
 */

import { inputError, isUserError } from '../errors.js'
import { FileFollower, type FollowMessages, type FollowTiming } from '../input/follow-file.js'
import { forEachLine } from '../input/lines.js'
import type { LineSink } from '../input/line-splitter.js'
import type { OpenedInput } from '../input/open-inputs.js'
import type { WatchedInput } from '../input/watched-inputs.js'
import type { NoticeCollector } from '../notices/read-notices.js'
import { arrivalReader, readStream } from '../scan/read-arrivals.js'
import type { ScanState } from '../scan/scan-state.js'

/** One input followed. */
export interface Followed {
  readonly label: string
  /**
   * Reads what is new since the last poll. Throws a user error when the
   * input cannot be read on (a stream broke off, lines that are no log):
   * the caller then says so and closes it.
   */
  poll: () => Promise<void>
  /** Nothing more can come: a stream whose writer ended. */
  readonly ended: () => boolean
  close: () => Promise<void>
}

export interface FollowContext {
  /** The scan's state, with the heap the lines go into. */
  state: ScanState
  /** The place of each record that arrives (see scan-state.ts placesAfterScan). */
  place: () => number
  /** Told when the listing may have changed: a record was kept, a notices line came. */
  changed: () => void
  notices: NoticeCollector
  messages: FollowMessages
  timing: FollowTiming
}

/** Lines, and what to do when the input pauses. */
type FollowSink = LineSink & { settle: () => void }

const followedFile = async (input: Extract<WatchedInput, { kind: 'live' }>, sink: FollowSink, context: FollowContext): Promise<Followed> => {
  const follower = new FileFollower(input.label, input.path, sink, context.messages, context.timing)
  await follower.start(input.start)
  return {
    label: input.label,
    poll: async () => {
      await follower.poll()
      sink.settle()
    },
    ended: () => false,
    close: () => follower.close(),
  }
}

/**
 * A stream, read in the background from the first poll on (the scan is
 * over by then, so its lines come after the scan's); `poll` hands on how it
 * ended.
 */
const followedStream = (input: OpenedInput, read: () => Promise<void>, settle: () => void): Followed => {
  let reading: Promise<void> | null = null
  let ended = false
  let failure: Error | null = null
  return {
    label: input.label,
    poll: () => {
      reading ??= read().then(() => {
        ended = true
      }, (e: unknown) => {
        ended = true
        failure = e instanceof Error ? e : new Error(String(e))
      })
      settle()
      if (failure === null) return Promise.resolve()
      const e = failure
      failure = null
      return Promise.reject(e)
    },
    ended: () => ended && failure === null,
    close: () => Promise.resolve(),
  }
}

/** An access log, followed into the heap; null for history. */
export const followLog = async (input: WatchedInput, context: FollowContext): Promise<Followed | null> => {
  if (input.kind === 'history') return null
  const label = input.kind === 'live' ? input.label : input.input.label
  const reader = arrivalReader(context.state, label, context.place, context.changed)
  if (input.kind === 'stream') return followedStream(input.input, () => readStream(input.input, reader), reader.settle)
  return followedFile(input, { line: reader.lineAt, tooLong: reader.tooLongAt, settle: reader.settle }, context)
}

/** A notices file, followed into the notices; null for history. */
export const followNotices = async (input: WatchedInput, context: FollowContext): Promise<Followed | null> => {
  if (input.kind === 'history') return null
  const lines = context.notices.lines()
  const line = (text: string, start: number): void => {
    lines.line(text, start)
    context.changed()
  }
  if (input.kind === 'live') return followedFile(input, { line, tooLong: lines.tooLong, settle: lines.settle }, context)
  const read = () => forEachLine(input.input.chunks(), input.input.label, line, lines.tooLong).then(lines.end, (e: unknown) => {
    throw isUserError(e) ? inputError(`--notices: ${e.message}`, e.hint) : e
  })
  return followedStream(input.input, read, lines.settle)
}
