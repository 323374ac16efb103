/**
 * The zone a log was written in, for times that carry no offset (`$msec`
 * is UTC epoch but has no offset to show; strftime without `%z` is the
 * server's local wall clock). Daylight saving time follows the IANA rules
 * (luxon):
 *
 * - a wall-clock time that happens twice (the hour the clocks go back) is
 *   read as the earlier instant, the first pass through that hour;
 * - a wall-clock time that never happens (the hour skipped when the clocks
 *   go forward) is read with the offset from before the change, so 02:30 on
 *   a spring-forward night becomes 03:30 of the new offset.
 */

import { luxon } from './luxon.js'

export interface LogZone {
  /** The IANA name. */
  readonly name: string
  /** Minutes east of UTC at an instant (epoch ms). */
  offsetAt(time: number): number
  /** A wall-clock time, given as epoch ms as if it were UTC → the instant and its offset. */
  fromLocal(local: number): { time: number; offset: number }
}

/**
 * The machine's own zone: where this machine's server wrote its logs. TZ
 * names it when it holds an IANA name (`Europe/Berlin`, glibc's
 * `:Europe/Berlin`); otherwise the zone the system is set to.
 */
export function localZoneName(env: Readonly<Record<string, string | undefined>> = {}): string {
  const tz = env.TZ?.replace(/^:/, '')
  if (tz) {
    try {
      return new Intl.DateTimeFormat('en-US', { timeZone: tz }).resolvedOptions().timeZone
    } catch {
      // not an IANA name (a POSIX rule such as CET-1CEST): the system's zone
    }
  }
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

const DAY = 86_400_000
const MINUTE = 60_000

/** A zone by IANA name; throws a RangeError for an unknown name (the CLI checks names first). */
export function logZone(name: string): LogZone {
  const zone = luxon().IANAZone.create(name)
  if (!zone.isValid) throw new RangeError(`unknown time zone ${name}`)
  // Offsets change on whole minutes, so the last minute's offset is kept.
  let lastMinute = Number.NaN
  let lastOffset = 0
  const offsetAt = (time: number): number => {
    const minute = Math.floor(time / MINUTE)
    if (minute !== lastMinute) {
      lastOffset = zone.offset(time)
      lastMinute = minute
    }
    return lastOffset
  }
  const fromLocal = (local: number): { time: number; offset: number } => {
    const before = offsetAt(local - DAY)
    const after = offsetAt(local + DAY)
    let best: number | null = null
    for (const offset of before === after ? [before] : [before, after]) {
      const time = local - offset * MINUTE
      if (offsetAt(time) === offset && (best === null || time < best)) best = time
    }
    const time = best ?? local - before * MINUTE
    return { time, offset: offsetAt(time) }
  }
  return { name, offsetAt, fromLocal }
}

/**
 * The zone, made on first use: most logs carry their offset and never ask,
 * and asking the machine for its zone costs the start-up of Intl.
 */
export function lazyLogZone(name: () => string): LogZone {
  let zone: LogZone | null = null
  const get = (): LogZone => (zone ??= logZone(name()))
  return {
    get name() {
      return get().name
    },
    offsetAt: (time) => get().offsetAt(time),
    fromLocal: (local) => get().fromLocal(local),
  }
}
