/**
 * `--emit json`: one document, `{"count": N, "rows": [...]}`, newest first,
 * as described by schema/listing.schema.json. It holds no wall-clock time,
 * so the same input always gives the same bytes.
 *
 * Written row by row, in exactly the bytes `JSON.stringify(document, null, 2)`
 * gives (a bigint `bytes` as its digits, see row-json.ts): a row's own
 * layout moved four spaces in (JSON.stringify escapes every line break
 * inside a value, so each `\n` it writes is its own).
 */

import type { EmittedRow } from '../row-format.js'
import { rowJson } from './row-json.js'

/** Where a row stands in the document: inside `rows`, two levels deep. */
const ROW_INDENT = '    '

/** `count`: how many rows `rows` gives, written before them. */
export function* renderJson(rows: Iterable<EmittedRow>, count: number): Generator<string> {
  yield `{\n  "count": ${count},\n  "rows": [`
  let first = true
  for (const row of rows) {
    yield `${first ? '\n' : ',\n'}${ROW_INDENT}${rowJson(row, 2).replaceAll('\n', `\n${ROW_INDENT}`)}`
    first = false
  }
  yield first ? ']\n}\n' : '\n  ]\n}\n'
}
