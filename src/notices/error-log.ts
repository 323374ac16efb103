/**
 * PHP's `error_log` file (log_errors=1):
 * `[22-Nov-2026 10:00:00 Europe/Berlin] PHP Deprecated:  MSG in FILE on line N`
 * (two spaces after the colon). PHP CLI logging to stderr writes the same
 * without the date. Xdebug adds `PHP Stack trace:` and `PHP   1. {main}() ...`
 * lines, each an entry of its own that holds no notice. A fatal error goes on
 * over `Stack trace:`, `#0 ...` and `  thrown in ... on line N` lines.
 */

import { parseLoggedMessage } from './php-notice.js'
import { ENDS_ON_LINE, type NoticeShape } from './shape.js'

/** `[d-M-Y H:i:s Zone] `; the zone is the date.timezone identifier (absent in some builds). */
const STAMP = /^\[\d{1,2}-[A-Z][a-z]{2}-\d{4} \d\d:\d\d:\d\d(?: [^\]]{1,64})?\] /

export const errorLogShape: NoticeShape = {
  name: 'error_log',
  starts: (line) => line.startsWith('PHP ') || (line.startsWith('[') && STAMP.test(line)),
  ends: (line) => ENDS_ON_LINE.test(line),
  notices: (entry, cut) => {
    if (cut) return []
    const notice = parseLoggedMessage(entry.replace(STAMP, ''))
    return notice ? [notice] : []
  },
}
