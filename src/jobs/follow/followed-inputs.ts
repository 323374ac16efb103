/**
 * What a watch follows once the first page is built: each live log and
 * notices file by its name (input/follow-file.ts), each stream until its
 * writer ends; history (.gz, access.log.1) is not followed. A log's lines go
 * into a LogLines of its own, as in the scan, and each poll hands the batch
 * they made to the selection: the same spine as `build`, again on each
 * change. A notices file's lines go into the notices.
 */

import { usageError, isUserError } from '../../errors.js'
import { FileFollower, type FollowMessages, type FollowTiming } from '../../input/follow-file.js'
import type { LineSink } from '../../input/line-splitter.js'
import { forEachLine } from '../../input/lines.js'
import type { OpenedInput } from '../../input/open-inputs.js'
import type { WatchedInput } from '../../input/watched-inputs.js'
import type { NoticeCollector, NoticeLines } from '../../notices/read-notices.js'
import { keepBatch, type Places, type RecordSink } from '../../source/batch.js'
import { LogLines, type LogLinesContext } from '../../source/log-lines.js'

/** One input followed. */
export interface Followed {
  readonly label: string
  /**
   * Reads what is new since the last poll; says whether what the page shows
   * may have changed (a record was kept, a notices line came). Throws a user
   * error when the input cannot be read on (a stream broke off, lines that
   * are no log): the caller then says so and closes it.
   */
  poll(): Promise<boolean>
  /** Nothing more can come: a stream whose writer ended. */
  ended(): boolean
  close(): Promise<void>
}

export interface FollowContext {
  /** The context of the lines read while following: the selection's gate, their own skipped-line counts. */
  lines: LogLinesContext
  /** The selection the scan filled: what the followed logs gain goes into it. */
  selection: RecordSink
  /** The places of records read from now on, after every place of the scan. */
  places: Places
  notices: NoticeCollector
  messages: FollowMessages
  timing: FollowTiming
}

/** A live file, by its name; `settle` after each poll (the input paused). */
class FollowedFile {
  readonly #follower: FileFollower
  readonly #settle: () => void

  constructor(input: Extract<WatchedInput, { kind: 'live' }>, sink: LineSink, settle: () => void, context: FollowContext) {
    this.#follower = new FileFollower(input.label, input.path, sink, context.messages, context.timing)
    this.#settle = settle
  }

  get label(): string {
    return this.#follower.label
  }

  async start(input: Extract<WatchedInput, { kind: 'live' }>): Promise<void> {
    await this.#follower.start(input.start)
  }

  async poll(): Promise<void> {
    await this.#follower.poll()
    this.#settle()
  }

  close(): Promise<void> {
    return this.#follower.close()
  }
}

/**
 * A stream, read in the background from the first poll on (the scan is over
 * by then, so its lines come after the scan's); a poll hands on how it ended.
 */
class FollowedStream {
  readonly label: string
  readonly #read: () => Promise<void>
  readonly #settle: () => void
  #started = false
  #ended = false
  #failure: Error | null = null

  constructor(input: OpenedInput, read: () => Promise<void>, settle: () => void) {
    this.label = input.label
    this.#read = read
    this.#settle = settle
  }

  poll(): Promise<void> {
    if (!this.#started) {
      this.#started = true
      void this.#read().then(() => {
        this.#ended = true
      }, (e: unknown) => {
        this.#ended = true
        this.#failure = e instanceof Error ? e : new Error(String(e))
      })
    }
    this.#settle()
    if (this.#failure === null) return Promise.resolve()
    const e = this.#failure
    this.#failure = null
    return Promise.reject(e)
  }

  ended(): boolean {
    return this.#ended && this.#failure === null
  }

  close(): Promise<void> {
    return Promise.resolve()
  }
}

/**
 * What a followed input shares, log or notices: its reader (a live file, or
 * a stream), and whether it has ended, seen before each poll's changes are
 * taken, so the poll that sees the end also takes the last of them.
 */
abstract class FollowedInput implements Followed {
  readonly #reader: FollowedFile | FollowedStream
  #ended = false

  protected constructor(reader: FollowedFile | FollowedStream) {
    this.#reader = reader
  }

  get label(): string {
    return this.#reader.label
  }

  async poll(): Promise<boolean> {
    // a stream that broke off read lines before it did: they are taken, then its error is thrown (the input is
    // dropped after it: lines left for a next poll were lost, and when the error and the lines came between two
    // polls, the poll after the error handed them over)
    const failure = await this.#reader.poll().then(() => null, (e: unknown) => (e instanceof Error ? e : new Error(String(e))))
    const ended = this.#reader instanceof FollowedStream && this.#reader.ended()
    const changed = this.takeChanges()
    this.#ended = ended
    if (failure !== null) throw failure
    return changed
  }

  /** Whether the lines read since the last call may change what the page shows. */
  protected abstract takeChanges(): boolean

  ended(): boolean {
    return this.#ended
  }

  close(): Promise<void> {
    return this.#reader.close()
  }
}

/** An access log followed: each poll's lines into the selection, as the scan's went. */
export class FollowedLog extends FollowedInput {
  readonly #lines: LogLines
  readonly #selection: RecordSink

  private constructor(lines: LogLines, reader: FollowedFile | FollowedStream, selection: RecordSink) {
    super(reader)
    this.#lines = lines
    this.#selection = selection
  }

  /** The follower of a log; null for history, which is read once. */
  static async of(input: WatchedInput, context: FollowContext): Promise<FollowedLog | null> {
    if (input.kind === 'history') return null
    if (input.kind === 'stream') {
      const lines = new LogLines(context.lines, input.input.label, 'lines', context.places)
      const read = async (): Promise<void> => {
        await forEachLine(input.input.chunks(), input.input.label, lines)
        lines.end()
      }
      return new FollowedLog(lines, new FollowedStream(input.input, read, () => lines.settle()), context.selection)
    }
    const lines = new LogLines(context.lines, input.label, 'offsets', context.places)
    const file = new FollowedFile(input, lines, () => lines.settle(), context)
    await file.start(input)
    return new FollowedLog(lines, file, context.selection)
  }

  protected takeChanges(): boolean {
    return keepBatch(this.#selection, this.#lines.takeBatch()) > 0
  }
}

/** A notices file's lines, telling each poll whether one came. */
class CountedNoticeLines implements LineSink {
  readonly #lines: NoticeLines
  #came = false

  constructor(lines: NoticeLines) {
    this.#lines = lines
  }

  line(text: string, start: number): void {
    this.#lines.line(text, start)
    this.#came = true
  }

  tooLong(): void {
    this.#lines.tooLong()
  }

  settle(): void {
    this.#lines.settle()
  }

  end(): void {
    this.#lines.end()
  }

  /** Whether a line came since the last call. */
  takeCame(): boolean {
    const came = this.#came
    this.#came = false
    return came
  }
}

/** A notices file followed into the notices. */
export class FollowedNotices extends FollowedInput {
  readonly #lines: CountedNoticeLines

  private constructor(lines: CountedNoticeLines, reader: FollowedFile | FollowedStream) {
    super(reader)
    this.#lines = lines
  }

  /** The follower of a notices file; null for history. */
  static async of(input: WatchedInput, context: FollowContext): Promise<FollowedNotices | null> {
    if (input.kind === 'history') return null
    const lines = new CountedNoticeLines(context.notices.lines())
    if (input.kind === 'live') {
      const file = new FollowedFile(input, lines, () => lines.settle(), context)
      await file.start(input)
      return new FollowedNotices(lines, file)
    }
    const read = async (): Promise<void> => {
      await forEachLine(input.input.chunks(), input.input.label, lines).catch((e: unknown) => {
        throw isUserError(e) ? usageError(`--notices: ${e.message}`, e.hint) : e
      })
      lines.end()
    }
    return new FollowedNotices(lines, new FollowedStream(input.input, read, () => lines.settle()))
  }

  protected takeChanges(): boolean {
    return this.#lines.takeCame()
  }
}
