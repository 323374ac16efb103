/**
 * Decoded text → lines, with a cap on line length that holds in memory: a
 * line longer than the cap is never gathered. Its first characters are kept
 * for messages, the rest is dropped while it streams past, and it is reported
 * once its end arrives, so line numbers stay in order.
 *
 * Lines end at `\n`; a `\r` right before it is dropped (CRLF). The last line
 * needs no newline.
 */

/** 64 KiB: no access-log line a server writes comes near this (nginx cuts a request line at 8 KiB). */
export const MAX_LINE_LENGTH = 64 * 1024

/** How much of an overlong line is kept for messages. */
export const TOO_LONG_HEAD = 120

export interface LineSink {
  line: (text: string) => void
  /** A line longer than the cap, given by its first {@link TOO_LONG_HEAD} characters. */
  tooLong: (head: string) => void
}

export class LineSplitter {
  /** The start of a line whose end has not arrived yet. Never longer than the cap plus one `\r`. */
  private pending = ''
  /** The head of an overlong line while the rest of it streams past, else null. */
  private overlong: string | null = null
  private readonly sink: LineSink
  private readonly max: number

  constructor(sink: LineSink, max = MAX_LINE_LENGTH) {
    this.sink = sink
    this.max = max
  }

  /** Characters held for an unfinished line (for the memory bound). */
  get buffered(): number {
    return this.pending.length
  }

  push(text: string): void {
    let end = text.indexOf('\n')
    if (end < 0) {
      this.hold(text, 0)
      return
    }
    // the first line may have begun in an earlier chunk
    this.finish(text, 0, end)
    const { sink, max } = this
    // the others lie whole in this text: the common case, without the bookkeeping
    for (let start = end + 1; ; start = end + 1) {
      end = text.indexOf('\n', start)
      if (end < 0) {
        this.hold(text, start)
        return
      }
      const stop = end > start && text.charCodeAt(end - 1) === 0x0d ? end - 1 : end
      if (stop - start > max) sink.tooLong(text.slice(start, Math.min(stop, start + TOO_LONG_HEAD)))
      else sink.line(text.slice(start, stop))
    }
  }

  /** The input ended: the last line, if it had no newline. */
  end(): void {
    if (this.overlong !== null) {
      const head = this.overlong
      this.overlong = null
      this.sink.tooLong(head)
    } else if (this.pending !== '') {
      // held up to one character over the cap, for a CR that did not come
      const line = this.pending
      this.pending = ''
      if (line.length > this.max) this.sink.tooLong(line.slice(0, TOO_LONG_HEAD))
      else this.sink.line(line)
    }
  }

  /** Text from `start` has no newline: keep it, unless the line is now too long (then only its head is kept). */
  private hold(text: string, start: number): void {
    if (this.overlong !== null || start === text.length) return
    if (this.pending.length + text.length - start > this.max + 1) {
      this.overlong = (this.pending.slice(0, TOO_LONG_HEAD) + text.slice(start, start + TOO_LONG_HEAD)).slice(0, TOO_LONG_HEAD)
      this.pending = ''
    } else {
      this.pending += text.slice(start)
    }
  }

  /** The line that ends at `end` (a `\n`) is complete. */
  private finish(text: string, start: number, end: number): void {
    if (this.overlong !== null) {
      const head = this.overlong
      this.overlong = null
      this.sink.tooLong(head)
      return
    }
    let line = this.pending === '' ? text.slice(start, end) : this.pending + text.slice(start, end)
    this.pending = ''
    if (line.charCodeAt(line.length - 1) === 0x0d) line = line.slice(0, -1)
    if (line.length > this.max) this.sink.tooLong(line.slice(0, TOO_LONG_HEAD))
    else this.sink.line(line)
  }
}
