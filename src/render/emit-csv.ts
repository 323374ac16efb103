/**
 * `--emit csv`: RFC 4180 text. A header row of the row keys, then one record
 * per row; every record ends with CRLF. A field holding `"`, `,`, CR or LF is
 * quoted, with `"` doubled. A null is an empty field.
 *
 * Spreadsheet formulas are neutralised (OWASP "CSV injection"): a text cell
 * that starts with `=`, `+`, `-`, `@` (or their full-width forms `＝＋－＠`,
 * which some spreadsheets read as the same), TAB or CR gets a leading `'`, so a
 * spreadsheet shows it as text instead of running it.
 */

import { ROW_KEYS, type EmittedRow } from './emit-row.js'

const FORMULA_START = /^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/
const NEEDS_QUOTES = /[",\r\n]/

/** A text cell a spreadsheet will not read as a formula. */
export const neutraliseFormula = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text)

/** One RFC 4180 field. */
export const csvField = (text: string): string => (NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text)

const cell = (value: string | number | bigint | null): string =>
  value === null ? '' : typeof value === 'string' ? csvField(neutraliseFormula(value)) : String(value)

/** The header, then one record per row, each written as it comes. */
export function* renderCsv(rows: Iterable<EmittedRow>): Generator<string> {
  yield `${ROW_KEYS.join(',')}\r\n`
  for (const row of rows) yield `${ROW_KEYS.map((key) => cell(row[key])).join(',')}\r\n`
}
