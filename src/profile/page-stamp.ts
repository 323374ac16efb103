/**
 * The page's stamp: when it was generated and the time of the newest line
 * read, so a stale page does not look like a quiet shop. Both are shown as
 * the Time column shows times, with the offset they are shown in
 * (`22.11.2026 13:50:00 +01:00`): in `--tz`, else in the offset of the
 * newest line (the server's own time), else UTC.
 *
 * `SOURCE_DATE_EPOCH` (reproducible-builds.org) sets the generated time, so
 * the same inputs still give the same bytes; a malformed value is a usage
 * error, as the convention asks.
 */

import { usageError } from '../errors.js'
import type { DisplayZone } from '../record.js'
import type { LineTime } from '../source/newest-line.js'
import { offsetText, shownOffset, timeFormatter } from './display-time.js'

export interface PageStamp {
  /** When the page was generated. */
  generated: string
  /** The time of the newest line (or merged row) read; null when none was. */
  newest: string | null
  /** What was read: log lines (build, watch) or rows (merge). */
  of: 'line' | 'row'
}

/** The clock a run stamps its pages with: `SOURCE_DATE_EPOCH` (whole seconds since 1970) when set, else the system clock. */
export function pageClock(env: Readonly<Record<string, string | undefined>>): () => number {
  const text = env.SOURCE_DATE_EPOCH
  if (text === undefined || text === '') return Date.now
  if (!/^\d{1,11}$/.test(text)) {
    throw usageError(`SOURCE_DATE_EPOCH ${JSON.stringify(text)} is not a whole number of seconds since 1970`,
      'unset it, or give the time the page is to say it was generated, such as $(date +%s)')
  }
  const fixed = Number(text) * 1000
  return function sourceDateEpoch() {
    return fixed
  }
}

export function pageStamp(generated: number, newest: LineTime | null, zone: DisplayZone, of: PageStamp['of']): PageStamp {
  const format = timeFormatter(zone)
  function shown(time: number, offset: number): string {
    const { date, clock } = format(time, offset)
    return `${date} ${clock} ${offsetText(shownOffset(time, offset, zone))}`
  }
  return { generated: shown(generated, newest?.offset ?? 0), newest: newest === null ? null : shown(newest.time, newest.offset), of }
}
