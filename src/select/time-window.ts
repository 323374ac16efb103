/**
 * The span of time a search's rows can lie in (`--from`/`--until`, a
 * token's second) as a log read by its lines' times sees it: lines are in
 * the order they were written, stamped at most the order tolerance earlier
 * than a line written before them. So one line's time tells of every line
 * written before it that it is stamped at most the tolerance later, and of
 * every line after it that it is stamped at most the tolerance earlier: a
 * file can be bisected by its lines' times (input/window-range.ts) and read
 * only where the window's rows can be.
 *
 * A bound without an offset is wall-clock time, which a clock change moves
 * by up to an hour against the instants (twice a year; the same hour
 * happens twice in autumn): such a bound is widened by that hour.
 */

import type { LineSide } from '../input/window-range.js'
import type { DisplayZone } from '../record.js'
import type { LoggedAt } from '../source/line-time.js'
import type { Criteria } from './criteria.js'
import { tokenSecond } from './filters/token.js'
import { wallClockReader } from '../parse/time/wall-clock.js'
import type { TimeBound } from './filters/time-range.js'

/** How far a clock change moves wall-clock time against the instants. */
const CLOCK_CHANGE_MS = 3_600_000

/** Where a line lies against the window, as far as its time tells of the lines around it. */
export type WindowSide =
  /** It and every line written before it are stamped before the window. */
  | 'before'
  /** It and every line written after it are stamped after the window. */
  | 'after'
  /** Neither is certain. */
  | 'within'

export interface TimeWindow {
  /** The side of the window a line stamped `time` (epoch ms), logged with `offset` (minutes east of UTC), is on. */
  sideOf(time: number, offset: number): WindowSide
}

/** The bounds of one kind: instants, or wall-clock times as the Time column shows them. */
interface Bounds {
  /** The first millisecond in the window; -Infinity for none. */
  low: number
  /** The first millisecond after it; Infinity for none. */
  high: number
}

/** The window a search's rows lie in, or null when its criteria bound no time. */
export function timeWindow(criteria: Criteria, zone: DisplayZone, toleranceMs: number): TimeWindow | null {
  const { from, until, token } = criteria
  if (from === null && until === null && token === null) return null
  const instants: Bounds = { low: -Infinity, high: Infinity }
  const walls: Bounds = { low: -Infinity, high: Infinity }
  if (token !== null) narrow(instants, tokenSecond(token) * 1000, tokenSecond(token) * 1000 + 1000)
  if (from !== null) narrow(from.kind === 'instant' ? instants : walls, from.start, Infinity)
  if (until !== null) narrow(until.kind === 'instant' ? instants : walls, -Infinity, until.end)
  return new BoundedWindow(instants, walls, hasWall(from, until) ? wallClockReader(zone) : null, toleranceMs)
}

function narrow(bounds: Bounds, low: number, high: number): void {
  bounds.low = Math.max(bounds.low, low)
  bounds.high = Math.min(bounds.high, high)
}

function hasWall(from: TimeBound | null, until: TimeBound | null): boolean {
  return from?.kind === 'wall' || until?.kind === 'wall'
}

class BoundedWindow implements TimeWindow {
  readonly #instants: Bounds
  readonly #walls: Bounds
  readonly #wallClock: ((time: number, offset: number) => number) | null
  readonly #tolerance: number

  constructor(instants: Bounds, walls: Bounds, wallClock: ((time: number, offset: number) => number) | null, toleranceMs: number) {
    this.#instants = instants
    this.#walls = walls
    this.#wallClock = wallClock
    this.#tolerance = toleranceMs
  }

  sideOf(time: number, offset: number): WindowSide {
    const tolerance = this.#tolerance
    // every line before is stamped at most `tolerance` later; every line after at most `tolerance` earlier
    if (time + tolerance < this.#instants.low || time - tolerance >= this.#instants.high) return time < this.#instants.low ? 'before' : 'after'
    if (this.#wallClock === null) return 'within'
    const wall = this.#wallClock(time, offset)
    const slack = tolerance + CLOCK_CHANGE_MS
    if (wall + slack < this.#walls.low) return 'before'
    if (wall - slack >= this.#walls.high) return 'after'
    return 'within'
  }
}

/** Where a raw line lies against the window, its time read by `timeOf` (source/line-time.ts): for bisecting a file (input/window-range.ts). */
export function windowSides(window: TimeWindow, timeOf: (raw: string) => LoggedAt | null): LineSide {
  return function sideOfLine(raw) {
    const at = timeOf(raw)
    return at === null ? null : { side: window.sideOf(at.time, at.offset), time: at.time }
  }
}
