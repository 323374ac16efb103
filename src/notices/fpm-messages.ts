/**
 * The text php-fpm sends on FastCGI stderr, as the web server logged it:
 * each message PHP logged, prefixed `PHP message: `. Several messages of one
 * request share a record: glued with nothing (PHP 8.1, 8.2.0-8.2.1:
 * `...line 193PHP message: PHP Deprecated: ...`), separated by `; ` (8.2.2+)
 * or by a line break.
 */

import { parseLoggedMessage, type Notice } from './php-notice.js'

const PREFIX = 'PHP message: '
const SEPARATOR_AT_END = /[\s;]+$/

/**
 * The Deprecated notices among the messages of one record. `lastMayBeCut`
 * when the server cut the record short (nginx stops at 2048 bytes), so its
 * last message may have lost its end, digits of the line number included.
 */
export function fpmNotices(text: string, lastMayBeCut: boolean): Notice[] {
  const messages = text.split(PREFIX).slice(1)
  if (lastMayBeCut) messages.pop()
  const notices: Notice[] = []
  for (const message of messages) {
    const notice = parseLoggedMessage(message.replace(SEPARATOR_AT_END, ''))
    if (notice) notices.push(notice)
  }
  return notices
}
