/**
 * The time of one raw line, as the run's formats read it: the format named,
 * or under `auto` the first preset that reads the line (any preset that
 * reads a line reads its time alike). For bisecting a file by its lines'
 * times (input/window-range.ts), before a format is chosen for it.
 */

import type { ReadSettings } from './read-settings.js'

export interface LoggedAt {
  /** Epoch milliseconds. */
  time: number
  /** Minutes east of UTC, as logged. */
  offset: number
}

/** The time of a line, or null when no format of the run reads it. */
export function lineTimeReader(settings: ReadSettings): (raw: string) => LoggedAt | null {
  const readers = settings.fixed !== null ? [settings.fixed] : settings.candidates.map((candidate) => candidate.probe)
  return function timeOfLine(raw) {
    for (const reader of readers) {
      const facts = reader.facts(raw)
      if (typeof facts !== 'string') return { time: facts.time, offset: facts.offset }
    }
    return null
  }
}

