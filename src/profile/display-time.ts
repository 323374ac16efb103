/**
 * The Time column, `DD.MM.YYYY H:MM:SS` (German date, PHP `G:i:s`), in the
 * zone the line was logged in, or in `--tz` when given. The digits never
 * depend on the machine's locale.
 */

import type { DisplayZone } from '../record.js'
import type { Zone } from 'luxon'
import { luxon } from '../parse/time/luxon.js'

export interface DisplayTime {
  date: string
  clock: string
}


export function isKnownZone(name: string): boolean {
  return luxon().IANAZone.isValidZone(name)
}

function pad2(n: number): string {
  return (n < 10 ? `0${n}` : String(n))
}

/**
 * In a fixed offset the calendar is plain arithmetic on the UTC fields, so
 * luxon is not loaded for it; null for a year outside 0–9999, which luxon
 * writes its own way.
 */
function inFixedOffset(time: number, offset: number): DisplayTime | null {
  const at = new Date(time + offset * 60_000)
  const year = at.getUTCFullYear()
  if (!(year >= 0 && year <= 9999)) return null
  return {
    date: `${pad2(at.getUTCDate())}.${pad2(at.getUTCMonth() + 1)}.${String(year).padStart(4, '0')}`,
    clock: `${at.getUTCHours()}:${pad2(at.getUTCMinutes())}:${pad2(at.getUTCSeconds())}`,
  }
}

function inZone(time: number, zone: Zone): DisplayTime {
  const at = luxon().DateTime.fromMillis(time, { zone, locale: 'en-US', numberingSystem: 'latn' })
  return { date: at.toFormat('dd.MM.yyyy'), clock: at.toFormat('H:mm:ss') }
}

/** An offset from UTC in minutes as ISO 8601 writes it: `+01:00`, `-05:30`, `+00:00`. */
export function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+'
  const whole = Math.abs(Math.round(minutes))
  return `${sign}${pad2(Math.floor(whole / 60))}:${pad2(whole % 60)}`
}

/** The offset, in minutes, a time is shown in: the IANA zone's at that instant, else the one it was logged with. */
export function shownOffset(time: number, offset: number, zoneName: DisplayZone): number {
  return zoneName === null ? offset : luxon().IANAZone.create(zoneName).offset(time)
}

export function timeFormatter(zoneName: DisplayZone): ((time: number, offset: number) => DisplayTime) {
  if (zoneName === null) {
    return (time, offset) => inFixedOffset(time, offset) ?? inZone(time, luxon().FixedOffsetZone.instance(offset))
  }
  const zone = luxon().IANAZone.create(zoneName)
  if (!zone.isValid) throw new RangeError(`unknown time zone ${zoneName}`)
  return (time) => inZone(time, zone)
}
