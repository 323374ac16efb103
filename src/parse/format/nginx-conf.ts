/**
 * An nginx `log_format` as people copy it out of nginx.conf: the whole
 * directive (`log_format main escape=json '…' '…';`), only its quoted
 * pieces (`'$remote_addr - …' '"$http_user_agent"'`), or the bare body.
 * The quoted pieces are joined the way nginx joins them, with nginx's
 * string escapes (`\"`, `\'`, `\\`, `\t` …) undone.
 */

import { FormatError } from './text-format.js'

export type NginxEscape = 'default' | 'json' | 'none'

export interface NginxFormatText {
  body: string
  escape: NginxEscape
}

interface ConfToken {
  text: string
  quoted: boolean
}

const CONF_ESCAPES: Record<string, string> = { '"': '"', "'": "'", '\\': '\\', t: '\t', r: '\r', n: '\n' }

/** nginx.conf tokens up to an optional `;`, or null when the text is not that. */
function confTokens(text: string): ConfToken[] | null {
  const tokens: ConfToken[] = []
  let i = 0
  const unescape = (raw: string): string =>
    raw.replace(/\\(.)/gs, (whole: string, char: string) => CONF_ESCAPES[char] ?? whole)
  while (i < text.length) {
    const char = text[i] as string
    if (/\s/.test(char)) {
      i++
    } else if (char === ';') {
      return text.slice(i + 1).trim() === '' ? tokens : null
    } else if (char === "'" || char === '"') {
      let j = i + 1
      while (j < text.length && text[j] !== char) j += text[j] === '\\' ? 2 : 1
      if (j >= text.length) return null
      tokens.push({ text: unescape(text.slice(i + 1, j)), quoted: true })
      i = j + 1
    } else {
      let j = i
      while (j < text.length && !/[\s;'"]/.test(text[j] as string)) j += text[j] === '\\' ? 2 : 1
      tokens.push({ text: unescape(text.slice(i, j)), quoted: false })
      i = j
    }
  }
  return tokens
}

const ESCAPE_PARAMETER = /^escape=(default|json|none)$/

/** `[escape=…] piece piece …` → the joined body. */
function fromTokens(tokens: ConfToken[]): NginxFormatText | null {
  let escape: NginxEscape = 'default'
  let k = 0
  const parameter = tokens[0]
  if (parameter && !parameter.quoted) {
    const m = ESCAPE_PARAMETER.exec(parameter.text)
    if (m) {
      escape = m[1] as NginxEscape
      k = 1
    }
  }
  const pieces = tokens.slice(k)
  if (pieces.length === 0) return null
  return { body: pieces.map((t) => t.text).join(''), escape }
}

export function unwrapNginxFormat(text: string): NginxFormatText {
  const trimmed = text.trim()
  const directive = /^log_format\s+/.exec(trimmed)
  if (directive) {
    const tokens = confTokens(trimmed.slice(directive[0].length))
    // the first token is the format's name
    if (tokens && tokens.length >= 2 && !tokens[0]?.quoted) {
      const read = fromTokens(tokens.slice(1))
      if (read) return read
    }
    throw new FormatError('looks like a log_format directive, but it is not `log_format NAME [escape=…] \'…\' …;` (check its quotes)')
  }
  if (trimmed.startsWith('escape=') || trimmed.startsWith("'")) {
    const tokens = confTokens(trimmed)
    const read = tokens && tokens.every((t, i) => t.quoted || (i === 0 && ESCAPE_PARAMETER.test(t.text))) ? fromTokens(tokens) : null
    if (read) return read
  }
  return { body: text, escape: 'default' }
}
