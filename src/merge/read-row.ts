/**
 * One NDJSON line written by `build --emit ndjson` → a row and its instant.
 * A line is checked against schema/row.schema.json; anything else is a
 * skipped line with a reason, never a crash.
 */

import type { EmittedRow } from '../render/emit-row.js'
import type { SchemaValidators } from '../render/emit-schema.js'
import { parseRowTimestamp, type RowInstant } from './timestamp.js'

export type RowSkipReason = 'not JSON' | 'not a row' | 'bad timestamp'

export interface ReadRow {
  row: EmittedRow
  at: RowInstant
}

const parseJson = (text: string): { value: unknown } | null => {
  try {
    return { value: JSON.parse(text) as unknown }
  } catch {
    return null
  }
}

/** `isRow` is the compiled row schema (render/emit-schema.ts). */
export const readRow = (text: string, isRow: SchemaValidators['row']): ReadRow | RowSkipReason => {
  const parsed = parseJson(text)
  if (!parsed) return 'not JSON'
  if (!isRow(parsed.value)) return 'not a row'
  const at = parseRowTimestamp(parsed.value.timestamp)
  return at ? { row: parsed.value, at } : 'bad timestamp'
}
