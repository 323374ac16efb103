/**
 * nginx's error.log with php-fpm behind it:
 * `2026/11/22 10:00:00 [error] 123#123: *45 FastCGI sent in stderr: "PHP message: ..."
 * while reading response header from upstream, client: ..., request: "GET / HTTP/1.1", ...`
 *
 * nginx copies the stderr bytes into the quotes as they are, so a message
 * with line breaks (a fatal error's stack trace) spans several lines: an
 * entry runs until the next line with nginx's date. nginx cuts a whole entry
 * at 2048 bytes; a cut entry has no ` while ...` after its quote, and its
 * last message is not trusted.
 */

import { fpmNotices } from './fpm-messages.js'
import type { Notice } from './php-notice.js'
import type { NoticeShape } from './shape.js'

const START = /^\d{4}\/\d\d\/\d\d \d\d:\d\d:\d\d \[[a-z]+\] /
const STDERR = 'FastCGI sent in stderr: "'
/**
 * What nginx writes after the closing quote: ` while <action>` if any, then
 * `, client: ...`. The first one ends the text: the request line that
 * follows is the client's and may contain anything.
 */
const CLOSING = /"(?: while [a-z][a-z ]*)?, client: /

/**
 * Builds that escape the quoted text write `\xHH` (upper-case hex, as in
 * nginx's access log) and `\"`; those are decoded. Other backslashes, such as
 * PHP namespaces (`Shopware\Components`) and `#[\ReturnTypeWillChange]`, stay.
 */
const ESCAPES = /(?:\\x[0-9A-F]{2})+|\\"/g

export function decodeNginxText(text: string): string {
  return text.includes('\\')
    ? text.replace(ESCAPES, (run) => run === '\\"' ? '"' : Buffer.from(run.replace(/\\x/g, ''), 'hex').toString('utf8'))
    : text
}

function stderrNotices(entry: string, cut: boolean): Notice[] {
  const at = entry.indexOf(STDERR)
  if (at < 0) return []
  const quoted = entry.slice(at + STDERR.length)
  const close = CLOSING.exec(quoted)?.index ?? -1
  const text = close >= 0 ? quoted.slice(0, close) : quoted
  return fpmNotices(decodeNginxText(text), cut || close < 0)
}

export const nginxShape: NoticeShape = {
  name: 'nginx',
  starts: (line) => START.test(line),
  notices: stderrNotices,
}
