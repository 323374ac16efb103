/**
 * `--from` and `--until`: an ISO date (`2026-11-22`) or date-time
 * (`2026-11-22T10:00`, `2026-11-22T10:00:30`), both inclusive, read as the
 * wall-clock time the Time column shows: in `--tz` when given, else in the
 * offset each line was logged with. A bound covers the whole unit it names,
 * so `--until 2026-11-22` includes that whole day and `--until …T10:00` the
 * whole minute. Comparing wall-clock times (not instants) keeps the filter
 * true to what the page shows, also across a DST change, where the same
 * wall-clock hour happens twice.
 */

import { luxon } from '../../parse/time/luxon.js'
import type { DisplayZone } from '../../profile/display-time.js'
import { InvalidCriterion } from './invalid-criterion.js'

/** A span of wall-clock time, in milliseconds on a clock read as if it were UTC: [start, end). */
export interface TimeBound {
  /** As given. */
  text: string
  start: number
  end: number
}

const HINT = 'give an ISO date such as 2026-11-22 or a date-time such as 2026-11-22T10:00 or 2026-11-22T10:00:30'
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/
const WITH_ZONE = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})$/i
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

const MINUTE = 60_000
const DAY = 86_400_000

const wallClock = (year: number, month: number, day: number, hour: number, minute: number, second: number): number => {
  const at = new Date(0)
  at.setUTCFullYear(year, month - 1, day)
  at.setUTCHours(hour, minute, second, 0)
  return at.getTime()
}

export const parseTimeBound = (text: string): TimeBound => {
  if (WITH_ZONE.test(text)) {
    throw new InvalidCriterion('leave out the zone offset: times are read in the display zone (--tz, else each line\'s own offset)')
  }
  const m = ISO.exec(text)
  if (!m) throw new InvalidCriterion(HINT)
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (month < 1 || month > 12) throw new InvalidCriterion(`there is no month ${m[2]}; ${HINT}`)
  const daysInMonth = new Date(wallClock(year, month + 1, 0, 0, 0, 0)).getUTCDate()
  if (day < 1 || day > daysInMonth) throw new InvalidCriterion(`${MONTHS[month - 1]} ${m[1]} has no day ${m[3]}; ${HINT}`)
  if (m[4] === undefined) {
    const start = wallClock(year, month, day, 0, 0, 0)
    return { text, start, end: start + DAY }
  }
  const [hour, minute] = [Number(m[4]), Number(m[5])]
  const second = m[6] === undefined ? null : Number(m[6])
  if (hour > 23 || minute > 59 || (second !== null && second > 59)) {
    throw new InvalidCriterion(`${text.slice(11)} is not a time of day (00:00 to 23:59:59); ${HINT}`)
  }
  const start = wallClock(year, month, day, hour, minute, second ?? 0)
  return { text, start, end: start + (second === null ? MINUTE : 1000) }
}

/** Is the range empty? Then `--from` is after `--until`. */
export const isEmptyRange = (from: TimeBound, until: TimeBound): boolean => from.start >= until.end

/**
 * The wall-clock time a record shows, as milliseconds on a clock read as if
 * it were UTC: in the display zone, else in the line's own offset. The
 * zone's offset is looked up once per minute of log time.
 */
export const wallClockReader = (zone: DisplayZone): ((time: number, offset: number) => number) => {
  if (zone === null) return (time, offset) => time + offset * MINUTE
  const iana = luxon().IANAZone.create(zone)
  if (!iana.isValid) throw new RangeError(`unknown time zone ${zone}`)
  let cachedMinute = Number.NaN
  let cachedOffset = 0
  return (time) => {
    const minute = Math.floor(time / MINUTE)
    if (minute !== cachedMinute) {
      cachedMinute = minute
      cachedOffset = iana.offset(time)
    }
    return time + cachedOffset * MINUTE
  }
}

/** Tests a record's time against the bounds; null when there are none. */
export const timeRangeMatcher = (
  from: TimeBound | null,
  until: TimeBound | null,
  zone: DisplayZone,
): ((time: number, offset: number) => boolean) | null => {
  if (from === null && until === null) return null
  const read = wallClockReader(zone)
  const low = from?.start ?? -Infinity
  const high = until?.end ?? Infinity
  return (time, offset) => {
    const shown = read(time, offset)
    return shown >= low && shown < high
  }
}
