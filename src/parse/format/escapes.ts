/**
 * Decoding of the escapes nginx and Apache write inside quoted log fields.
 *
 * nginx writes `"`, `\`, control bytes and bytes >= 0x80 as `\xHH`; Apache
 * writes `\"`, `\\`, C escapes (`\n`, `\t` …) and `\xhh`. The escapes stand
 * for raw bytes, so the decoded bytes are read as UTF-8, and invalid UTF-8
 * becomes U+FFFD.
 */

import { BACKSLASH } from '../../text/chars.js'

const utf8 = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true })

const C_ESCAPES: Record<string, number> = {
  '"': 0x22,
  '\\': 0x5c,
  a: 0x07,
  b: 0x08,
  f: 0x0c,
  n: 0x0a,
  r: 0x0d,
  t: 0x09,
  v: 0x0b,
}

function hexValue(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30
  const lower = code | 0x20
  if (lower >= 0x61 && lower <= 0x66) return lower - 0x61 + 10
  return -1
}

/** Decode `\xHH`, `\"`, `\\` and C escapes; anything else stays as written. */
export function decodeLogEscapes(text: string): string {
  if (!text.includes('\\')) return text
  const parts: Uint8Array[] = []
  let bytes: number[] = []
  let plainStart = 0
  const flushPlain = (end: number): void => {
    if (end > plainStart) {
      if (bytes.length) {
        parts.push(Uint8Array.from(bytes))
        bytes = []
      }
      parts.push(Buffer.from(text.slice(plainStart, end), 'utf8'))
    }
  }
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) !== BACKSLASH || i + 1 >= text.length) continue
    const next = text[i + 1] as string
    let byte = -1
    let width = 2
    if (next === 'x' || next === 'X') {
      const hi = hexValue(text.charCodeAt(i + 2))
      const lo = hexValue(text.charCodeAt(i + 3))
      if (hi >= 0 && lo >= 0) {
        byte = hi * 16 + lo
        width = 4
      }
    } else {
      byte = C_ESCAPES[next] ?? -1
    }
    if (byte < 0) continue
    flushPlain(i)
    bytes.push(byte)
    i += width - 1
    plainStart = i + 1
  }
  flushPlain(text.length)
  if (bytes.length) parts.push(Uint8Array.from(bytes))
  return utf8.decode(Buffer.concat(parts))
}
