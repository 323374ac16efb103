/** Notices of whole arrays at once, for unit tests. */

import type { Notice } from '../../src/notices/php-notice.js'
import { createPicker, type PickRule } from '../../src/notices/pick.js'
import { NoticeScanner } from '../../src/notices/recognise.js'

/** All notices in some lines, in order. */
export const recogniseNotices = (lines: Iterable<string>): Notice[] => {
  const notices: Notice[] = []
  const scanner = new NoticeScanner((notice) => notices.push(notice))
  for (const line of lines) scanner.line(line)
  scanner.end()
  return notices
}

/** The picked notices among some, in order. */
export const pickNotices = (notices: readonly Notice[], rule: PickRule, memory?: number): Notice[] => {
  const picker = createPicker(rule, memory)
  for (const notice of notices) picker.add(notice)
  return picker.picked()
}
