/**
 * A stretch read elsewhere (stretch-tasks.ts), taken by the main thread as
 * if it had read the lines itself: its first skipped lines shown under
 * `--verbose` as the next ones of the run, its notes (once per preset and
 * input), its counts added; line numbers count on from the lines before it.
 */

import type { LinePosition } from '../parse/record/access-record.js'
import type { RuledOut } from '../select/ruled-out.js'
import { retryNote } from '../source/log-lines.js'
import type { NewestLine } from '../source/newest-line.js'
import type { SkippedLines } from '../source/skipped-lines.js'
import type { StretchReport } from './stretch-tasks.js'

/** What the run's own reading of the input keeps. */
export interface ReplayTarget {
  skipped: SkippedLines
  /** The run's newest line, for the page's stamp. */
  newest: NewestLine
  note: (line: string) => void
  /** The presets noted for this input already (source/log-lines.ts retryNote). */
  noted: Set<string>
  /** The input's format, as the notes name it. */
  format: string
  /** The run's count of the lines each criterion ruled out, when it counts them. */
  ruledOut?: RuledOut | null
}

/** `at` with its line number counted on from `before` lines (a stretch numbered by byte offset keeps it). */
export function numberedOn(at: LinePosition, before: number): LinePosition {
  return at.line === null ? at : { ...at, line: at.line + before }
}

/** Takes `report` into `target`; `before`: the lines of the input before the stretch. */
export function replay(report: StretchReport, target: ReplayTarget, before: number): void {
  const { skipped } = target
  const skippedBefore = skipped.count
  for (const event of report.events) {
    const at = numberedOn(event.at, before)
    if (event.kind === 'skip') {
      skipped.showAs(skippedBefore + event.nth, event.reason, at, event.raw)
    } else if (!target.noted.has(event.format)) {
      target.noted.add(event.format)
      target.note(retryNote(at, event.format, target.format))
    }
  }
  if (report.newest !== null) target.newest.see(report.newest.time, report.newest.offset)
  if (report.ruledOut !== null) target.ruledOut?.add(report.ruledOut)
  skipped.addCounts(report.read, report.byReason, report.first === null ? null : numberedOn(report.first, before))
}
