/**
 * Access-log lines for tests, in nginx's and Apache's combined format (and
 * the common format it extends): one builder, a test naming only the fields
 * it is about; the others are the usual `192.0.2.1 - - [22/Nov/2026:10:00:00
 * +0000] "GET / HTTP/1.1" 200 5 "-" "-"`.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const pad = (n: number): string => String(n).padStart(2, '0')

/** The epoch milliseconds of 22 Nov 2026, 10:00 plus `second` seconds, UTC. */
export function timeAt(second: number): number {
  return Date.UTC(2026, 10, 22, 10, 0, 0) + second * 1000
}

/** An instant (epoch ms) as a CLF time in UTC, as nginx's `$time_local` writes it on a machine in UTC: `22/Nov/2026:10:00:00 +0000`. */
export function clfTime(ms: number): string {
  const d = new Date(ms)
  return `${pad(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`
}

export interface LineFields {
  ip?: string
  user?: string
  /** As logged between the brackets (clfTime makes one): `22/Nov/2026:10:00:00 +0000`. */
  time?: string
  /** The request line; else `GET <url> HTTP/1.1`. */
  request?: string
  url?: string
  status?: number | string
  bytes?: number | string
  referer?: string
  userAgent?: string
}

/** A line of the common format: `ip - user [time] "request" status bytes`. */
export function commonLine(fields: LineFields = {}): string {
  const { ip = '192.0.2.1', user = '-', time = '22/Nov/2026:10:00:00 +0000', url = '/', status = 200, bytes = 5 } = fields
  return `${ip} - ${user} [${time}] "${fields.request ?? `GET ${url} HTTP/1.1`}" ${status} ${bytes}`
}

/** A line of the combined format: the common one, then `"referer" "user agent"`. */
export function combinedLine(fields: LineFields = {}): string {
  return `${commonLine(fields)} "${fields.referer ?? '-'}" "${fields.userAgent ?? '-'}"`
}
