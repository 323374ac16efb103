/**
 * Calendar arithmetic shared by the time readers. Month and day names are
 * always English in access logs, so they come from fixed tables, never from
 * the machine's locale.
 */

import { isDigit } from '../../text/chars.js'

export const MONTH_ABBREVIATIONS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const
export const MONTH_NAMES = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const
export const DAY_ABBREVIATIONS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const
export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const

/** `Jan` → 0 … `Dec` → 11. */
export const MONTH_INDEX: Readonly<Record<string, number>> =
  Object.fromEntries(MONTH_ABBREVIATIONS.map((name, i) => [name, i]))

/** The value of `count` ASCII digits at `start`, or -1 when one is not a digit. */
export function digits(s: string, start: number, count: number): number {
  let value = 0
  for (let i = start; i < start + count; i++) {
    const code = s.charCodeAt(i)
    if (!isDigit(code)) return -1
    value = value * 10 + code - 0x30
  }
  return value
}

/**
 * Date.UTC reads years 0–99 as 1900–1999, so it is called 400 years later
 * (the Gregorian calendar repeats every 400 years) and the cycle taken off.
 */
const CYCLE_MS = 146_097 * 86_400_000
export function utcMillis(year: number, month: number, day: number, h = 0, m = 0, s = 0): number {
  return Date.UTC(year + 400, month, day, h, m, s) - CYCLE_MS
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
export function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
}
export function daysInMonth(year: number, month: number): number {
  return month === 1 && isLeap(year) ? 29 : (DAYS[month] as number)
}

/** What keeps fields from naming a real day and time of day: the month, the day (that month has not) or the time of day. */
export type CivilProblem = 'month' | 'day' | 'time'

/** What is wrong with the fields (`month` 0–11), or null; a leap second (`:60`) is a time of day unless `leapSecond` is false. */
export function civilProblem(
  year: number, month: number, day: number, hour: number, minute: number, second: number, leapSecond = true,
): CivilProblem | null {
  if (year < 0 || month < 0 || month > 11) return 'month'
  if (day < 1 || day > daysInMonth(year, month)) return 'day'
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > (leapSecond ? 60 : 59)) return 'time'
  return null
}

/** Whether the fields name a real day and time of day; a leap second (`:60`) is allowed. */
export function isValidCivil(year: number, month: number, day: number, hour: number, minute: number, second: number): boolean {
  return civilProblem(year, month, day, hour, minute, second) === null
}

/** A zone offset as minutes east of UTC (`sign` -1 for west), or null when it is none: hours over 23, minutes over 59. */
export function offsetMinutes(sign: number, hours: number, minutes: number): number | null {
  return hours < 0 || hours > 23 || minutes < 0 || minutes > 59 ? null : sign * (hours * 60 + minutes)
}
