/**
 * A line may state its time in several fields: a date in one, a fraction of
 * a second in another, an offset in a third (Apache
 * `[%{%d/%b/%Y:%H:%M:%S}t.%{msec_frac}t %{%z}t]`), or as epoch seconds next
 * to a local time (nginx `$msec` and `$time_local`). Each time field's reader
 * fills what it knows into one TimeParts; `resolveTime` then makes the
 * instant, the offset to show and the microseconds of it.
 */

import { daysInMonth, isLeap, isValidCivil, utcMillis } from './civil.js'
import type { LogZone } from './log-zone.js'
import type { SubsecondDigits } from '../../record.js'

/** The precision of a decimal fraction as logged: up to 3 digits are milliseconds, more are microseconds (kept to 6). */
export function digitsOfFraction(fraction: string): SubsecondDigits {
  return (fraction.length <= 3 ? 3 : 6)
}

export interface TimeParts {
  /** Calendar fields; -1 when no field gave them. `month` is 0–11. */
  year: number
  month: number
  day: number
  /** Day of the year, 1–366 (strftime `%j`), used when there is no month and day. */
  yday: number
  hour: number
  minute: number
  second: number
  /** 12-hour clock: 0 for AM, 1 for PM; -1 when the hour is on the 24-hour clock. */
  meridiem: number
  /** Minutes east of UTC, when a field states it. */
  offset: number | null
  /** An absolute instant, in epoch microseconds. */
  epochMicros: number | null
  /** How many digits below the second `epochMicros` was logged with: 0 for whole seconds. */
  epochDigits: 0 | SubsecondDigits
  /** Microseconds within the second from a fraction field (`%{msec_frac}t`, ISO `.123`). */
  fraction: number | null
  /** How many digits the fraction field was logged with. */
  fractionDigits: SubsecondDigits
}

export function emptyTimeParts(): TimeParts {
  return ({
  year: -1, month: -1, day: -1, yday: -1, hour: -1, minute: -1, second: -1, meridiem: -1,
  offset: null, epochMicros: null, epochDigits: 0, fraction: null, fractionDigits: 6,
})
}

/** Reads one time field into the parts; false when the text is not that kind of time. */
export type TimeReader = (text: string, parts: TimeParts) => boolean

export interface ResolvedTime {
  /** Epoch milliseconds. */
  time: number
  /** Minutes east of UTC: as logged, else the log zone's offset at that instant. */
  offset: number
  /** Microseconds within the second, when the log has sub-second time. */
  micros: number | null
  /** With `micros`: how many digits below the second the log gave; null without. */
  subsecondDigits: SubsecondDigits | null
}

const MICROS = 1_000_000

function monthDayOf(year: number, yday: number): { month: number; day: number } | null {
  if (yday < 1 || yday > (isLeap(year) ? 366 : 365)) return null
  let month = 0
  let day = yday
  while (day > daysInMonth(year, month)) {
    day -= daysInMonth(year, month)
    month++
  }
  return { month, day }
}

/** The instant the parts describe, or null when they are incomplete or not a real time. */
export function resolveTime(parts: TimeParts, zone: LogZone): ResolvedTime | null {
  if (parts.epochMicros !== null) {
    let epoch = parts.epochMicros
    let micros: number | null = null
    let subsecondDigits: SubsecondDigits | null = null
    if (parts.epochDigits !== 0) {
      micros = ((epoch % MICROS) + MICROS) % MICROS
      subsecondDigits = parts.epochDigits
    } else if (parts.fraction !== null) {
      micros = parts.fraction
      subsecondDigits = parts.fractionDigits
      epoch += micros
    }
    const time = Math.floor(epoch / 1000)
    return { time, offset: parts.offset ?? zone.offsetAt(time), micros, subsecondDigits }
  }
  let { month, day, hour } = parts
  const { year, minute } = parts
  if (year < 0 || hour < 0 || minute < 0) return null
  if (month < 0 || day < 0) {
    if (parts.yday < 0) return null
    const monthDay = monthDayOf(year, parts.yday)
    if (!monthDay) return null
    month = monthDay.month
    day = monthDay.day
  }
  if (parts.meridiem >= 0) {
    if (hour < 1 || hour > 12) return null
    hour = (hour % 12) + 12 * parts.meridiem
  }
  const second = parts.second < 0 ? 0 : parts.second
  if (!isValidCivil(year, month, day, hour, minute, second)) return null
  const local = utcMillis(year, month, day, hour, minute, Math.min(second, 59))
  const fraction = parts.fraction
  const millis = fraction === null ? 0 : Math.floor(fraction / 1000)
  const subsecondDigits = fraction === null ? null : parts.fractionDigits
  if (parts.offset !== null) return { time: local - parts.offset * 60_000 + millis, offset: parts.offset, micros: fraction, subsecondDigits }
  const zoned = zone.fromLocal(local)
  return { time: zoned.time + millis, offset: zoned.offset, micros: fraction, subsecondDigits }
}
