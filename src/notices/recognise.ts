/**
 * Lines of PHP error output → Deprecated notices. Each line is offered to
 * every shape; the one that starts an entry with it takes it, and the lines
 * after it are part of that entry until the entry ends (see NoticeShape).
 * Lines outside any entry (page output, nginx's other messages, the rest of
 * a stack trace) are passed over. Shapes may be mixed within one input.
 */

import { apacheShape } from './apache-fcgi.js'
import { errorLogShape } from './error-log.js'
import { nginxShape } from './nginx-fpm.js'
import type { Notice } from './php-notice.js'
import { screenHtmlShape } from './screen-html.js'
import { screenTextShape } from './screen-text.js'
import type { NoticeShape } from './shape.js'

/** Tried in this order; their start lines do not overlap. */
export const NOTICE_SHAPES: readonly NoticeShape[] = [
  apacheShape,
  nginxShape,
  errorLogShape,
  screenHtmlShape,
  screenTextShape,
]

/** Whether a line starts an entry of PHP error output of any shape: an input given as an access log that begins so is PHP's. */
export function startsPhpErrorOutput(line: string): boolean {
  return NOTICE_SHAPES.some((shape) => shape.starts(line))
}

/** An entry keeps at most this much after its first line; the rest is dropped and the entry marked cut. */
export const MAX_ENTRY_CHARS = 64 * 1024
export const MAX_ENTRY_LINES = 1000

export class NoticeScanner {
  private shape: NoticeShape | null = null
  private lines: string[] = []
  private chars = 0
  private cut = false

  constructor(
    private readonly onNotice: (notice: Notice) => void,
    private readonly shapes: readonly NoticeShape[] = NOTICE_SHAPES,
  ) {}

  /** One line, without its line break. */
  line(line: string): void {
    const starting = this.shapes.find((shape) => shape.starts(line))
    if (starting) {
      this.flush()
      this.shape = starting
      this.lines = [line]
      this.chars = line.length
      this.cut = false
      this.checkEnd(starting, line)
    } else if (this.shape) {
      if (this.chars + line.length > MAX_ENTRY_CHARS || this.lines.length >= MAX_ENTRY_LINES) {
        this.cut = true
      } else {
        this.lines.push(line)
        this.chars += line.length + 1
      }
      this.checkEnd(this.shape, line)
    }
  }

  /** A line too long to read was dropped: an open entry lost it, and is cut. */
  tooLong(): void {
    if (this.shape) this.cut = true
  }

  /** The input is over: an entry still open is finished if its shape allows. */
  end(): void {
    this.flush()
  }

  /**
   * The input paused (a followed log, read up to what was written so far):
   * an open entry of a shape that has no end of its own (nginx) is finished
   * now, as a server writes such an entry whole; one that ends by its
   * content stays open for the lines still to come.
   */
  settle(): void {
    if (this.shape && !this.shape.ends) this.flush()
  }

  private checkEnd(shape: NoticeShape, line: string): void {
    if (shape.ends?.(line)) this.emit(shape)
  }

  /** A shape that ends entries by content drops an entry that never ended; the others finish it. */
  private flush(): void {
    const shape = this.shape
    if (shape && !shape.ends) this.emit(shape)
    this.reset()
  }

  private emit(shape: NoticeShape): void {
    for (const notice of shape.notices(this.lines.join('\n'), this.cut)) this.onNotice(notice)
    this.reset()
  }

  private reset(): void {
    this.shape = null
    this.lines = []
    this.chars = 0
    this.cut = false
  }
}
