/**
 * Lines that are not what an input should hold (log lines for `build`, rows
 * for `merge`) are skipped and counted per reason; the run ends with one
 * summary line about them. Under `--verbose` the first few are also shown as
 * they are met, cut short and with control characters made visible, so a
 * hostile line cannot act on the terminal.
 */

import { positionText, type LinePosition, type SkipReason } from '../parse/record/access-record.js'
import { visible } from '../text/visible.js'

/** How many skipped lines `--verbose` shows. */
export const SHOWN_SKIPPED_LINES = 20
/** How much of each it shows. */
export const SHOWN_LINE_LENGTH = 120

export class SkippedLines<Reason extends string = SkipReason> {
  /** Non-blank lines read. */
  lines = 0
  count = 0
  readonly byReason = new Map<Reason, number>()
  first: LinePosition | null = null
  private readonly show: ((line: string) => void) | null

  /** `show` receives the first skipped lines, one message each (`--verbose`). */
  constructor(show: ((line: string) => void) | null = null) {
    this.show = show
  }

  add(reason: Reason, at: LinePosition, raw = ''): void {
    this.count++
    this.byReason.set(reason, (this.byReason.get(reason) ?? 0) + 1)
    this.first ??= at
    this.showAs(this.count, reason, at, raw)
  }

  /** `--verbose`: shows a skipped line as the `nth` of the run (one skipped elsewhere, by a worker, is counted later: addCounts). */
  showAs(nth: number, reason: Reason, at: LinePosition, raw: string): void {
    if (this.show && nth <= SHOWN_SKIPPED_LINES) this.show(`${positionText(at)}: ${reason}: ${visible(raw.slice(0, SHOWN_LINE_LENGTH))}`)
  }

  /** Adds the counts of lines read elsewhere (a worker): `lines` read, those skipped per reason, the first of them. */
  addCounts(lines: number, byReason: Iterable<readonly [Reason, number]>, first: LinePosition | null): void {
    this.lines += lines
    for (const [reason, n] of byReason) {
      this.count += n
      this.byReason.set(reason, (this.byReason.get(reason) ?? 0) + n)
    }
    this.first ??= first
  }

  /** The counts: `skipped 4 of 12 lines (2 not a log line, 1 bad time, 1 bad status); first at access.log:2`, or null. */
  summary(): string | null {
    if (this.count === 0 || !this.first) return null
    const reasons = [...this.byReason].map(([reason, n]) => `${n} ${reason}`).join(', ')
    return `skipped ${this.count} of ${this.lines} lines (${reasons}); first at ${positionText(this.first)}`
  }
}
