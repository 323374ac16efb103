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
 *
 * `--if-changed` compares pages without their stamp and leaves a page whose
 * listing is unchanged alone, mtime too; but not for ever: once it was
 * written RENEW_UNCHANGED_PAGE_MS ago, the next run writes it again with its
 * own stamp (write/atomic-file.ts), and the stamp says so. So a page whose
 * runs go on is never much older than that, and one that is older tells of
 * runs that stopped (a dead cron job), not of a quiet shop. A page holding
 * the same bytes, stamp and all (the same SOURCE_DATE_EPOCH), stays as it is.
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
  /** `--if-changed`: when an unchanged page is written again, in words; null without it. */
  renewal: string | null
}

/** How long `--if-changed` leaves a page whose listing did not change alone, at most: 10 minutes. */
export const RENEW_UNCHANGED_PAGE_MS = 10 * 60_000

/** What the stamp says of RENEW_UNCHANGED_PAGE_MS. */
const RENEWAL = `written again after ${RENEW_UNCHANGED_PAGE_MS / 60_000} minutes if unchanged`

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

/** `ifChanged`: the page is published with `--if-changed` (see RENEW_UNCHANGED_PAGE_MS). */
export function pageStamp(generated: number, newest: LineTime | null, zone: DisplayZone, of: PageStamp['of'], ifChanged = false): PageStamp {
  const format = timeFormatter(zone)
  function shown(time: number, offset: number): string {
    const { date, clock } = format(time, offset)
    return `${date} ${clock} ${offsetText(shownOffset(time, offset, zone))}`
  }
  return { generated: shown(generated, newest?.offset ?? 0), newest: newest === null ? null : shown(newest.time, newest.offset), of,
    renewal: ifChanged ? RENEWAL : null }
}
