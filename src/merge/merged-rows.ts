/**
 * Rows read back from NDJSON → the rows of a listing again, with the tokens
 * they were written with. The access record is rebuilt from the row's
 * fields, so every output format shows what the building server showed; the
 * Time column is recomputed from the timestamp in the display zone.
 */

import { splitRequestLine } from '../parse/record/request-line.js'
import type { AccessRecord, DisplayZone, ProfileRow } from '../record.js'
import { toProfileRows } from '../profile/rows.js'
import type { ReadRow } from './read-row.js'

export function toAccessRecord({ row, at }: ReadRow): AccessRecord {
  return ({
  ip: row.ip,
  loggedIp: row.loggedIp,
  user: row.user,
  time: at.time,
  offset: at.offset,
  micros: at.micros,
  request: row.request,
  method: row.method === '' ? null : row.method,
  target: row.url,
  protocol: splitRequestLine(row.request).protocol,
  status: row.status,
  bytes: row.bytes,
  referer: row.referer,
  userAgent: row.userAgent,
  host: row.host,
  port: row.port,
  forwardedFor: row.forwardedFor,
  duration: row.duration,
  raw: row.raw,
  source: row.source,
  line: row.line,
  byteOffset: row.byteOffset,
  server: row.server ?? null,
})
}

/** `rows` newest first; the listing keeps that order and each row's token. */
export function mergedProfileRows(rows: readonly ReadRow[], zone: DisplayZone): ProfileRow[] {
  return toProfileRows(rows.map(toAccessRecord), zone).map((profileRow, i) => ({ ...profileRow, token: (rows[i] as ReadRow).row.token }))
}
