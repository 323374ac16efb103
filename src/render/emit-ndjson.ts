/**
 * `--emit ndjson`: one row object per line (schema/row.schema.json), newest
 * first, each line ended by `\n`. No rows give an empty output. This is what
 * `profiler-search merge` reads back.
 */

import type { EmittedRow } from './emit-row.js'

export const renderNdjson = (rows: readonly EmittedRow[]): string =>
  rows.map((row) => `${JSON.stringify(row)}\n`).join('')
