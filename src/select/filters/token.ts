/**
 * `--token`: the row whose token is exactly this one. A token is the
 * request's second plus microseconds derived from the line, bumped by one
 * when a newer row of the same page already has it (src/profile/token.ts).
 * So a row's token depends on the newer rows of its second that pass the
 * same criteria, and on nothing else: the build keeps every line of the
 * token's second that passes the other criteria, gives them their page
 * tokens, and picks the one that matches.
 */

import type { ProfileRow } from '../../record.js'
import { InvalidCriterion } from './invalid-criterion.js'

const TOKEN = /^[0-9a-f]{13}$/i
const MAX_MICROS = 999_999

/** A token as the page shows it: 13 lower-case hex digits. */
export const parseToken = (text: string): string => {
  if (!TOKEN.test(text)) throw new InvalidCriterion('give a token as the page shows it: 13 hex digits such as 6b02dee3758df')
  if (Number.parseInt(text.slice(8), 16) > MAX_MICROS) {
    throw new InvalidCriterion('the last 5 digits of a token are microseconds, at most f423f')
  }
  return text.toLowerCase()
}

/** The Unix second a token belongs to: its first 8 hex digits. */
export const tokenSecond = (token: string): number => Number.parseInt(token.slice(0, 8), 16)

/** The rows (given with their page tokens) whose token is this one. */
export const rowsWithToken = (rows: readonly ProfileRow[], token: string): ProfileRow[] =>
  rows.filter((row) => row.token === token)
