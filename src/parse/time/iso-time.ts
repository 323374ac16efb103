/**
 * ISO 8601 times as nginx `$time_iso8601` writes them (`2026-11-22T10:00:01+01:00`),
 * and the variants other tools write into JSON logs: `Z`, `+0100`, a space
 * instead of `T`, a fraction of a second (`.123`, up to 9 digits, kept to the
 * microsecond), and no offset at all (then the log zone applies).
 */

import { digitsOfFraction, type TimeParts } from './time-parts.js'

const ISO = /(\d{4})-(\d\d)-(\d\d)[T ](\d\d):(\d\d):(\d\d)(?:[.,](\d{1,9}))?(Z|[+-]\d\d:?\d\d)?/y

/** Where an ISO time that starts at `pos` ends, or -1. */
export const consumeIsoTime = (s: string, pos: number): number => {
  ISO.lastIndex = pos
  return ISO.test(s) ? ISO.lastIndex : -1
}

const offsetMinutes = (zone: string): number | null => {
  if (zone === 'Z') return 0
  const sign = zone[0] === '-' ? -1 : 1
  const hours = Number(zone.slice(1, 3))
  const minutes = Number(zone.slice(zone.length - 2))
  if (hours > 23 || minutes > 59) return null
  return sign * (hours * 60 + minutes)
}

export const readIsoTime = (s: string, parts: TimeParts): boolean => {
  ISO.lastIndex = 0
  const m = ISO.exec(s)
  if (!m || ISO.lastIndex !== s.length) return false
  const [, year, month, day, hour, minute, second, fraction, zone] = m
  parts.year = Number(year)
  parts.month = Number(month) - 1
  parts.day = Number(day)
  parts.hour = Number(hour)
  parts.minute = Number(minute)
  parts.second = Number(second)
  if (fraction !== undefined) {
    parts.fraction = Number(fraction.padEnd(6, '0').slice(0, 6))
    parts.fractionDigits = digitsOfFraction(fraction)
  }
  if (zone !== undefined) {
    const offset = offsetMinutes(zone)
    if (offset === null) return false
    parts.offset = offset
  }
  return true
}
