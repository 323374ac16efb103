/**
 * The kinds of time field a log format can have, each with its reader, its
 * shape in the line and what it tells about the time.
 */

import { consumeClfTime, readClfTime } from './clf-time.js'
import { consumeDigits, consumeNumber, epochIntegerReader, fractionReader, readEpochSeconds } from './epoch-time.js'
import { consumeIsoTime, readIsoTime } from './iso-time.js'
import { compileStrftime, type TimeComponent } from './strftime.js'
import type { TimeReader } from './time-parts.js'

export type TimeKind =
  /** `10/Oct/2000:13:55:36 -0700`: nginx `$time_local`, Apache `%t`. */
  | { kind: 'clf' }
  /** nginx `$time_iso8601`. */
  | { kind: 'iso8601' }
  /** nginx `$msec` (with a fraction), Apache `%{sec}t`. */
  | { kind: 'epochSeconds' }
  /** Apache `%{msec}t` and `%{usec}t`. */
  | { kind: 'epochMillis' }
  | { kind: 'epochMicros' }
  /** Apache `%{msec_frac}t` and `%{usec_frac}t`. */
  | { kind: 'fraction'; digits: 3 | 6 }
  /** Apache `%{layout}t`. */
  | { kind: 'strftime'; layout: string }
  /** A JSON value of unknown kind: epoch seconds, a CLF time or ISO 8601, told apart by its shape. */
  | { kind: 'any' }

export interface TimeField {
  kind: TimeKind['kind']
  read: TimeReader
  /** Where such a time starting at `pos` ends, or -1. */
  consume: (line: string, pos: number) => number
  selfDelimiting: boolean
  gives: ReadonlySet<TimeComponent>
}

const CIVIL: TimeComponent[] = ['year', 'month', 'day', 'hour', 'minute', 'second']

const readAny: TimeReader = (text, parts) => {
  if (consumeNumber(text, 0) === text.length) return readEpochSeconds(text, parts)
  if (consumeClfTime(text, 0) === text.length) return readClfTime(text, parts)
  return readIsoTime(text, parts)
}

/** Throws a StrftimeError for a layout that cannot be read back. */
export function timeField(kind: TimeKind): TimeField {
  switch (kind.kind) {
    case 'clf':
      return { kind: 'clf', read: readClfTime, consume: consumeClfTime, selfDelimiting: true, gives: new Set([...CIVIL, 'offset']) }
    case 'iso8601':
      return { kind: 'iso8601', read: readIsoTime, consume: consumeIsoTime, selfDelimiting: false, gives: new Set([...CIVIL, 'offset']) }
    case 'epochSeconds':
      return { kind: 'epochSeconds', read: readEpochSeconds, consume: consumeNumber, selfDelimiting: false, gives: new Set(['epoch']) }
    case 'epochMillis':
      return { kind: 'epochMillis', read: epochIntegerReader(1000), consume: consumeNumber, selfDelimiting: false, gives: new Set(['epoch']) }
    case 'epochMicros':
      return { kind: 'epochMicros', read: epochIntegerReader(1), consume: consumeNumber, selfDelimiting: false, gives: new Set(['epoch']) }
    case 'fraction':
      return { kind: 'fraction', read: fractionReader(kind.digits), consume: consumeDigits(kind.digits), selfDelimiting: true, gives: new Set(['fraction']) }
    case 'strftime': {
      const parser = compileStrftime(kind.layout)
      return { kind: 'strftime', read: parser.read, consume: parser.consume, selfDelimiting: parser.selfDelimiting, gives: parser.gives }
    }
    case 'any':
      return { kind: 'any', read: readAny, consume: () => -1, selfDelimiting: false, gives: new Set([...CIVIL, 'offset', 'epoch']) }
  }
}

/** Whether the time fields of a format, together, name an instant: an epoch, or a date with an hour and minute. */
export function isCompleteTime(gives: ReadonlySet<TimeComponent>): boolean {
  return gives.has('epoch') ||
  (gives.has('year') && ((gives.has('month') && gives.has('day')) || gives.has('yday')) && gives.has('hour') && gives.has('minute'))
}
