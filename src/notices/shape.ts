/**
 * What a reader of one shape of PHP error output provides. An entry is one
 * error as written: it begins on a line `starts` accepts and may go on over
 * the following lines (a multi-line message, a fatal error's stack trace,
 * an nginx entry that copied line breaks from php-fpm).
 */

import type { Notice } from './php-notice.js'

export interface NoticeShape {
  /** For messages and tests: `error_log`, `nginx`, ... */
  readonly name: string
  /** Whether this line begins an entry of this shape. Called for every line, so cheap. */
  starts(line: string): boolean
  /**
   * Whether the entry is complete once this line is part of it. PHP ends every
   * error it prints with ` on line N`, so the lines after that belong to no
   * entry. Absent: the entry runs until the next line that starts one.
   */
  readonly ends?: (line: string) => boolean
  /**
   * The Deprecated notices in one entry, its lines joined with `\n`. `cut`
   * when the entry was longer than we keep and lost its end.
   */
  notices(entry: string, cut: boolean): Notice[]
}

/** PHP's own end of an error in text: ` on line N` at the end of a line. */
export const ENDS_ON_LINE = / on line \d+$/
