/**
 * `--from` and `--until`: an ISO date (`2026-11-22`) or date-time
 * (`2026-11-22T10:00`, `2026-11-22T10:00:30`), both inclusive. A bound covers
 * the whole unit it names, so `--until 2026-11-22` includes that whole day
 * and `--until …T10:00` the whole minute.
 *
 * Without an offset a bound is the wall-clock time the Time column shows: in
 * `--tz` when given, else in the offset each line was logged with. Comparing
 * wall-clock times (not instants) keeps the filter true to what the page
 * shows, also across a DST change, where the same wall-clock hour happens
 * twice. With an offset (`…T10:00+01:00`, `…T10:00:30Z`, `+0100`) a bound is
 * an exact instant, whatever the zone a line is shown in.
 */

import { civilProblem, MONTH_NAMES, utcMillis } from '../../parse/time/civil.js'
import { emptyIsoTime, scanIsoTime, type IsoForm } from '../../parse/time/iso-time.js'
import { wallClockReader } from '../../parse/time/wall-clock.js'
import type { DisplayZone } from '../../record.js'
import { InvalidCriterion } from './invalid-criterion.js'

/** A span [start, end) in milliseconds; `text` is the value as given. */
interface Span {
  text: string
  start: number
  end: number
}

/** Wall-clock time as the Time column shows it, on a clock read as if it were UTC. */
export interface WallClockBound extends Span {
  kind: 'wall'
}

/** An exact span of time, in epoch milliseconds, given with its offset. */
export interface InstantBound extends Span {
  kind: 'instant'
  /** The offset it was given with, minutes east of UTC. */
  offset: number
}

export type TimeBound = WallClockBound | InstantBound

const HINT = 'give an ISO date such as 2026-11-22 or a date-time such as 2026-11-22T10:00 or 2026-11-22T10:00:30, ' +
  'optionally with a zone offset such as +01:00, +0100 or Z'
const BOUND: IsoForm = { space: true, partial: true, fraction: 'none', offset: 'optional' }

const MINUTE = 60_000
const DAY = 86_400_000

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0')
}

export function parseTimeBound(text: string): TimeBound {
  const iso = emptyIsoTime()
  if (scanIsoTime(text, 0, BOUND, iso) !== text.length) throw new InvalidCriterion(HINT)
  const { year, month, day, second } = iso
  const [hour, minute] = iso.hour < 0 ? [0, 0] : [iso.hour, iso.minute]
  const problem = civilProblem(year, month - 1, day, hour, minute, Math.max(second, 0), false)
  if (problem === 'month') throw new InvalidCriterion(`there is no month ${pad(month)}; ${HINT}`)
  if (problem === 'day') throw new InvalidCriterion(`${MONTH_NAMES[month - 1] as string} ${pad(year, 4)} has no day ${pad(day)}; ${HINT}`)
  if (problem === 'time') {
    const clock = `${pad(hour)}:${pad(minute)}${second < 0 ? '' : `:${pad(second)}`}`
    throw new InvalidCriterion(`${clock} is not a time of day (00:00 to 23:59:59); ${HINT}`)
  }
  const local = utcMillis(year, month - 1, day, hour, minute, Math.max(second, 0))
  const length = iso.hour < 0 ? DAY : second < 0 ? MINUTE : 1000
  if (iso.zoneAt < 0) return { kind: 'wall', text, start: local, end: local + length }
  const offset = iso.offset
  if (offset === null) throw new InvalidCriterion(`${text.slice(iso.zoneAt)} is not a zone offset (-23:59 to +23:59, or Z); ${HINT}`)
  const start = local - offset * MINUTE
  return { kind: 'instant', text, start, end: start + length, offset }
}

/** A bound as an instant span: a wall-clock one read in `offset` (minutes east of UTC). */
function asInstant(bound: TimeBound, offset: number): Span {
  return bound.kind === 'instant' ? bound : { text: bound.text, start: bound.start - offset * MINUTE, end: bound.end - offset * MINUTE }
}

/**
 * Is the range empty? Then `--from` is after `--until`. Bounds of one kind
 * compare as they are; a wall-clock bound and an instant compare with the
 * wall-clock one read in the other's offset, as a reader of the two values
 * would (`--from 12:00 --until 11:30+01:00` is refused).
 */
export function isEmptyRange(from: TimeBound, until: TimeBound): boolean {
  if (from.kind === until.kind) return from.start >= until.end
  const offset = from.kind === 'instant' ? from.offset : (until as InstantBound).offset
  return asInstant(from, offset).start >= asInstant(until, offset).end
}

/** Tests a record's time against the bounds; null when there are none. */
export function timeRangeMatcher(
  from: TimeBound | null,
  until: TimeBound | null,
  zone: DisplayZone,
): ((time: number, offset: number) => boolean) | null {
  if (from === null && until === null) return null
  // Instants compare with the record's time; wall-clock bounds with the time it shows.
  const instantLow = from?.kind === 'instant' ? from.start : -Infinity
  const instantHigh = until?.kind === 'instant' ? until.end : Infinity
  if (from?.kind !== 'wall' && until?.kind !== 'wall') return (time) => time >= instantLow && time < instantHigh
  const read = wallClockReader(zone)
  const wallLow = from?.kind === 'wall' ? from.start : -Infinity
  const wallHigh = until?.kind === 'wall' ? until.end : Infinity
  return (time, offset) => {
    if (time < instantLow || time >= instantHigh) return false
    const shown = read(time, offset)
    return shown >= wallLow && shown < wallHigh
  }
}
