/**
 * Merge input lines that are not rows are skipped and counted; the run ends
 * with one summary line about them, worded like build's for log lines.
 */

import type { RowSkipReason } from './read-row.js'

export interface RowPosition {
  source: string
  line: number
}

export class SkippedRows {
  /** Non-blank lines read. */
  lines = 0
  count = 0
  readonly byReason = new Map<RowSkipReason, number>()
  first: RowPosition | null = null

  add(reason: RowSkipReason, at: RowPosition): void {
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
