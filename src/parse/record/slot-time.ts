/**
 * The time of a line from its time slots: the best-ranked ones (Apache
 * `begin:` over `end:`) together. Consecutive lines mostly share their
 * second, so the last texts and their result are kept.
 */

import type { FieldSpec } from '../format/format-spec.js'
import type { Slots } from '../format/line-plan.js'
import { readClfTimeInto, type LoggedTime } from '../time/clf-time.js'
import type { LogZone } from '../time/log-zone.js'
import { emptyTimeParts, resolveTime, type ResolvedTime, type TimeReader } from '../time/time-parts.js'

/** The time of a line; null when a time field cannot be read, undefined when the line has none of them (a JSON line without the key). */
export type SlotTimeReader = (slots: Slots) => ResolvedTime | null | undefined

/** The slots of a role, best rank first. */
export function slotsWithRole(fields: readonly FieldSpec[], ...roles: FieldSpec['role'][]): number[] {
  return fields
    .map((field, slot) => ({ field, slot }))
    .filter(({ field }) => roles.includes(field.role))
    .sort((a, b) => b.field.rank - a.field.rank)
    .map(({ slot }) => slot)
}

/** Whether the `used` slots hold exactly `texts` (a missing slot only where one was missing). */
function sameTexts(slots: Slots, used: readonly number[], texts: readonly (string | undefined)[] | null): boolean {
  if (texts === null) return false
  for (let i = 0; i < used.length; i++) if (slots[used[i] as number] !== texts[i]) return false
  return true
}

export function slotTimeReader(fields: readonly FieldSpec[], zone: LogZone): SlotTimeReader {
  const all = slotsWithRole(fields, 'time')
  const top = all.length ? (fields[all[0] as number] as FieldSpec).rank : 0
  const used = all.filter((slot) => (fields[slot] as FieldSpec).rank === top).sort((a, b) => a - b)
  const readers: TimeReader[] = used.map((slot) => (fields[slot] as FieldSpec).time?.read ?? (() => false))
  /** The texts of the used slots the last result is of (undefined: a slot missing); null before the first line. */
  let lastTexts: (string | undefined)[] | null = null
  let lastValue: ResolvedTime | null | undefined
  if (used.length === 1 && (fields[used[0] as number] as FieldSpec).time?.kind === 'clf') {
    // the common case, read from char codes on every line (cheaper than comparing the text with the last one)
    const slot = used[0] as number
    const read: LoggedTime = { time: 0, offset: 0 }
    let last: ResolvedTime | null = null
    return (slots) => {
      const text = slots[slot]
      if (text === undefined) return undefined
      if (!readClfTimeInto(text, read)) return null
      if (last === null || last.time !== read.time || last.offset !== read.offset) last = { time: read.time, offset: read.offset, micros: null, subsecondDigits: null }
      return last
    }
  }
  return function readSlotTime(slots) {
    if (sameTexts(slots, used, lastTexts)) return lastValue
    lastTexts = used.map((slot) => slots[slot])
    const parts = emptyTimeParts()
    let present = false
    for (let i = 0; i < used.length; i++) {
      const text = slots[used[i] as number]
      if (text === undefined) continue
      present = true
      if (!(readers[i] as TimeReader)(text, parts)) return (lastValue = null)
    }
    lastValue = present ? resolveTime(parts, zone) : undefined
    return lastValue
  }
}
