/**
 * `--token`: the row whose token is exactly this one. A token is the
 * request's second plus microseconds derived from the line, bumped by one
 * when a newer row of the same page already has it (src/profile/token.ts).
 * So a row's token depends on the newer rows of its second that pass the
 * same criteria, and on nothing else: the build gathers the lines of the
 * token's second that pass the other criteria, gives them their page tokens,
 * and picks the one that matches.
 */

import { InvalidCriterion } from './invalid-criterion.js'

const TOKEN = /^[0-9a-f]{13}$/i

/**
 * A token as the page shows it: 13 hex digits, lower-cased. The last 5 are
 * microseconds (00000..f423f) or, past the millionth row of one second, the
 * values above them (f4240..fffff): every 13-digit token can be on a page.
 */
export function parseToken(text: string): string {
  if (!TOKEN.test(text)) throw new InvalidCriterion('give a token as the page shows it: 13 hex digits such as 6b02dee3758df')
  return text.toLowerCase()
}

/** The Unix second a token belongs to: its first 8 hex digits. */
export function tokenSecond(token: string): number {
  return Number.parseInt(token.slice(0, 8), 16)
}
