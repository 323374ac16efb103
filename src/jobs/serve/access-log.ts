/**
 * One line per request on stderr, in the combined log format nginx and
 * Apache write (`profiler-search build --any-url --method any --status any`
 * reads it): client, user, time in this machine's zone, request line,
 * status, body bytes, Referer, User-Agent. Values are escaped as nginx
 * escapes them (`"`, `\`, controls and bytes above 0x7e as `\xHH`), so a
 * request cannot forge a line. A client that went away before its response
 * was complete is logged with nginx's 499.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** nginx's status for a client that closed the connection before the response was complete. */
export const CLIENT_CLOSED = 499

export interface LoggedRequest {
  /** The peer's address. */
  client: string
  /** The user `--htpasswd` let in; null for none. */
  user: string | null
  /** When the request came. */
  at: Date
  /** `GET /?ip=10. HTTP/1.1`; null for a request that could not be read. */
  requestLine: string | null
  status: number
  /** Body bytes sent. */
  bytes: number
  referer: string | undefined
  userAgent: string | undefined
}

function pad(n: number): string {
  return String(n).padStart(2, '0')
}

/** `26/Nov/2026:21:05:09 +0100`, in this machine's zone (TZ), as nginx's $time_local. */
export function logTime(at: Date): string {
  const offset = -at.getTimezoneOffset()
  const sign = offset < 0 ? '-' : '+'
  const abs = Math.abs(offset)
  return `${pad(at.getDate())}/${MONTHS[at.getMonth()] as string}/${at.getFullYear()}:${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())} ` +
    `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`
}

/** A value as nginx logs it: `"`, `\`, controls and anything past `~` as `\xHH` of its UTF-8 bytes (Node gives header bytes as latin1 characters). */
export function escapeLogValue(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/["\\\x00-\x1f\x7f-\uffff]/g, (char) => {
    const code = char.charCodeAt(0)
    const bytes = code <= 0xff ? [code] : [...Buffer.from(char, 'utf8')]
    return bytes.map((byte) => `\\x${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('')
  })
}

function quoted(value: string | null | undefined): string {
  return value === null || value === undefined || value === '' ? '"-"' : `"${escapeLogValue(value)}"`
}

/** The request's line, without its newline. */
export function combinedLine(request: LoggedRequest): string {
  const user = request.user === null ? '-' : escapeLogValue(request.user)
  return `${escapeLogValue(request.client)} - ${user} [${logTime(request.at)}] ${quoted(request.requestLine)} ${request.status} ${request.bytes} ` +
    `${quoted(request.referer)} ${quoted(request.userAgent)}`
}
