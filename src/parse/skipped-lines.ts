/**
 * Lines that are not log lines are skipped and counted; the run ends with
 * one summary line about them.
 */

import type { LinePosition, SkipReason } from './access-record.js'

export class SkippedLines {
  /** Non-blank lines read. */
  lines = 0
  count = 0
  readonly byReason = new Map<SkipReason, number>()
  first: LinePosition | null = null

  add(reason: SkipReason, at: LinePosition): void {
    this.count++
    this.byReason.set(reason, (this.byReason.get(reason) ?? 0) + 1)
    this.first ??= at
  }

  /** The stderr summary, or null when nothing was skipped. */
  summary(): string | null {
    if (this.count === 0 || !this.first) return null
    const reasons = [...this.byReason].map(([reason, n]) => `${n} ${reason}`).join(', ')
    return `skipped ${this.count} of ${this.lines} lines (${reasons}); first at ${this.first.source}:${this.first.line}`
  }
}
