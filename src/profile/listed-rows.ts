/**
 * The records a selection kept → the rows of the page: newest first, each
 * given its token now (a token depends on the newer rows of its second on
 * the same page). With `--token`, only the row that got that token.
 */

import type { AccessRecord, DisplayZone, ProfileRow } from '../record.js'
import { toProfileRows } from './rows.js'

/** The rows (given with their page tokens) whose token is this one. */
export function rowsWithToken(rows: readonly ProfileRow[], token: string): ProfileRow[] {
  return rows.filter((row) => row.token === token)
}

/** `records` newest first; `token`: `--token`, or null. */
export function listedRows(records: readonly AccessRecord[], zone: DisplayZone, token: string | null, limit: number): ProfileRow[] {
  const rows = toProfileRows(records, zone)
  return token === null ? rows : rowsWithToken(rows, token).slice(0, limit)
}
