/**
 * `--emit ndjson`: one row object per line (schema/row.schema.json), newest
 * first, each line ended by `\n`, written line by line. No rows give an
 * empty output. This is what `profiler-search merge` reads back.
 */

import type { EmittedRow } from '../row-format.js'
import { rowJson } from './row-json.js'

export function* renderNdjson(rows: Iterable<EmittedRow>): Generator<string> {
  for (const row of rows) yield `${rowJson(row)}\n`
}
