/**
 * One NDJSON line written by `build --emit ndjson` → a row and its instant.
 * A line is checked against schema/row.schema.json; anything else is a
 * skipped line with a reason, never a crash.
 */

import { MAX_LINE_LENGTH } from '../input/line-splitter.js'
import type { EmittedRow, SchemaValidators } from '../row-format.js'
import { memberText } from './member-text.js'
import { parseRowTimestamp, type RowInstant } from './timestamp.js'

export type RowSkipReason = 'not JSON' | 'not a row' | 'bad timestamp' | 'line too long'

/**
 * The longest row line merge reads, in bytes: longer than any row `build`
 * writes. A row's values come from one log line of at most MAX_LINE_LENGTH
 * bytes and hold its text at most 16 times over: `raw`; ip, loggedIp,
 * method, referer, userAgent, host, forwardedFor, user and the digits of
 * `bytes`, each at most the line; `url` (path and query) at most 2 lines;
 * `request`, rebuilt from method, path, query and protocol when the log has
 * no request line, at most 4 (with --json-fields one JSON key may hold
 * several of them). JSON writes a byte of the line as at most 6 (a control
 * character as `\u0001`; a byte that is not UTF-8, shown as U+FFFD, as 3):
 * 96 lines. The rest fits in the 4 lines left: `source` (a path of at most
 * 4 KiB, escaped), the keys, the timestamp, the other numbers, and the few
 * bytes a rebuilt request line adds.
 */
export const MAX_ROW_LENGTH = 100 * MAX_LINE_LENGTH

export interface ReadRow {
  row: EmittedRow
  at: RowInstant
}

function parseJson(text: string): { value: unknown } | null {
  try {
    return { value: JSON.parse(text) as unknown }
  } catch {
    return null
  }
}

/** JSON's integers (no sign, fraction or exponent: what build writes). */
const INTEGER = /^(?:0|[1-9][0-9]*)$/

/**
 * `bytes` as written, when JSON.parse could not hold it: an integer beyond
 * 2^53 − 1 (or beyond a double, read as Infinity) as a bigint of its digits;
 * else null, and the parsed value stands.
 */
function exactBytes(value: unknown, text: string): bigint | null {
  if (typeof value !== 'object' || value === null || !Object.hasOwn(value, 'bytes')) return null
  const { bytes } = value as { bytes: unknown }
  if (typeof bytes !== 'number' || Number.isSafeInteger(bytes)) return null
  const written = memberText(text, 'bytes')
  return written !== null && INTEGER.test(written) ? BigInt(written) : null
}

/**
 * `isRow` is the compiled row schema (render/emit-schema.ts). An integer
 * `bytes` of any length is kept as written (a bigint past 2^53 − 1); the
 * schema checks the rest of the row.
 */
export function readRow(text: string, isRow: SchemaValidators['row']): ReadRow | RowSkipReason {
  const parsed = parseJson(text)
  if (!parsed) return 'not JSON'
  const bytes = exactBytes(parsed.value, text)
  // an integer, whatever its size: checked as one the schema's validator can read
  if (bytes !== null) (parsed.value as { bytes: unknown }).bytes = 0
  if (!isRow(parsed.value)) return 'not a row'
  if (bytes !== null) parsed.value.bytes = bytes
  const at = parseRowTimestamp(parsed.value.timestamp)
  return at ? { row: parsed.value, at } : 'bad timestamp'
}
