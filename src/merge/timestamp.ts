/**
 * Reading back the `timestamp` of an emitted row
 * (`2026-11-22T13:24:03.123456+01:00`): the instant, the offset it was shown
 * in, and the sub-second part it was written with.
 */

import { TIME_LIMIT } from '../record.js'

export interface RowInstant {
  /** Epoch milliseconds. */
  time: number
  /** Minutes east of UTC. */
  offset: number
  /** Microseconds within the second when written with 6 digits, else null. */
  micros: number | null
  /** Epoch microseconds: the sort key. */
  key: number
}

const ISO = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.(\d{3}|\d{6}))?([+-])(\d\d):(\d\d)$/

/** The instant of a timestamp, or null when it is not a real one. */
export const parseRowTimestamp = (text: string): RowInstant | null => {
  const m = ISO.exec(text)
  if (!m) return null
  const [y, mo, d, h, mi, s, oh, om] = [1, 2, 3, 4, 5, 6, 9, 10].map((i) => Number(m[i])) as [
    number, number, number, number, number, number, number, number,
  ]
  const local = Date.UTC(y, mo - 1, d, h, mi, s)
  const check = new Date(local)
  const realDate = check.getUTCFullYear() === y && check.getUTCMonth() === mo - 1 && check.getUTCDate() === d
  if (!realDate || h > 23 || mi > 59 || s > 59 || oh > 23 || om > 59) return null
  const offset = (m[8] === '-' ? -1 : 1) * (oh * 60 + om)
  const seconds = (local - offset * 60_000) / 1000
  const digits = m[7]
  const micros = digits?.length === 6 ? Number(digits) : null
  const millis = digits?.length === 3 ? Number(digits) : micros === null ? 0 : Math.floor(micros / 1000)
  const time = seconds * 1000 + millis
  if (time < 0 || time >= TIME_LIMIT) return null
  return { time, offset, micros, key: seconds * 1_000_000 + (micros ?? millis * 1000) }
}
