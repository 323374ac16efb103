/**
 * `--redact-path PREFIX`: a server path prefix is replaced with `…` in the
 * notices, so a published page need not show the server's layout. In the
 * FILE part the prefix is replaced at the start; in the message wherever it
 * appears as a path of its own (not inside a longer name: `/var/www/shop`
 * leaves `/var/www/shopware` and `/srv/var/www/shop` alone). Longer prefixes
 * are tried first.
 */

import type { Notice } from './php-notice.js'

export const REDACTED = '…'

/** Characters that continue a file name: a prefix followed by one is not a whole path. */
const NAME_CHAR = /[\p{L}\p{N}._~-]/u
/** Before a prefix inside a message: also no path separator (it would be a deeper path). */
const PATH_CHAR = /[\p{L}\p{N}._~/\\:-]/u

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/

/** Why a `--redact-path` value is not usable, as a hint; undefined when it is fine. */
export function redactPrefixProblem(value: string): string | undefined {
  if (CONTROL.test(value) || normalise(value) === '') {
    return 'give a server path prefix such as /var/www/shop'
  }
  return undefined
}

/** Without trailing separators, so `/var/www/shop/` and `/var/www/shop` mean the same. */
function normalise(prefix: string): string {
  return prefix.replace(/[/\\]+$/, '')
}

function wholeAt(text: string, at: number, length: number): boolean {
  const before = at === 0 ? '' : text.charAt(at - 1)
  const after = text.charAt(at + length)
  return (before === '' || !PATH_CHAR.test(before)) && (after === '' || !NAME_CHAR.test(after))
}

function replaceWhole(text: string, prefix: string): string {
  let out = ''
  let from = 0
  for (let at = text.indexOf(prefix); at >= 0; at = text.indexOf(prefix, at + 1)) {
    if (at < from || !wholeAt(text, at, prefix.length)) continue
    out += text.slice(from, at) + REDACTED
    from = at + prefix.length
  }
  return out + text.slice(from)
}

export function compileRedaction(prefixes: readonly string[]): ((notice: Notice) => Notice) {
  const longestFirst = [...new Set(prefixes.map(normalise))]
    .filter((p) => p !== '')
    .sort((a, b) => b.length - a.length)
  if (longestFirst.length === 0) return (notice) => notice
  return (notice) => {
    let message = notice.message
    for (const prefix of longestFirst) message = replaceWhole(message, prefix)
    const prefix = longestFirst.find((p) => notice.file.startsWith(p) && wholeAt(notice.file, 0, p.length))
    const file = prefix === undefined ? notice.file : REDACTED + notice.file.slice(prefix.length)
    return { message, file, line: notice.line }
  }
}
