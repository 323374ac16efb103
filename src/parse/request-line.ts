/**
 * Split a decoded request line (`GET /x HTTP/1.1`) into method, target and
 * protocol. A line without a protocol is HTTP/0.9 and counts like any other.
 * `-`, TLS bytes sent to a plain port and other junk give a null method.
 */

export interface RequestLine {
  method: string | null
  target: string | null
  protocol: string | null
}

const NOT_A_REQUEST: RequestLine = { method: null, target: null, protocol: null }
const METHOD = /^[A-Za-z][A-Za-z0-9_-]*$/
const PROTOCOL = /^HTTP\/\d+(?:\.\d+)?$/

export const splitRequestLine = (request: string): RequestLine => {
  const firstSpace = request.indexOf(' ')
  if (firstSpace <= 0) return NOT_A_REQUEST
  const method = request.slice(0, firstSpace)
  if (!METHOD.test(method)) return NOT_A_REQUEST
  const rest = request.slice(firstSpace + 1)
  const lastSpace = rest.lastIndexOf(' ')
  if (lastSpace > 0 && PROTOCOL.test(rest.slice(lastSpace + 1))) {
    return { method, target: rest.slice(0, lastSpace), protocol: rest.slice(lastSpace + 1) }
  }
  if (rest === '') return NOT_A_REQUEST
  return { method, target: rest, protocol: null }
}
