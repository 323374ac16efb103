/**
 * One log followed by its name, as `tail -F` does, by polling: each poll
 * reads what was appended since the last one, and follows a rotation
 * without losing or repeating a line:
 *
 * - renamed away (logrotate's default) or deleted: the file still open is
 *   read to its end, and read on while the server may still write to it
 *   (until it reopens its log); once it has not grown for `retireQuietMs`
 *   it is closed. The file that now has the name is read from its start.
 *   Generations rotated away before a poll opened them (several rotations
 *   between two polls) are read first, oldest first, from where they lie
 *   beside the log (`access.log.1`); one compressed before is counted in a
 *   warning (rotated-generations.ts).
 * - copytruncate: the open file became shorter than what was read, or the
 *   last bytes read are not there any more (it was cut and written up to or
 *   past the read position between two polls; an appended file never
 *   changes what it holds): it is read again from its start.
 * - a name that is gone (or not a regular file) is looked up at every poll;
 *   a file created there later is read from its start. Gone for longer than
 *   `missingGraceMs`, it gets one message, and one more when it is back.
 *
 * Polling, not fs.watch: inotify misses a rotation on NFS and in some
 * containers, and a stat of the name and of the open file every poll costs
 * next to nothing. A file is known by its device and inode. Each open file
 * has its own line splitter, so a line is never glued from two files, and a
 * partial last line waits for its newline. Every handle opened is closed:
 * when its file is retired, when the follower is closed, or when opening
 * it went wrong.
 */

import type { Stats } from 'node:fs'
import { stat, type FileHandle } from 'node:fs/promises'
import { errnoWords } from '../errors.js'
import { openToRead, type OpenedFile } from './file-chunks.js'
import { fileKey, RotatedGenerations, type RotatedFile } from './rotated-generations.js'
import { DECODE_BYTES } from './lines.js'
import { LineSplitter, type LineSink } from './line-splitter.js'
import { NEWLINE } from '../text/chars.js'

export interface FollowTiming {
  /** A name without a file this long gets one message. */
  missingGraceMs: number
  /** A file renamed away or deleted is read until it has not grown for this long. */
  retireQuietMs: number
  /** The most bytes one poll reads (the rest waits for the next), for a reader that must bound what it holds; none when absent. */
  pollBytes?: number
}

export const FOLLOW_TIMING: FollowTiming = { missingGraceMs: 30_000, retireQuietMs: 5_000 }

export interface FollowMessages {
  /** A problem, or its end: one line for stderr. */
  warn: (line: string) => void
  /** What the follower saw (a rotation), for `--verbose`. */
  note: (line: string) => void
}

/** Where following starts: the file the scan read, open, and how far the scan read it. */
export interface FollowStart {
  handle: FileHandle
  /** The scan read the complete lines before this offset. */
  offset: number
  /** The scan counted a line still being written at `offset` as too long: its rest, up to its newline, is dropped. */
  midLine: boolean
}

/** How the lines of a file come to be read: the file `start` took over, one read from its start, one cut (copytruncate) and read again. */
export type FileLines = 'resumed' | 'new' | 'cut'

/** A sink per file, for a reader that tells the files apart (ship numbers each generation); `key`: the file's device and inode. */
export interface FileSinks {
  forFile(how: FileLines, key: string): LineSink
}

/**
 * Bytes handed to the line splitter at a time. A line's text is a slice of
 * the piece it was decoded from, and a row kept in the newest-N heap keeps
 * that piece alive: small pieces keep --limit rows from holding --limit
 * decoded 64 KiB blocks through a watch of weeks.
 */
const PIECE_BYTES = 4096

/** How many of the last bytes read are kept, to see the file was cut and written again. */
const TAIL_BYTES = 64

/** The last TAIL_BYTES of `tail` and then `bytes`. */
function tailOf(tail: Buffer, bytes: Buffer): Buffer {
  return bytes.length >= TAIL_BYTES ? Buffer.from(bytes.subarray(bytes.length - TAIL_BYTES)) : Buffer.concat([tail, bytes]).subarray(-TAIL_BYTES)
}

/** One open file: how far it is read, and its unfinished line. */
interface OpenFile {
  handle: FileHandle
  dev: number
  ino: number
  /** The next byte to read. */
  offset: number
  /** The last bytes before `offset`, as read: still there unless the file was cut and written again. */
  tail: Buffer
  /** Bytes up to the next newline are the rest of a line already counted. */
  midLine: boolean
  /** Lines of this file, made when its first byte is pushed. */
  splitter: LineSplitter | null
  /** When it last grew (or was retired), ms. */
  grewAt: number
  /** How its lines came to be read (for FileSinks). */
  how: FileLines
}

function sameFile(stats: Stats, file: OpenFile): boolean {
  return stats.ino === file.ino && stats.dev === file.dev
}

/** A file just opened, read from its start. */
function fromStart(handle: FileHandle, { dev, ino }: Stats, now: number): OpenFile {
  return ({ handle, dev, ino, offset: 0, tail: Buffer.alloc(0), midLine: false, splitter: null, grewAt: now, how: 'new' })
}

export class FileFollower {
  #current: OpenFile | null = null
  /** Files renamed away or deleted, still read until they stay quiet; oldest first. */
  readonly #retiring: OpenFile[] = []
  #missingSince: number | null = null
  #missingTold = false
  /** One buffer for every read: the line splitter copies what it keeps, so nothing read is held after a push. */
  readonly #buffer = Buffer.allocUnsafe(DECODE_BYTES)
  /** The same for the bytes before the offset, read again at each poll. */
  readonly #tailBuffer = Buffer.allocUnsafe(TAIL_BYTES)
  /** The last problem told, so a lasting one is told once; forgotten after a poll without one. */
  #told: string | null = null
  #troubled = false
  /** The older generations beside the log, looked at when a new file takes its name. */
  readonly #generations: RotatedGenerations
  /** A copytruncate was seen: its copy beside the log is learnt at the end of the poll, not read. */
  #copied = false
  /** Bytes this poll may still read (FollowTiming.pollBytes). */
  #budget = Infinity

  constructor(
    readonly label: string,
    private readonly path: string,
    private readonly sink: LineSink | FileSinks,
    private readonly messages: FollowMessages,
    private readonly timing: FollowTiming = FOLLOW_TIMING,
    private readonly clock: () => number = Date.now,
  ) {
    this.#generations = new RotatedGenerations(path)
  }

  /** Takes over the file the scan read; without one, the name is looked up at the first poll. */
  async start(from: FollowStart | null): Promise<void> {
    await this.#generations.look(() => false)
    if (from === null) return
    const stats = await from.handle.stat()
    const tail = Buffer.alloc(Math.min(TAIL_BYTES, from.offset))
    // without them (a read error), a copytruncate is still seen by the size
    const { bytesRead } = await from.handle.read(tail, 0, tail.length, from.offset - tail.length).catch(() => ({ bytesRead: 0 }))
    this.#current = {
      handle: from.handle, dev: stats.dev, ino: stats.ino, offset: from.offset, tail: tail.subarray(0, bytesRead), midLine: from.midLine,
      splitter: null, grewAt: this.clock(), how: 'resumed',
    }
  }

  /** Files open now (the one by the name and those renamed away still read). */
  get openFiles(): number {
    return this.#retiring.length + (this.#current ? 1 : 0)
  }

  /**
   * Reads what was written since the last poll, older files first, and
   * follows a rotation. Problems of the file system are told (once while
   * they last), never thrown; an error of the sink is thrown as it is.
   */
  async poll(): Promise<void> {
    const now = this.clock()
    this.#troubled = false
    this.#budget = this.timing.pollBytes ?? Infinity
    const named = await this.#statName()
    const current = this.#current
    if (current && !(named && sameFile(named, current))) {
      this.messages.note(`${this.label}: ${named ? 'renamed away (rotated)' : 'gone'}; reading the old file to its end`)
      current.grewAt = now
      this.#retiring.push(current)
      this.#current = null
      this.#generations.rotated()
    }
    if (!this.#current && named) await this.#openNamed(named, now)
    for (const file of this.#retiring) await this.#readNew(file, now)
    if (this.#current) await this.#readNew(this.#current, now)
    if (this.#copied) {
      this.#copied = false
      await this.#generations.look((key) => this.#isOpen(key), true)
    }
    await this.#closeQuiet(now)
    this.#checkMissing(now)
    if (!this.#troubled) this.#told = null
  }

  /** Closes every file; an unfinished last line is left unread. */
  async close(): Promise<void> {
    const files = [...this.#retiring.splice(0), ...(this.#current ? [this.#current] : [])]
    this.#current = null
    await Promise.all(files.map((file) => file.handle.close().catch(() => undefined)))
  }

  /** Tells a problem once while it lasts. */
  #tell(problem: string): void {
    this.#troubled = true
    if (problem === this.#told) return
    this.#told = problem
    this.messages.warn(problem)
  }

  /** The regular file the name leads to now (a link is followed), or null. */
  async #statName(): Promise<Stats | null> {
    try {
      const stats = await stat(this.path)
      if (stats.isFile()) return stats
      this.#notRegular(stats)
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code
      if (code !== 'ENOENT' && code !== 'ENOTDIR') this.#tell(`cannot follow ${this.label}: ${errnoWords(e)}`)
    }
    return null
  }

  #notRegular(stats: Stats): void {
    this.#tell(`${this.label}: is ${stats.isDirectory() ? 'a folder' : 'not a regular file'} now; waiting for the log to come back`)
  }

  /** Opens the file that has the name now, read from its start (unless it is one still open: moved back). */
  async #openNamed(named: Stats, now: number): Promise<void> {
    const back = this.#retiring.findIndex((file) => sameFile(named, file))
    if (back >= 0) {
      this.#current = this.#retiring.splice(back, 1)[0] as OpenFile
      return
    }
    let opened: OpenedFile
    try {
      // the name may have changed hands since the stat (to a FIFO without a writer too): opened without waiting, the opened file is the one read
      opened = await openToRead(this.path)
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') this.#tell(`cannot follow ${this.label}: ${errnoWords(e)}`)
      return
    }
    if (opened.kind !== 'file') {
      await opened.handle.close().catch(() => undefined)
      this.#notRegular(opened.stat)
      return
    }
    this.#current = fromStart(opened.handle, opened.stat, now)
    await this.#readMissed(now)
    this.messages.note(`${this.label}: reading the new file from its start`)
    if (this.#missingTold) this.messages.warn(`${this.label}: back; following it again`)
    this.#missingSince = null
    this.#missingTold = false
    this.#told = null
  }

  #isOpen(key: string): boolean {
    return [...this.#retiring, ...(this.#current ? [this.#current] : [])].some((file) => fileKey(file) === key)
  }

  /**
   * Generations rotated away since the last look before a poll opened them
   * (several rotations between two polls): those still plain beside the log
   * are read from their start, oldest first, after the files already open
   * and before the new one; those already compressed are told.
   */
  async #readMissed(now: number): Promise<void> {
    const { unread, compressed } = await this.#generations.look((key) => this.#isOpen(key))
    for (const rotated of unread) {
      const file = await this.#openRotated(rotated, now)
      if (file === null) {
        this.#generations.forget(rotated.key)
        continue
      }
      this.#retiring.push(file)
      this.messages.note(`${this.label}: ${rotated.name} was rotated before a poll read it; reading it from its start`)
    }
    if (compressed > 0) {
      this.messages.warn(`${this.label}: ${compressed} rotated generation(s) compressed before they could be read; their lines are not on the page`)
    }
  }

  /** Opens a generation found beside the log, if its name still leads to the file that was found. */
  async #openRotated(rotated: RotatedFile, now: number): Promise<OpenFile | null> {
    const opened = await openToRead(rotated.path).catch(() => null)
    if (opened === null) return null
    if (opened.kind !== 'file' || fileKey(opened.stat) !== rotated.key) {
      await opened.handle.close().catch(() => undefined)
      return null
    }
    return fromStart(opened.handle, opened.stat, now)
  }

  /** Reads the file from its offset to its size now, in pieces of DECODE_BYTES. */
  async #readNew(file: OpenFile, now: number): Promise<void> {
    try {
      const { size } = await file.handle.stat()
      if (size < file.offset) this.#restart(file, `cut to ${size} bytes (copytruncate)`)
      else if (!(await this.#sameTail(file))) this.#restart(file, 'cut and written again (copytruncate)')
      while (file.offset < size) {
        if (this.#budget <= 0) {
          // more waits for the next poll: the file is not quiet
          file.grewAt = now
          return
        }
        const length = Math.min(DECODE_BYTES, size - file.offset, this.#budget)
        const { bytesRead } = await file.handle.read(this.#buffer, 0, length, file.offset)
        if (bytesRead === 0) return // cut since the stat: the next poll sees it
        const bytes = this.#buffer.subarray(0, bytesRead)
        this.#budget -= bytesRead
        file.offset += bytesRead
        file.tail = tailOf(file.tail, bytes)
        file.grewAt = now
        this.#push(file, bytes)
      }
    } catch (e) {
      if ((e as NodeJS.ErrnoException).syscall === undefined) throw e
      this.#tell(`cannot read ${this.label}: ${errnoWords(e)}`)
    }
  }

  /** Whether the last bytes read are still where they were. */
  async #sameTail(file: OpenFile): Promise<boolean> {
    const { tail } = file
    if (tail.length === 0) return true
    const now = this.#tailBuffer.subarray(0, tail.length)
    const { bytesRead } = await file.handle.read(now, 0, now.length, file.offset - tail.length)
    return bytesRead === tail.length && now.equals(tail)
  }

  /** The file was cut: read again from its start; the unfinished line it held is gone with what was cut. */
  #restart(file: OpenFile, what: string): void {
    this.#copied = true
    this.messages.note(`${this.label}: ${what}; reading it again from its start`)
    Object.assign(file, { offset: 0, tail: Buffer.alloc(0), midLine: false, splitter: null, how: 'cut' })
  }

  /** Bytes of the file, in order, to its lines; the rest of a line already counted is dropped first. */
  #push(file: OpenFile, bytes: Buffer): void {
    let piece = bytes
    if (file.midLine) {
      const newline = piece.indexOf(NEWLINE)
      if (newline < 0) return
      file.midLine = false
      piece = piece.subarray(newline + 1)
    }
    if (file.splitter === null) {
      // the splitter counts from its first byte: where that byte is in the file
      const base = file.offset - piece.length
      const sink = 'forFile' in this.sink ? this.sink.forFile(file.how, fileKey(file)) : this.sink
      file.splitter = new LineSplitter({
        line: (text, start) => sink.line(text, base + start),
        tooLong: (head, start) => sink.tooLong(head, base + start),
      })
    }
    for (let at = 0; at < piece.length; at += PIECE_BYTES) file.splitter.push(piece.subarray(at, at + PIECE_BYTES))
  }

  /** Files renamed away that stayed quiet long enough: their last line (if it had no newline) counts, then they are closed. */
  async #closeQuiet(now: number): Promise<void> {
    for (const file of [...this.#retiring]) {
      if (now - file.grewAt < this.timing.retireQuietMs) continue
      this.#retiring.splice(this.#retiring.indexOf(file), 1)
      await file.handle.close().catch(() => undefined)
      file.splitter?.end()
    }
  }

  /** A name without a file for longer than the grace period is told once. */
  #checkMissing(now: number): void {
    if (this.#current) return
    this.#missingSince ??= now
    if (this.#missingTold || now - this.#missingSince < this.timing.missingGraceMs) return
    this.#missingTold = true
    this.#tell(`${this.label}: gone for ${Math.round((now - this.#missingSince) / 1000)} s (renamed or deleted, and no new file); still watching for it`)
  }
}
