/**
 * ISO 8601 times, read here for every use: the times in log lines (nginx
 * `$time_iso8601`, and what other tools write into JSON logs), the
 * `timestamp` of emitted rows that merge reads back, and `--from` and
 * `--until`. Each use says which form it takes (IsoForm); the digits, the
 * separators and the checks of the values are the same for all.
 *
 * The form of log times: `2026-11-22T10:00:01+01:00`, also with `Z`, `+0100`,
 * a space instead of `T`, a fraction of a second (`.123`, up to 9 digits,
 * kept to the microsecond), or no offset at all (then the log zone applies).
 */

import { COLON, COMMA, DASH, DOT, isDigit, LOWER_Z, PLUS, SPACE, UPPER_T, UPPER_Z } from '../../text/chars.js'
import { digits, offsetMinutes } from './civil.js'
import { digitsOfFraction, type TimeParts } from './time-parts.js'

/** What a use lets through besides `2026-11-22T10:00:01+01:00`. */
export interface IsoForm {
  /** A space may stand for the `T`. */
  space: boolean
  /** A date alone, and a time of day without seconds. */
  partial: boolean
  /** A fraction of a second: none; 1 to 9 digits after `.` or `,`; or exactly 3 or 6 after `.` (milliseconds, microseconds). */
  fraction: 'none' | 'any' | 'millisOrMicros'
  /** `optional`: an offset may be left out, and be `Z` (or `z`) or `+0100`; `required`: always `±hh:mm`. */
  offset: 'optional' | 'required'
}

/** The fields of an ISO time as written; only the offset is checked (see civilProblem for the rest). */
export interface IsoTime {
  year: number
  /** 1–12, as written. */
  month: number
  day: number
  /** -1 for a date alone. */
  hour: number
  minute: number
  /** -1 when not written. */
  second: number
  /** The digits of the fraction of a second; '' for none. */
  fraction: string
  /** Where the offset starts in the text, -1 when none is written; it ends where the time ends. */
  zoneAt: number
  /** The offset in minutes east of UTC; null when none is written, or when it is none (over 23:59). */
  offset: number | null
}

export function emptyIsoTime(): IsoTime {
  return ({ year: 0, month: 0, day: 0, hour: -1, minute: -1, second: -1, fraction: '', zoneAt: -1, offset: null })
}

/** Where the fraction of a second that starts at `pos` (its `.`) ends; `pos` when there is none of the form. */
function fractionEnd(s: string, pos: number, form: IsoForm): number {
  const mark = s.charCodeAt(pos)
  if (form.fraction === 'none' || !(mark === DOT || (mark === COMMA && form.fraction === 'any'))) return pos
  const most = form.fraction === 'any' ? 9 : 6
  let end = pos + 1
  while (end - pos <= most && isDigit(s.charCodeAt(end))) end++
  const count = end - pos - 1
  return (form.fraction === 'any' ? count > 0 : count === 3 || count === 6) ? end : pos
}

/** Reads the offset of the form that starts at `pos` into `into`; its end, or `pos` when there is none. */
function scanZone(s: string, pos: number, form: IsoForm, into: IsoTime): number {
  const code = s.charCodeAt(pos)
  if (code === UPPER_Z || code === LOWER_Z) {
    if (form.offset === 'required') return pos
    into.zoneAt = pos
    into.offset = 0
    return pos + 1
  }
  const hours = digits(s, pos + 1, 2)
  if ((code !== PLUS && code !== DASH) || hours < 0) return pos
  const colon = s.charCodeAt(pos + 3) === COLON
  if (!colon && form.offset === 'required') return pos
  const minutesAt = colon ? pos + 4 : pos + 3
  const minutes = digits(s, minutesAt, 2)
  if (minutes < 0) return pos
  into.zoneAt = pos
  into.offset = offsetMinutes(code === DASH ? -1 : 1, hours, minutes)
  return minutesAt + 2
}

/**
 * Reads an ISO time of the form at `pos` into `into`, as far as it goes;
 * returns its end, or -1 when there is none. Checks the shape only.
 */
export function scanIsoTime(s: string, pos: number, form: IsoForm, into: IsoTime): number {
  const year = digits(s, pos, 4)
  const month = digits(s, pos + 5, 2)
  const day = digits(s, pos + 8, 2)
  if (year < 0 || month < 0 || day < 0 || s.charCodeAt(pos + 4) !== DASH || s.charCodeAt(pos + 7) !== DASH) return -1
  into.year = year
  into.month = month
  into.day = day
  into.hour = into.minute = into.second = into.zoneAt = -1
  into.fraction = ''
  into.offset = null
  let i = pos + 10
  const separator = s.charCodeAt(i)
  const hour = digits(s, i + 1, 2)
  const minute = digits(s, i + 4, 2)
  if ((separator !== UPPER_T && !(separator === SPACE && form.space)) || hour < 0 || s.charCodeAt(i + 3) !== COLON || minute < 0) {
    return form.partial ? i : -1
  }
  into.hour = hour
  into.minute = minute
  i += 6
  const second = s.charCodeAt(i) === COLON ? digits(s, i + 1, 2) : -1
  if (second >= 0) {
    into.second = second
    i += 3
    const end = fractionEnd(s, i, form)
    into.fraction = s.slice(i + 1, end)
    i = end
  } else if (!form.partial) {
    return -1
  }
  const end = scanZone(s, i, form, into)
  return end === i && form.offset === 'required' ? -1 : end
}

const LOG_TIME: IsoForm = { space: true, partial: false, fraction: 'any', offset: 'optional' }
const scratch = emptyIsoTime()

/** Where a log's ISO time that starts at `pos` ends, or -1. */
export function consumeIsoTime(s: string, pos: number): number {
  return scanIsoTime(s, pos, LOG_TIME, scratch)
}

/** A log's ISO time into the parts; the day and time of day are checked when the parts are resolved. */
export function readIsoTime(s: string, parts: TimeParts): boolean {
  const time = scratch
  if (scanIsoTime(s, 0, LOG_TIME, time) !== s.length) return false
  if (time.zoneAt >= 0 && time.offset === null) return false
  parts.year = time.year
  parts.month = time.month - 1
  parts.day = time.day
  parts.hour = time.hour
  parts.minute = time.minute
  parts.second = time.second
  if (time.fraction !== '') {
    parts.fraction = Number(time.fraction.padEnd(6, '0').slice(0, 6))
    parts.fractionDigits = digitsOfFraction(time.fraction)
  }
  if (time.offset !== null) parts.offset = time.offset
  return true
}
