/**
 * `--emit json`: one document, `{"count": N, "rows": [...]}`, newest first,
 * as described by schema/listing.schema.json. It holds no wall-clock time,
 * so the same input always gives the same bytes.
 */

import type { EmittedRow } from './emit-row.js'

export const renderJson = (rows: readonly EmittedRow[]): string =>
  `${JSON.stringify({ count: rows.length, rows }, null, 2)}\n`
