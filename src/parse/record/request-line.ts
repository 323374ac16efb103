/**
 * Split a decoded request line (`GET /x HTTP/1.1`) into method, target and
 * protocol. A line without a protocol is HTTP/0.9 and counts like any other.
 * `-`, TLS bytes sent to a plain port and other junk give a null method.
 */

import { DASH, DOT, isDigit } from '../../text/chars.js'

export interface RequestLine {
  method: string | null
  target: string | null
  protocol: string | null
}

const NOT_A_REQUEST: RequestLine = { method: null, target: null, protocol: null }

// Run once per log line, so written over char codes, not as regular expressions.

function isLetter(code: number): boolean {
  return (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a
}

/** `^[A-Za-z][A-Za-z0-9_-]*$` over `text[0, end)`. */
function isMethod(text: string, end: number): boolean {
  if (!isLetter(text.charCodeAt(0))) return false
  for (let i = 1; i < end; i++) {
    const code = text.charCodeAt(i)
    if (!isLetter(code) && !isDigit(code) && code !== 0x5f && code !== DASH) return false
  }
  return true
}

/** `^HTTP\/\d+(?:\.\d+)?$` over `text[start, end)`. */
function isProtocol(text: string, start: number): boolean {
  if (!text.startsWith('HTTP/', start)) return false
  let i = start + 5
  const end = text.length
  const major = i
  while (i < end && isDigit(text.charCodeAt(i))) i++
  if (i === major) return false
  if (i === end) return true
  if (text.charCodeAt(i) !== DOT) return false
  const minor = ++i
  while (i < end && isDigit(text.charCodeAt(i))) i++
  return i > minor && i === end
}

/** The methods nearly every line has, as constants: no new string per line. */
function methodText(request: string, end: number): string {
  if (end === 3 && request.startsWith('GET')) return 'GET'
  if (end === 4 && request.startsWith('POST')) return 'POST'
  if (end === 4 && request.startsWith('HEAD')) return 'HEAD'
  return request.slice(0, end)
}

const COMMON_METHOD = 'GET'
const COMMON_PROTOCOL = 'HTTP/1.1'

export function splitRequestLine(request: string): RequestLine {
  // the shape of most lines, `GET <target> HTTP/1.1`, without a scan
  const end = request.length - COMMON_PROTOCOL.length - 1
  if (end > COMMON_METHOD.length + 1 && request.startsWith('GET ') && request.endsWith(' HTTP/1.1')) {
    return { method: COMMON_METHOD, target: request.slice(COMMON_METHOD.length + 1, end), protocol: COMMON_PROTOCOL }
  }
  const firstSpace = request.indexOf(' ')
  if (firstSpace <= 0 || !isMethod(request, firstSpace)) return NOT_A_REQUEST
  const lastSpace = request.lastIndexOf(' ')
  if (lastSpace > firstSpace + 1 && isProtocol(request, lastSpace + 1)) {
    return { method: methodText(request, firstSpace), target: request.slice(firstSpace + 1, lastSpace), protocol: request.slice(lastSpace + 1) }
  }
  if (firstSpace + 1 === request.length) return NOT_A_REQUEST
  return { method: methodText(request, firstSpace), target: request.slice(firstSpace + 1), protocol: null }
}
