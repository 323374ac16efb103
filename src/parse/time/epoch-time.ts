/**
 * Times as numbers: epoch seconds with an optional fraction (nginx `$msec`
 * `1795338307.123`, Apache `%{sec}t`), epoch milliseconds and microseconds
 * (Apache `%{msec}t`, `%{usec}t`), and the fraction of the current second
 * (`%{msec_frac}t`, `%{usec_frac}t`), which needs a seconds field beside it.
 * Digits are read exactly, never through a float.
 */

import { digitsOfFraction, type TimeParts, type TimeReader } from './time-parts.js'
import { DOT, isDigit } from '../../text/chars.js'

/** Where a run of digits (maybe with `.digits`) starting at `pos` ends, or -1. */
export function consumeNumber(s: string, pos: number): number {
  let i = pos
  while (isDigit(s.charCodeAt(i))) i++
  if (i === pos) return -1
  if (s.charCodeAt(i) === DOT && isDigit(s.charCodeAt(i + 1))) {
    i++
    while (isDigit(s.charCodeAt(i))) i++
  }
  return i
}

/** Where exactly `count` digits starting at `pos` end, or -1. */
export function consumeDigits(count: number) {
  return (s: string, pos: number): number => {
  for (let i = pos; i < pos + count; i++) if (!isDigit(s.charCodeAt(i))) return -1
  return pos + count
}
}

const WHOLE = /^\d{1,16}$/
const DECIMAL = /^(\d{1,12})(?:\.(\d{1,9}))?$/

/** Epoch seconds, with up to 9 fraction digits (kept to the microsecond). */
export function readEpochSeconds(s: string, parts: TimeParts): boolean {
  const m = DECIMAL.exec(s)
  if (!m) return false
  const fraction = m[2]
  parts.epochMicros = Number(m[1]) * 1_000_000 + (fraction === undefined ? 0 : Number(fraction.padEnd(6, '0').slice(0, 6)))
  parts.epochDigits = fraction === undefined ? 0 : digitsOfFraction(fraction)
  return true
}

/** Whole epoch milliseconds (`unit` 1000) or microseconds (`unit` 1). */
export function epochIntegerReader(microsPerUnit: 1000 | 1): TimeReader {
  return (s, parts) => {
  if (!WHOLE.test(s)) return false
  parts.epochMicros = Number(s) * microsPerUnit
  parts.epochDigits = microsPerUnit === 1000 ? 3 : 6
  return true
}
}

/** The digits after the second: 3 (milliseconds) or 6 (microseconds). */
export function fractionReader(count: 3 | 6): TimeReader {
  const pattern = count === 3 ? /^\d{3}$/ : /^\d{6}$/
  const scale = count === 3 ? 1000 : 1
  return (s, parts) => {
    if (!pattern.test(s)) return false
    parts.fraction = Number(s) * scale
    parts.fractionDigits = count
    return true
  }
}
