/**
 * The Time column, `DD.MM.YYYY H:MM:SS` (German date, PHP `G:i:s`), in the
 * zone the line was logged in, or in `--tz` when given. The digits never
 * depend on the machine's locale.
 */

import { DateTime, FixedOffsetZone, IANAZone, type Zone } from 'luxon'

export interface DisplayTime {
  date: string
  clock: string
}

/** A display zone: an IANA name, or null for each line's own offset. */
export type DisplayZone = string | null

export const isKnownZone = (name: string): boolean => IANAZone.isValidZone(name)

export const timeFormatter = (zoneName: DisplayZone): ((time: number, offset: number) => DisplayTime) => {
  const fixed = zoneName === null ? null : IANAZone.create(zoneName)
  if (fixed && !fixed.isValid) throw new RangeError(`unknown time zone ${zoneName}`)
  return (time, offset) => {
    const zone: Zone = fixed ?? FixedOffsetZone.instance(offset)
    const at = DateTime.fromMillis(time, { zone, locale: 'en-US', numberingSystem: 'latn' })
    return { date: at.toFormat('dd.MM.yyyy'), clock: at.toFormat('H:mm:ss') }
  }
}
