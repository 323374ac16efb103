/**
 * What a listing shows, as one string: two listings with the same key make
 * the same page, so a watch publishes again only when the key changed. It is
 * made from the rows and notices (their shown fields, and what their
 * details show: the raw line and where it was read), not from the rendered
 * page, which is written piece by piece and never held whole.
 */

import type { Notice } from '../notices/php-notice.js'
import { positionText } from '../parse/record/access-record.js'
import type { ProfileRow } from '../record.js'

const rowFields = (row: ProfileRow): unknown[] =>
  [row.token, row.status, row.ip, row.method, row.url, row.date, row.clock, row.record.raw, positionText(row.record)]

const noticeFields = (notice: Notice): unknown[] => [notice.message, notice.file, notice.line]

/** JSON: unambiguous whatever the values hold. */
export const pageKey = (rows: readonly ProfileRow[], notices: readonly Notice[]): string =>
  JSON.stringify([rows.map(rowFields), notices.map(noticeFields)])
