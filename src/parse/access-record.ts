/** Raw fields of a recognised line → a typed, decoded AccessRecord. */

import type { AccessRecord } from '../record.js'
import { parseClfTime, type LoggedTime } from './clf-time.js'
import { decodeLogEscapes } from './escapes.js'
import type { RawFields } from './line-format.js'
import { splitRequestLine } from './request-line.js'

/** Why a line was not turned into a record. */
export type SkipReason = 'not a log line' | 'bad time' | 'bad status'

export interface LinePosition {
  source: string
  line: number
}

const STATUS = /^[1-9]\d\d$/
/** Tokens hold the seconds in 8 hex digits: 1970 up to early 2106. */
const MAX_TIME = 0x1_0000_0000 * 1000
const BYTES = /^\d+$/

const dashToNull = (value: string | undefined): string | null =>
  value === undefined || value === '-' ? null : decodeLogEscapes(value)

/**
 * Consecutive lines mostly share their second, so the last time string and
 * its value are kept.
 */
const timeReader = (): ((s: string) => LoggedTime | null) => {
  let lastText = ''
  let lastValue: LoggedTime | null = null
  return (s) => {
    if (s !== lastText) {
      lastText = s
      lastValue = parseClfTime(s)
    }
    return lastValue
  }
}

export const recordBuilder = (): ((fields: RawFields, raw: string, at: LinePosition) => AccessRecord | SkipReason) => {
  const readTime = timeReader()
  return (fields, raw, at) => {
    const { ip, time: timeText, request: requestText, status: statusText } = fields
    if (ip === undefined || timeText === undefined || requestText === undefined || statusText === undefined) {
      return 'not a log line'
    }
    const time = readTime(timeText)
    if (!time || time.time < 0 || time.time >= MAX_TIME) return 'bad time'
    if (!STATUS.test(statusText)) return 'bad status'
    const request = decodeLogEscapes(requestText)
    const { method, target, protocol } = splitRequestLine(request)
    const bytesText = fields.bytes
    return {
      ip: decodeLogEscapes(ip),
      user: dashToNull(fields.user),
      time: time.time,
      offset: time.offset,
      micros: null,
      request,
      method,
      target,
      protocol,
      status: Number(statusText),
      bytes: bytesText !== undefined && BYTES.test(bytesText) ? Number(bytesText) : null,
      referer: dashToNull(fields.referer),
      userAgent: dashToNull(fields.userAgent),
      raw,
      source: at.source,
      line: at.line,
    }
  }
}
