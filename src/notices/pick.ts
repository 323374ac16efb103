/**
 * Which notices the preface shows.
 *
 * - Distinct (default): the same notice (file, line, and a message that
 *   differs at most in its numbers: noticeKey) counts once, shown in the
 *   order of its first appearance, with the text of its latest occurrence
 *   and how many times it occurred. When there are more than `limit`,
 *   the `limit` whose latest occurrence is the most recent are kept (still in
 *   first-appearance order). "Recent" is the position in the input, files in
 *   the order given.
 * - All: every occurrence, in input order; `limit` does not apply. Each is
 *   held until the page is written, so past MAX_ALL_NOTICES the run stops
 *   with a usage error rather than take gigabytes.
 *
 * Memory stays bounded in distinct mode: the notices seen are kept in a Map in
 * the order of their latest occurrence (a notice seen again moves to the end).
 * When it holds twice `memory` entries, all but the `memory` most recently
 * seen are forgotten at once (one by one would cost a scan of the Map's
 * deleted slots each time). The kept set is exact; only a notice forgotten and
 * then seen again counts its first appearance from there. `memory` is at
 * least `limit`.
 */

import { usageError } from '../errors.js'
import { noticeKey, type Notice } from './php-notice.js'

export interface PickRule {
  limit: number
  all: boolean
}

/** How many distinct notices are remembered at least (or `limit`, if larger); at most twice as many. */
export const DISTINCT_MEMORY = 10_000

/** How many notices `--all-notices` holds at most: as many as the rows `--limit` may ask for (about 0.5 GB of typical notices). */
export const MAX_ALL_NOTICES = 1_000_000

export interface NoticePicker {
  add(notice: Notice): void
  picked(): Notice[]
}

interface Seen {
  /** Its latest occurrence. */
  notice: Notice
  first: number
  count: number
}

function distinctPicker(limit: number, memory: number): NoticePicker {
  let seen = new Map<string, Seen>()
  let position = 0
  return {
    add: (notice) => {
      const key = noticeKey(notice)
      const known = seen.get(key)
      if (known) seen.delete(key)
      seen.set(key, { notice, first: known?.first ?? position, count: (known?.count ?? 0) + 1 })
      position++
      if (seen.size >= 2 * memory) seen = new Map([...seen].slice(-memory))
    },
    picked: () =>
      [...seen.values()]
        .slice(-limit)
        .sort((a, b) => a.first - b.first)
        .map((s) => ({ ...s.notice, count: s.count })),
  }
}

function everyPicker(): NoticePicker {
  const all: Notice[] = []
  return {
    add: (notice) => {
      if (all.length === MAX_ALL_NOTICES) {
        throw usageError(`more than ${MAX_ALL_NOTICES.toLocaleString('en-US')} notices to show with --all-notices, which holds each in memory`,
          'leave out --all-notices to show the newest distinct ones, as many as --notices-limit; or give fewer --notices files')
      }
      all.push(notice)
    },
    picked: () => [...all],
  }
}

export function createPicker(rule: PickRule, memory = DISTINCT_MEMORY): NoticePicker {
  return rule.all ? everyPicker() : distinctPicker(rule.limit, Math.max(memory, rule.limit))
}
