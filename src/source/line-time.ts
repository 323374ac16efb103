/**
 * The time of one raw line, as the run's formats read it: the format named,
 * or under `auto` the first preset that reads the line (any preset that
 * reads a line reads its time alike). For bisecting a file by its lines'
 * times (input/window-range.ts), before a format is chosen for it.
 */

import type { LineFacts } from '../parse/record/access-record.js'
import type { ReadSettings } from './read-settings.js'
import type { RecordGate } from './record-reader.js'

export interface LoggedAt {
  /** Epoch milliseconds. */
  time: number
  /** Minutes east of UTC, as logged. */
  offset: number
}

/** Notes the facts of the line read and builds no record. */
class FactsOnly implements RecordGate {
  time = 0
  offset = 0

  admits(facts: LineFacts): boolean {
    this.time = facts.time
    this.offset = facts.offset
    return false
  }
}

/** The time of a line, or null when no format of the run reads it. */
export function lineTimeReader(settings: ReadSettings): (raw: string) => LoggedAt | null {
  const readers = settings.fixed !== null ? [settings.fixed] : settings.candidates.map((candidate) => candidate.probe)
  const facts = new FactsOnly()
  const at = { source: 'probe', line: null }
  return function timeOfLine(raw) {
    for (const reader of readers) {
      if (reader.gated(raw, at, facts) === null) return { time: facts.time, offset: facts.offset }
    }
    return null
  }
}

