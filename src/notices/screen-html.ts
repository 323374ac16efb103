/**
 * PHP's output with display_errors=1 and html_errors=1, the default of a web
 * server that shows errors:
 * `<br />` newline `<b>Deprecated</b>:  MSG in <b>FILE</b> on line <b>N</b><br />`.
 * PHP does not HTML-escape the message or the file, so both are taken as
 * written, markup characters included.
 */

import { PHP_LEVELS, type Notice } from './php-notice.js'
import type { NoticeShape } from './shape.js'

const START = new RegExp(`^<b>(?:${PHP_LEVELS.join('|')})</b>: `)
const DEPRECATED = /^<b>Deprecated<\/b>: {1,2}/
const END = / on line <b>(\d+)<\/b>(?:<br \/>)?$/
const FILE_OPEN = ' in <b>'
const FILE_CLOSE = '</b>'

/** `MSG in <b>FILE</b> on line <b>N</b><br />`, read from the right. */
function parseHtmlBody(body: string): Notice | null {
  const end = END.exec(body)
  if (!end) return null
  const head = body.slice(0, end.index)
  if (!head.endsWith(FILE_CLOSE)) return null
  const at = head.lastIndexOf(FILE_OPEN)
  if (at < 0) return null
  return { message: head.slice(0, at), file: head.slice(at + FILE_OPEN.length, -FILE_CLOSE.length), line: end[1] as string }
}

export const screenHtmlShape: NoticeShape = {
  name: 'screen html',
  starts: (line) => line.startsWith('<b>') && START.test(line),
  ends: (line) => END.test(line),
  notices: (entry, cut) => {
    const m = cut ? null : DEPRECATED.exec(entry)
    const notice = m ? parseHtmlBody(entry.slice(m[0].length)) : null
    return notice ? [notice] : []
  },
}
