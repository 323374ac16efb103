/**
 * A listed row as data: the six columns of the page plus what the log had.
 * schema/row.schema.json describes it; JSON, NDJSON and CSV write these keys
 * in this order, and `merge` reads them back.
 *
 * Values are the ones decoded from the log, not made visible as on the page:
 * JSON escapes every control character itself, and CSV quotes them.
 */

import type { Zone } from 'luxon'
import { luxon } from '../parse/time/luxon.js'
import { wallClockReader } from '../parse/time/wall-clock.js'
import type { DisplayZone, ProfileRow, SubsecondDigits } from '../record.js'
import { displayUrl } from '../text/url.js'
import type { EmittedRow } from '../row-format.js'

function pad(n: number, width: number): string {
  return String(n).padStart(width, '0')
}

/**
 * The instant of a record as ISO 8601 in the display zone (`zone`, or the
 * logged offset when null), so it agrees with the Time column. The fraction
 * has as many digits as the log gave (`subsecondDigits`): 3 for milliseconds
 * (`$msec`, `%{msec}t`), 6 for microseconds; none for whole seconds. Without
 * `subsecondDigits` (a merged row) known microseconds give 6 digits, and
 * milliseconds of the time alone 3 when there are any.
 */
export function isoTimestamp(
  time: number,
  offset: number,
  micros: number | null,
  zone: DisplayZone,
  subsecondDigits: SubsecondDigits | null = null,
): string {
  const seconds = Math.floor(time / 1000)
  const millis = time - seconds * 1000
  let fraction = ''
  if (micros !== null) fraction = subsecondDigits === 3 ? `.${pad(Math.floor(micros / 1000), 3)}` : `.${pad(micros, 6)}`
  else if (millis !== 0) fraction = `.${pad(millis, 3)}`
  const wall = wallClockOf(zone)(seconds * 1000, offset)
  const at = new Date(wall)
  const year = at.getUTCFullYear()
  if (!(year >= 0 && year <= 9999)) return luxonTimestamp(seconds * 1000, offset, zone, fraction)
  const shift = Math.round((wall - seconds * 1000) / 60_000)
  const sign = shift < 0 ? '-' : '+'
  const zoneText = `${sign}${pad(Math.floor(Math.abs(shift) / 60), 2)}:${pad(Math.abs(shift) % 60, 2)}`
  return `${pad(year, 4)}-${pad(at.getUTCMonth() + 1, 2)}-${pad(at.getUTCDate(), 2)}T${pad(at.getUTCHours(), 2)}:${pad(at.getUTCMinutes(), 2)}:${pad(at.getUTCSeconds(), 2)}${fraction}${zoneText}`
}

/** The wall-clock reader of the zone asked for last (a run writes all its rows in one zone). */
let lastZone: { zone: DisplayZone; read: (time: number, offset: number) => number } | null = null

function wallClockOf(zone: DisplayZone): (time: number, offset: number) => number {
  if (lastZone === null || lastZone.zone !== zone) lastZone = { zone, read: wallClockReader(zone) }
  return lastZone.read
}

/** A year outside 0–9999, as luxon writes it. */
function luxonTimestamp(time: number, offset: number, zone: DisplayZone, fraction: string): string {
  const { DateTime, FixedOffsetZone, IANAZone } = luxon()
  const where: Zone = zone === null ? FixedOffsetZone.instance(offset) : IANAZone.create(zone)
  const at = DateTime.fromMillis(time, { zone: where, locale: 'en-US', numberingSystem: 'latn' })
  return `${at.toFormat("yyyy-MM-dd'T'HH:mm:ss")}${fraction}${at.toFormat('ZZ')}`
}

export function toEmittedRow(row: ProfileRow, zone: DisplayZone): EmittedRow {
  const r = row.record
  return {
    status: row.status,
    ip: r.ip,
    method: r.method ?? '',
    url: displayUrl(r.target ?? ''),
    time: `${row.date} ${row.clock}`,
    token: row.token,
    timestamp: isoTimestamp(r.time, r.offset, r.micros, zone, r.subsecondDigits ?? null),
    referer: r.referer,
    userAgent: r.userAgent,
    bytes: r.bytes,
    duration: r.duration,
    host: r.host,
    port: r.port,
    forwardedFor: r.forwardedFor,
    loggedIp: r.loggedIp,
    user: r.user,
    request: r.request,
    raw: r.raw,
    source: r.source,
    line: r.line,
    byteOffset: r.byteOffset,
    ...(r.server ? { server: r.server } : {}),
  }
}
