/**
 * Apache's error log, one entry per line:
 * - php-fpm behind mod_proxy_fcgi: `[Sun Nov 22 10:00:00.123456 2026] [proxy_fcgi:error]
 *   [pid 1:tid 2] [client 192.0.2.1:5000] AH01071: Got error 'PHP message: ...'`
 *   with the messages of one FastCGI record as php-fpm joined them;
 * - mod_php: `[...] [php:error] [pid 1] [client 192.0.2.1:5000] PHP Deprecated:  ...`.
 * Both may end with `, referer: URL`. Apache escapes every message
 * (`\n`, `\t`, `\\`, `\xhh`; quotes stay as they are), so an entry never spans
 * lines; the escapes are decoded.
 */

import { decodeLogEscapes } from '../parse/format/escapes.js'
import { fpmNotices } from './fpm-messages.js'
import { parseLoggedMessage, type Notice } from './php-notice.js'
import { ENDS_ON_LINE, type NoticeShape } from './shape.js'

const START = /^\[[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d(?:\.\d+)? \d{4}\] /
const FCGI = "AH01071: Got error '"
const MOD_PHP = '] PHP Deprecated:'
const REFERER = ', referer: '

function fcgiNotices(text: string): Notice[] {
  let close = text.lastIndexOf(`'${REFERER}`)
  if (close < 0 && text.endsWith("'")) close = text.length - 1
  // No closing quote: Apache cut the line at 8 KB, the last message is not trusted.
  return fpmNotices(decodeLogEscapes(close >= 0 ? text.slice(0, close) : text), close < 0)
}

function modPhpNotice(text: string): Notice | null {
  const referer = text.lastIndexOf(REFERER)
  const message = referer >= 0 && ENDS_ON_LINE.test(text.slice(0, referer)) ? text.slice(0, referer) : text
  return parseLoggedMessage(decodeLogEscapes(message))
}

export const apacheShape: NoticeShape = {
  name: 'apache',
  starts: (line) => line.startsWith('[') && START.test(line),
  ends: () => true,
  notices: (entry) => {
    const fcgi = entry.indexOf(FCGI)
    if (fcgi >= 0) return fcgiNotices(entry.slice(fcgi + FCGI.length))
    const php = entry.indexOf(MOD_PHP)
    const notice = php >= 0 ? modPhpNotice(entry.slice(php + 2)) : null
    return notice ? [notice] : []
  },
}
