/**
 * Reading back the `timestamp` of an emitted row
 * (`2026-11-22T13:24:03.123456+01:00`): the instant, the offset it was shown
 * in, and the sub-second part it was written with. Rows are written in one
 * form only: `T`, seconds, 3 or 6 digits below the second or none, and an
 * offset with its colon.
 */

import { civilProblem, utcMillis } from '../parse/time/civil.js'
import { emptyIsoTime, scanIsoTime, type IsoForm } from '../parse/time/iso-time.js'
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

const ROW_TIMESTAMP: IsoForm = { space: false, partial: false, fraction: 'millisOrMicros', offset: 'required' }

/** The instant of a timestamp, or null when it is not a real one (or one a token cannot hold). */
export function parseRowTimestamp(text: string): RowInstant | null {
  const iso = emptyIsoTime()
  if (scanIsoTime(text, 0, ROW_TIMESTAMP, iso) !== text.length) return null
  const { year, month, day, hour, minute, second, fraction, offset } = iso
  if (offset === null || civilProblem(year, month - 1, day, hour, minute, second, false) !== null) return null
  const seconds = (utcMillis(year, month - 1, day, hour, minute, second) - offset * 60_000) / 1000
  const micros = fraction.length === 6 ? Number(fraction) : null
  const millis = fraction.length === 3 ? Number(fraction) : micros === null ? 0 : Math.floor(micros / 1000)
  const time = seconds * 1000 + millis
  if (time < 0 || time >= TIME_LIMIT) return null
  return { time, offset, micros, key: seconds * 1_000_000 + (micros ?? millis * 1000) }
}
