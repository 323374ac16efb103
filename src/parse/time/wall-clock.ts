/**
 * The wall-clock time an instant is shown at: in a display zone (`--tz`),
 * else in the offset the line was logged with. The zone's offset is looked
 * up once per minute of log time (offsets change on whole minutes), so a
 * run that shows or compares a million times asks luxon a few thousand
 * times at most.
 */

import type { DisplayZone } from '../../record.js'
import { luxon } from './luxon.js'

const MINUTE = 60_000

/** The time an instant shows, as milliseconds on a clock read as if it were UTC: `time` (epoch ms) in `zone`, or in `offset` (minutes east of UTC) without one. */
export function wallClockReader(zone: DisplayZone): ((time: number, offset: number) => number) {
  if (zone === null) return (time, offset) => time + offset * MINUTE
  const iana = luxon().IANAZone.create(zone)
  if (!iana.isValid) throw new RangeError(`unknown time zone ${zone}`)
  let cachedMinute = Number.NaN
  let cachedOffset = 0
  return function wallClockInZone(time) {
    const minute = Math.floor(time / MINUTE)
    if (minute !== cachedMinute) {
      cachedMinute = minute
      cachedOffset = iana.offset(time)
    }
    return time + cachedOffset * MINUTE
  }
}
