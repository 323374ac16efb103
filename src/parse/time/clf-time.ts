/**
 * The Common Log Format time, `10/Oct/2000:13:55:36 -0700` (nginx
 * `$time_local`, Apache `%t` without its brackets). Month names are always
 * English in these logs, so they are read from a fixed table, never from the
 * machine's locale.
 */

import { digits, isValidCivil, MONTH_ABBREVIATIONS, MONTH_INDEX, offsetMinutes, utcMillis } from './civil.js'
import type { TimeParts } from './time-parts.js'
import { COLON, DASH, PLUS, SLASH, SPACE } from '../../text/chars.js'

export interface LoggedTime {
  /** Epoch milliseconds. */
  time: number
  /** Minutes east of UTC, as logged. */
  offset: number
}

/** The length of a CLF time. */
export const CLF_LENGTH = 26

/** Does a CLF-shaped time start at `pos`? The end of it, or -1. (The values are checked when read.) */
export function consumeClfTime(s: string, pos: number): number {
  return s.length >= pos + CLF_LENGTH && s.charCodeAt(pos + 2) === SLASH && s.charCodeAt(pos + 6) === SLASH &&
  s.charCodeAt(pos + 11) === COLON && s.charCodeAt(pos + 20) === SPACE
    ? pos + CLF_LENGTH
    : -1
}

interface ClfFields {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
  offset: number
}

function clfFields(s: string): ClfFields | null {
  if (s.length !== CLF_LENGTH || s[2] !== '/' || s[6] !== '/' || s[11] !== ':' ||
      s[14] !== ':' || s[17] !== ':' || s[20] !== ' ') return null
  const month = MONTH_INDEX[s.slice(3, 6)]
  if (month === undefined) return null
  const day = digits(s, 0, 2)
  const year = digits(s, 7, 4)
  const hour = digits(s, 12, 2)
  const minute = digits(s, 15, 2)
  const second = digits(s, 18, 2)
  const sign = s[21] === '+' ? 1 : s[21] === '-' ? -1 : 0
  const offset = sign === 0 ? null : offsetMinutes(sign, digits(s, 22, 2), digits(s, 24, 2))
  if (!isValidCivil(year, month, day, hour, minute, second) || offset === null) return null
  return { year, month, day, hour, minute, second, offset }
}

/** `Jan` … `Dec` as three char codes in one number. */
const MONTH_CODES: readonly number[] = MONTH_ABBREVIATIONS.map((name) =>
  (name.charCodeAt(0) << 16) | (name.charCodeAt(1) << 8) | name.charCodeAt(2))

// Lines of one log share their date for hours: its month and midnight are
// worked out once per change. Everything is read from char codes; no string
// is made.
let lastMonthCode = -1
let lastMonth = -1
let lastDayKey = -1
let lastDayStart = Number.NaN

/** The month (0–11) named at `i`, or -1. */
function monthAt(s: string, i: number): number {
  const code = (s.charCodeAt(i) << 16) | (s.charCodeAt(i + 1) << 8) | s.charCodeAt(i + 2)
  if (code === lastMonthCode) return lastMonth
  lastMonthCode = code
  lastMonth = MONTH_CODES.indexOf(code)
  return lastMonth
}

/** Two ASCII digits at `i` → 0–99, or -1. */
function twoDigits(s: string, i: number): number {
  const a = s.charCodeAt(i) - 0x30
  const b = s.charCodeAt(i + 1) - 0x30
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1
}

/**
 * Reads `dd/Mon/yyyy:HH:MM:SS ±hhmm` into `into`; false when it is not
 * exactly that. The per-line form of {@link parseClfTime}: no object is made.
 */
export function readClfTimeInto(s: string, into: LoggedTime): boolean {
  if (s.length !== CLF_LENGTH || s.charCodeAt(2) !== SLASH || s.charCodeAt(6) !== SLASH || s.charCodeAt(11) !== COLON ||
      s.charCodeAt(14) !== COLON || s.charCodeAt(17) !== COLON || s.charCodeAt(20) !== SPACE) return false
  const day = twoDigits(s, 0)
  const month = monthAt(s, 3)
  const century = twoDigits(s, 7)
  const yearInCentury = twoDigits(s, 9)
  if (day < 0 || month < 0 || century < 0 || yearInCentury < 0) return false
  const year = century * 100 + yearInCentury
  const dayKey = (year * 12 + month) * 100 + day
  if (dayKey !== lastDayKey) {
    lastDayKey = dayKey
    lastDayStart = isValidCivil(year, month, day, 0, 0, 0) ? utcMillis(year, month, day) : Number.NaN
  }
  const hour = twoDigits(s, 12)
  const minute = twoDigits(s, 15)
  const second = twoDigits(s, 18)
  const signCode = s.charCodeAt(21)
  const sign = signCode === PLUS ? 1 : signCode === DASH ? -1 : 0
  const offset = sign === 0 ? null : offsetMinutes(sign, twoDigits(s, 22), twoDigits(s, 24))
  if (Number.isNaN(lastDayStart) || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 60 ||
      offset === null) return false
  into.time = lastDayStart + ((hour * 60 + minute) * 60 + Math.min(second, 59)) * 1000 - offset * 60_000
  into.offset = offset
  return true
}

/** Parse `dd/Mon/yyyy:HH:MM:SS ±hhmm`; null when it is not exactly that. */
export function parseClfTime(s: string): LoggedTime | null {
  const time: LoggedTime = { time: 0, offset: 0 }
  return readClfTimeInto(s, time) ? time : null
}

/** The CLF time as a time-field reader. */
export function readClfTime(s: string, parts: TimeParts): boolean {
  const f = clfFields(s)
  if (!f) return false
  parts.year = f.year
  parts.month = f.month
  parts.day = f.day
  parts.hour = f.hour
  parts.minute = f.minute
  parts.second = f.second
  parts.offset = f.offset
  return true
}
