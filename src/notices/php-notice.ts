/**
 * A PHP "Deprecated" notice and PHP's text form of it:
 * `Deprecated: MSG in FILE on line N`.
 *
 * PHP prints E_DEPRECATED and E_USER_DEPRECATED both as "Deprecated"; every
 * other level (Warning, Notice, Fatal error, ...) is not a notice here, even
 * when its message contains the word "Deprecated:".
 */

import { visible } from '../text/visible.js'

export interface Notice {
  message: string
  /** The script path PHP names. */
  file: string
  /** The line number, digits as logged. */
  line: string
  /** How many times it occurred, when it stands for several occurrences (distinct notices, see pick.ts); absent: once. */
  count?: number
}

/** The level names PHP 8 prints (`php_error_cb`), so readers can tell where an error starts. */
export const PHP_LEVELS = [
  'Fatal error',
  'Recoverable fatal error',
  'Warning',
  'Parse error',
  'Notice',
  'Strict Standards',
  'Deprecated',
  'Unknown error',
] as const

const LINE_SUFFIX = / on line (\d+)$/

/**
 * `MSG in FILE on line N` as a notice, or null when it does not end that way.
 * Read from the right, as a message may itself contain ` in ` and ` on line `:
 * FILE is what follows the last ` in ` before the final ` on line N`. No
 * backtracking regular expression, so hostile text costs linear time.
 */
export function parseNoticeBody(body: string): Notice | null {
  const suffix = LINE_SUFFIX.exec(body)
  if (!suffix) return null
  const head = body.slice(0, suffix.index)
  const at = head.lastIndexOf(' in ')
  if (at < 0 || at + 4 === head.length) return null
  return { message: head.slice(0, at), file: head.slice(at + 4), line: suffix[1] as string }
}

/** The line that starts a message PHP logged (error_log, php-fpm, mod_php): `PHP Deprecated:  MSG...`. */
const LOGGED_DEPRECATED = /^PHP Deprecated: {1,2}/

/** A logged message (`PHP <Level>:  MSG in FILE on line N`) as a notice if its level is Deprecated. */
export function parseLoggedMessage(text: string): Notice | null {
  const m = LOGGED_DEPRECATED.exec(text)
  return m ? parseNoticeBody(text.slice(m[0].length)) : null
}

/**
 * A number standing on its own in a message (`1795685340.852084`, `20`,
 * `-1`, `1.0E+25`), not a digit inside a name (`utf8_encode`, `Model2`).
 */
const NUMBER = /(?<![\p{L}\p{N}_$\\])[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?(?![\p{L}\p{N}_])/gu

/**
 * Same file and line, and a message that differs at most in its numbers: the
 * same notice. The float PHP names in `Implicit conversion from float
 * 1795685340.852084 to int` is the request's own time, so each occurrence
 * would look new.
 */
export function noticeKey(notice: Notice): string {
  return `${notice.line}\u0000${notice.file}\u0000${notice.message.replace(NUMBER, '#')}`
}

/** PHP's text form, exactly as shown on the page. */
export function noticeText(notice: Notice): string {
  return `Deprecated: ${notice.message} in ${notice.file} on line ${notice.line}`
}

/** The notice as shown: control characters and bidi marks made visible, so each stays one line of plain text. */
export function visibleNotice(notice: Notice): Notice {
  const shown = { message: visible(notice.message), file: visible(notice.file), line: notice.line }
  return notice.count === undefined ? shown : { ...shown, count: notice.count }
}
