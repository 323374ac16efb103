/**
 * The Time column, `DD.MM.YYYY H:MM:SS` (German date, PHP `G:i:s`), in the
 * zone the line was logged in, or in `--tz` when given. The digits never
 * depend on the machine's locale.
 */

import type { DisplayZone } from '../record.js'
import type { Zone } from 'luxon'
import { luxon } from '../parse/time/luxon.js'
import { wallClockReader } from '../parse/time/wall-clock.js'

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

/** The calendar of a wall-clock time (milliseconds on a clock read as if it were UTC); null for a year outside 0–9999, which luxon writes its own way. */
function onClock(wall: number): DisplayTime | null {
  const at = new Date(wall)
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

/**
 * The Time column of an instant: plain arithmetic on the wall-clock time
 * (parse/time/wall-clock.ts: the zone's offset looked up once a minute),
 * luxon only for a year it writes its own way.
 */
export function timeFormatter(zoneName: DisplayZone): ((time: number, offset: number) => DisplayTime) {
  const wallClock = wallClockReader(zoneName)
  return function shownTime(time, offset) {
    const wall = wallClock(time, offset)
    return onClock(wall) ?? inZone(time, zoneName === null ? luxon().FixedOffsetZone.instance(offset) : luxon().IANAZone.create(zoneName))
  }
}
