/**
 * What a token opens: the detail of one listed request, as label/value pairs.
 *
 * `summary` holds what the original profiler's detail header showed (Method,
 * HTTP Status, IP, Profiled on, Token; the URL is the heading). `log` holds
 * what only the access log knows, each field present only when the line had
 * it. Every value from the log is made visible here (control and bidi
 * characters shown, see profile/visible.ts); HTML escaping happens in the
 * templates.
 */

import { basename, isAbsolute } from 'node:path'
import { positionText } from '../parse/record/access-record.js'
import { visible } from '../text/visible.js'
import type { AccessRecord, ProfileRow } from '../record.js'

/**
 * What a published detail leaves out. A log's path names the server's
 * layout: an absolute one shows as its file name unless `fullPaths`
 * (`--full-paths`); a relative one as given. `hideRaw` (`--hide-raw`)
 * leaves out the raw line and the Source (file and line) altogether.
 */
export interface DetailOptions {
  hideRaw: boolean
  fullPaths: boolean
}

/** The default: raw lines shown, absolute paths by their file name. */
export const DEFAULT_DETAIL_OPTIONS: DetailOptions = { hideRaw: false, fullPaths: false }

/** A log's path as a published page shows it: `access.log` for `/var/log/nginx/access.log`, unless full paths are asked for; a relative one as given. */
export function shownPath(path: string, fullPaths: boolean): string {
  return fullPaths || !isAbsolute(path) ? path : basename(path)
}

/**
 * Where a line was read, as a published detail shows it: `access.log:401`
 * for `/var/log/nginx/access.log`, unless full paths are asked for; a
 * table's row names its server before its file (`web2:access.log@byte 5120`).
 */
export function shownSource(record: Pick<AccessRecord, 'source' | 'line' | 'byteOffset' | 'server'>, fullPaths: boolean): string {
  const server = record.server ?? ''
  const file = server !== '' && record.source.startsWith(`${server}:`) ? record.source.slice(server.length + 1) : null
  const source = file === null ? shownPath(record.source, fullPaths) : `${server}:${shownPath(file, fullPaths)}`
  return positionText({ ...record, source })
}

export interface DetailField {
  label: string
  value: string
}

export interface ProfileDetail {
  token: string
  /** Path and query as listed: the heading of the detail. */
  url: string
  status: number
  summary: DetailField[]
  log: DetailField[]
}

/** The only tokens we make (PHP `uniqid()` layout); anything else never becomes an id or a file name. */
export const TOKEN_PATTERN = /^[0-9a-f]{13}$/

/** Microseconds as milliseconds, exact to the microsecond and without trailing zeros: 1500 → `1.5 ms`. */
export function formatDuration(micros: number): string {
  const whole = Math.max(0, Math.round(micros))
  const ms = Math.floor(whole / 1000)
  const fraction = String(whole % 1000).padStart(3, '0').replace(/0+$/, '')
  return `${ms}${fraction ? `.${fraction}` : ''} ms`
}

/** The log-only fields, in the order a reader scans them; null values are left out. */
function logFields(record: AccessRecord, options: DetailOptions): DetailField[] {
  const fields: Array<[string, string | number | bigint | null]> = [
    ['Request line', record.request],
    ['Remote user', record.user],
    ['Referer', record.referer],
    ['User agent', record.userAgent],
    ['Bytes sent', record.bytes],
    ['Request time', record.duration === null ? null : formatDuration(record.duration)],
    ['Virtual host', record.host],
    ['Server port', record.port],
    ['X-Forwarded-For', record.forwardedFor],
    ['Logged peer address', record.loggedIp === record.ip ? null : record.loggedIp],
    ['Server', record.server ?? null],
    ['Raw line', options.hideRaw ? null : record.raw],
    ['Source', options.hideRaw ? null : shownSource(record, options.fullPaths)],
  ]
  return fields.flatMap(([label, value]) => (value === null ? [] : [{ label, value: visible(String(value)) }]))
}

export function profileDetail(row: ProfileRow, options: DetailOptions = DEFAULT_DETAIL_OPTIONS): ProfileDetail {
  return ({
  token: row.token,
  url: row.url,
  status: row.status,
  summary: [
    { label: 'Method', value: row.method },
    { label: 'HTTP Status', value: String(row.status) },
    { label: 'IP', value: row.ip },
    { label: 'Profiled on', value: `${row.date} ${row.clock}` },
    { label: 'Token', value: row.token },
  ],
  log: logFields(row.record, options),
})
}
