/**
 * `--emit html|json|ndjson|csv`: the output formats of `build` and `merge`.
 * html is the Profile Search page (src/render/page.ts); the others write the
 * same rows as data, in the display zone the page would use.
 */

import type { DisplayZone, ProfileRow } from '../record.js'
import { renderCsv } from './emit-csv.js'
import { renderJson } from './emit-json.js'
import { renderNdjson } from './emit-ndjson.js'
import type { EmittedRow } from '../row-format.js'
import { toEmittedRow } from './emit-row.js'
import { lazyMap } from './lazy-map.js'

export const EMIT_FORMATS = ['html', 'json', 'ndjson', 'csv'] as const
export type EmitFormat = (typeof EMIT_FORMATS)[number]
/** The formats that write rows as data. */
export type DataFormat = Exclude<EmitFormat, 'html'>

export function isEmitFormat(value: string): value is EmitFormat {
  return (EMIT_FORMATS as readonly string[]).includes(value)
}

/** What a format is told of the rows before they come: how many, and whether any names its server. */
interface RowsAhead {
  count: number
  server: boolean
}

/** A format's text, piece by piece. */
type DataRenderer = (rows: Iterable<EmittedRow>, ahead: RowsAhead) => Iterable<string>

const RENDERERS: Readonly<Record<DataFormat, DataRenderer>> = {
  json: (rows, { count }) => renderJson(rows, count),
  ndjson: (rows) => renderNdjson(rows),
  csv: (rows, { server }) => renderCsv(rows, server),
}

/** The rows (newest first) as JSON, NDJSON or CSV text, made row by row as it is written. */
export function renderData(format: DataFormat, rows: readonly ProfileRow[], zone: DisplayZone): Iterable<string> {
  const ahead = { count: rows.length, server: rows.some((row) => Boolean(row.record.server)) }
  return RENDERERS[format](lazyMap(rows, (row) => toEmittedRow(row, zone)), ahead)
}
