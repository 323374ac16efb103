/**
 * `--emit csv`: RFC 4180 text. A header row of the row keys, then one record
 * per row; every record ends with CRLF. A field holding `"`, `,`, CR or LF is
 * quoted, with `"` doubled. A null is an empty field.
 *
 * Spreadsheet formulas are neutralised (OWASP "CSV injection"): a text cell
 * that starts with a formula start (below) gets a leading `'`, so a
 * spreadsheet shows it as text instead of running it; so does a formula start
 * right after a `;`, TAB, CR or LF inside a value, where some spreadsheets
 * start a new cell.
 */

import { ROW_KEYS, SERVER_KEY, type EmittedRow } from '../row-format.js'

/** Signs that start a formula: `=`, `+`, `-`, `@`, and the full-width `＝＋－＠`, which some spreadsheets read as the same. */
const SIGNS = '=+\\-@\\uff1d\\uff0b\\uff0d\\uff20'
/** A cell starting with a sign, or with TAB, CR, LF (OWASP's list) or NUL (OWASP ASVS 5.0, 1.2.10), which a spreadsheet may skip before one. */
const STARTS_FORMULA = new RegExp(`^[${SIGNS}\\t\\r\\n\\0]`)
/**
 * Where a cell can start inside a value. Excel with a `;` list separator (German, French and other locales)
 * splits a line at every `;` and honours a `"` only at the start of a piece, so RFC 4180 quoting keeps nothing
 * together there: a `;`, CR or LF inside a value starts a new cell, and a `"` right after it opens a quoted cell
 * whose text can still be a formula. LibreOffice can split at TAB. A sign, TAB, NUL or `"` right after one of
 * those gets a `'` too (a CR or LF after one is another break, checked in turn).
 */
const FORMULA_AFTER_SEPARATOR = new RegExp(`(?<=[;\\t\\r\\n])(?=[${SIGNS}\\t\\0"])`, 'g')
const NEEDS_QUOTES = /[",\r\n]/

/** A text cell a spreadsheet will not read as a formula, nor split into cells one of which is a formula. */
export function neutraliseFormula(text: string): string {
  return (STARTS_FORMULA.test(text) ? `'${text}` : text).replace(FORMULA_AFTER_SEPARATOR, "'")
}

/** One RFC 4180 field. */
export function csvField(text: string): string {
  return (NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text)
}

function cell(value: string | number | bigint | null | undefined): string {
  return value === null || value === undefined ? '' : typeof value === 'string' ? csvField(neutraliseFormula(value)) : String(value)
}

/**
 * The header, then one record per row, each written as it comes. `server`:
 * whether a row names its server (`--server-name`): then a `server` column
 * follows the others, empty for a row without one.
 */
export function* renderCsv(rows: Iterable<EmittedRow>, server = false): Generator<string> {
  const keys: readonly (keyof EmittedRow)[] = server ? [...ROW_KEYS, SERVER_KEY] : ROW_KEYS
  yield `${keys.join(',')}\r\n`
  for (const row of rows) yield `${keys.map((key) => cell(row[key])).join(',')}\r\n`
}
