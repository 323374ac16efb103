/**
 * Profile tokens in PHP `uniqid()` layout: 8 lower-case hex digits of the
 * Unix seconds, then 5 of the microseconds (00000..f423f).
 *
 * Access logs in `combined` have whole seconds only, so the microseconds are
 * derived from the line itself (FNV-1a), which keeps a token identical across
 * runs, across `--limit` values and between a file and the same lines piped
 * on stdin.
 *
 * Two rows of a page never share a token: a row whose token a newer row of
 * the page already has is bumped by one microsecond (999999 wraps to 0,
 * within the same second) until a free one comes (select/token-slots.ts). A
 * second has 1,000,000 microseconds, 5 hex digits hold 1,048,576 values: a
 * page with more rows in one second than it has microseconds (a flood, or a
 * log made to be hostile) gives the rows past the millionth the values above
 * the microseconds, f4240 to fffff, in page order. Such a token still has 13
 * digits and starts with the request's own second, and no row with fewer
 * neighbours can ever get it. Past 1,048,576 rows in one second no token is
 * left, and the page cannot be made (an error that says so, never a loop).
 */

import { dataError } from '../errors.js'
import { SecondSlots, startMicros, type TokenSource } from '../select/token-slots.js'

/** `slot`: the microseconds, or past them (f4240..fffff) the place of a row in a full second. */
export function uniqid(seconds: number, slot: number): string {
  return seconds.toString(16).padStart(8, '0') + slot.toString(16).padStart(5, '0')
}

/** Tokens for the rows of one page, in page order (newest first). Throws a data error past 1,048,576 rows in one second. */
export function assignTokens(rows: readonly TokenSource[]): string[] {
  const seconds = new Map<number, SecondSlots>()
  return rows.map((row) => {
    const second = Math.floor(row.time / 1000)
    let slots = seconds.get(second)
    if (slots === undefined) seconds.set(second, (slots = new SecondSlots()))
    const slot = slots.take(startMicros(row))
    if (slot === null) {
      const when = new Date(second * 1000).toISOString().replace('.000Z', 'Z')
      throw dataError(
        `cannot give each row a token of its own: more than 1,048,576 rows fall in the second ${when} (tokens ${uniqid(second, 0).slice(0, 8)}…), and 5 hex digits hold no more`,
        'give a smaller --limit, or narrow the search with --from, --until or --url',
      )
    }
    return uniqid(second, slot)
  })
}
