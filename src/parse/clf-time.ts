/**
 * The Common Log Format time, `10/Oct/2000:13:55:36 -0700` (nginx
 * `$time_local`, Apache `%t`). Month names are always English in these logs,
 * so they are read from a fixed table, never from the machine's locale.
 */

export interface LoggedTime {
  /** Epoch milliseconds. */
  time: number
  /** Minutes east of UTC, as logged. */
  offset: number
}

const MONTHS: Record<string, number> = {
  Jan: 0, Feb: 1, Mar: 2, Apr: 3, May: 4, Jun: 5,
  Jul: 6, Aug: 7, Sep: 8, Oct: 9, Nov: 10, Dec: 11,
}

const digits = (s: string, start: number, count: number): number => {
  let value = 0
  for (let i = start; i < start + count; i++) {
    const d = s.charCodeAt(i) - 0x30
    if (d < 0 || d > 9) return -1
    value = value * 10 + d
  }
  return value
}

/**
 * Date.UTC reads years 0–99 as 1900–1999, so it is called 400 years later
 * (the Gregorian calendar repeats every 400 years) and the cycle taken off.
 */
const CYCLE_MS = 146_097 * 86_400_000
const utc = (year: number, month: number, day: number, h = 0, m = 0, s = 0): number =>
  Date.UTC(year + 400, month, day, h, m, s) - CYCLE_MS

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
const isLeap = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
const daysInMonth = (year: number, month: number): number =>
  month === 1 && isLeap(year) ? 29 : (DAYS[month] as number)

/** Parse `dd/Mon/yyyy:HH:MM:SS ±hhmm`; null when it is not exactly that. */
export const parseClfTime = (s: string): LoggedTime | null => {
  if (s.length !== 26 || s[2] !== '/' || s[6] !== '/' || s[11] !== ':' ||
      s[14] !== ':' || s[17] !== ':' || s[20] !== ' ') return null
  const month = MONTHS[s.slice(3, 6)]
  if (month === undefined) return null
  const day = digits(s, 0, 2)
  const year = digits(s, 7, 4)
  const hour = digits(s, 12, 2)
  const minute = digits(s, 15, 2)
  const second = digits(s, 18, 2)
  const sign = s[21] === '+' ? 1 : s[21] === '-' ? -1 : 0
  const offHours = digits(s, 22, 2)
  const offMinutes = digits(s, 24, 2)
  if (year < 0 || day < 1 || hour < 0 || hour > 23 || minute < 0 || minute > 59 ||
      second < 0 || second > 60 || sign === 0 || offHours < 0 || offHours > 23 ||
      offMinutes < 0 || offMinutes > 59 || day > daysInMonth(year, month)) return null
  const offset = sign * (offHours * 60 + offMinutes)
  const local = utc(year, month, day, hour, minute, Math.min(second, 59))
  return { time: local - offset * 60_000, offset }
}
