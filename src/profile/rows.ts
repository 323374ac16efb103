/** The newest listed records → the rows of the page. */

import type { AccessRecord, DisplayZone, ProfileRow } from '../record.js'
import { displayUrl } from '../text/url.js'
import { timeFormatter } from './display-time.js'
import { assignTokens } from './token.js'
import { visible } from '../text/visible.js'

/** `records` are newest first; the rows keep that order. */
export function toProfileRows(records: readonly AccessRecord[], zone: DisplayZone): ProfileRow[] {
  const formatTime = timeFormatter(zone)
  const tokens = assignTokens(records)
  return records.map((record, i) => {
    const { date, clock } = formatTime(record.time, record.offset)
    return {
      status: record.status,
      ip: visible(record.ip),
      method: visible(record.method ?? ''),
      url: visible(displayUrl(record.target ?? '')),
      date,
      clock,
      token: tokens[i] as string,
      record,
    }
  })
}
