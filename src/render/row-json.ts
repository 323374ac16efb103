/**
 * A row as JSON text: exactly what `JSON.stringify(row, null, indent)`
 * writes, except that a bigint `bytes` is written as its digits (JSON has
 * integers of any length; JSON.stringify cannot write a bigint, and a
 * number would lose digits). Rows are flat, so each value is written on
 * its own, in ROW_KEYS order, as JSON.stringify lays them out.
 */

import { ROW_KEYS, SERVER_KEY, type EmittedRow } from '../row-format.js'

function valueJson(value: EmittedRow[keyof EmittedRow]): string {
  return typeof value === 'bigint' ? String(value) : JSON.stringify(value)
}

/** `indent`: spaces per level, as JSON.stringify's third argument; none for one line. */
export function rowJson(row: EmittedRow, indent = 0): string {
  if (typeof row.bytes !== 'bigint') return JSON.stringify(row, null, indent)
  const keys: readonly (keyof EmittedRow)[] = row.server === undefined ? ROW_KEYS : [...ROW_KEYS, SERVER_KEY]
  const members = keys.map((key) => `${JSON.stringify(key)}:${indent > 0 ? ' ' : ''}${valueJson(row[key])}`)
  if (indent === 0) return `{${members.join(',')}}`
  const pad = ' '.repeat(indent)
  return `{\n${pad}${members.join(`,\n${pad}`)}\n}`
}
