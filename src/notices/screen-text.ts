/**
 * PHP's output with display_errors=1 and html_errors=0 (the CLI, or a page
 * saved from a server that shows errors): each error on a line of its own,
 * after an empty line, `Deprecated: MSG in FILE on line N` (one space). It
 * may sit anywhere in the page's own output.
 */

import { parseNoticeBody, PHP_LEVELS } from './php-notice.js'
import { ENDS_ON_LINE, type NoticeShape } from './shape.js'

const START = new RegExp(`^(?:${PHP_LEVELS.join('|')}): `)
const DEPRECATED = /^Deprecated: {1,2}/

export const screenTextShape: NoticeShape = {
  name: 'screen text',
  starts: (line) => START.test(line),
  ends: (line) => ENDS_ON_LINE.test(line),
  notices: (entry, cut) => {
    const m = cut ? null : DEPRECATED.exec(entry)
    const notice = m ? parseNoticeBody(entry.slice(m[0].length)) : null
    return notice ? [notice] : []
  },
}
