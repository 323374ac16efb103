/**
 * The SELECTs a ClickHouse source sends: the span of the time column, and
 * a page of rows newest first by keyset, `(time, host, file, seq)`
 * descending, continuing after the last row of the page before (never
 * OFFSET, which would read again what was sent). A row's key is unique: a
 * file's lines have sequence numbers of their own (schema/clickhouse.sql).
 * A message longer than the line cap comes as its head and its length (a
 * line too long, as in a file): a row of 30 MB is never held whole.
 */

import { HEAD_BYTES, MAX_LINE_LENGTH } from '../input/line-splitter.js'
import type { ClickHouseTable } from './clickhouse-url.js'
import { sqlInteger, sqlName, sqlString } from './sql-text.js'

/** Where a row stands in the table's order. */
export interface RowKey {
  /** Epoch seconds. */
  time: number
  host: string
  file: string
  /** As the server wrote it: a UInt64 may not fit a number. */
  seq: string
}

/** One row as read. */
export interface TableRow extends RowKey {
  /** The message, or its first HEAD_BYTES bytes when it is longer than the line cap (then it is no line: too long). */
  message: string
  /** Bytes of the whole message, as stored. */
  length: number
}

function from(table: ClickHouseTable): string {
  return `${sqlName(table.database)}.${sqlName(table.table)}`
}

function where(conditions: readonly string[]): string {
  return conditions.length === 0 ? '' : `\nWHERE ${conditions.map((c) => `(${c})`).join('\n  AND ')}`
}

/** `SELECT max, count` of the time column where `conditions` hold: cheap when they bound the time to a recent stretch. */
export function newestQuery(table: ClickHouseTable, conditions: readonly string[]): string {
  return `SELECT toUInt32(max(${sqlName(table.columns.time)})), count()\nFROM ${from(table)}${where(conditions)}`
}

/** One row where `conditions` hold, if any: reading stops at the first. */
export function anyRowQuery(table: ClickHouseTable, conditions: readonly string[]): string {
  return `SELECT 1\nFROM ${from(table)}${where(conditions)}\nLIMIT 1`
}

/** Rows after `key` (older), in the order `direction` gives, at most `limit`. */
export function rowsQuery(table: ClickHouseTable, conditions: readonly string[], key: RowKey | null, limit: number, direction: 'DESC' | 'ASC' = 'DESC'): string {
  const c = table.columns
  const [time, host, file, seq, message] = [c.time, c.host, c.file, c.seq, c.message].map(sqlName) as [string, string, string, string, string]
  const all = [...conditions]
  if (key !== null) all.push(keysetCondition([time, host, file, seq], key, direction === 'DESC' ? '<' : '>'))
  const order = [time, host, file, seq].map((name) => `${name} ${direction}`).join(', ')
  // a message over the line cap is cut on the server: no more than the cap of one is ever sent
  const capped = `if(length(${message}) > ${sqlInteger(MAX_LINE_LENGTH)}, substring(${message}, 1, ${sqlInteger(HEAD_BYTES)}), ${message})`
  return `SELECT toUInt32(${time}), ${host}, ${file}, toString(${seq}), length(${message}), ${capped}\nFROM ${from(table)}${where(all)}\nORDER BY ${order}\nLIMIT ${sqlInteger(limit)}`
}

/** `(time, host, file, seq) < key`, written out so the time column's index narrows the read. */
export function keysetCondition(names: readonly [string, string, string, string], key: RowKey, op: '<' | '>'): string {
  const [time, host, file, seq] = names
  const t = sqlInteger(key.time)
  const inclusive = op === '<' ? '<=' : '>='
  return `${time} ${inclusive} ${t} AND (${time} ${op} ${t} OR ${host} ${op} ${sqlString(key.host)} OR (${host} = ${sqlString(key.host)} AND (${file} ${op} ${sqlString(key.file)} OR (${file} = ${sqlString(key.file)} AND ${seq} ${op} ${sqlInteger(BigInt(key.seq))}))))`
}

/** The fields of an answer's row → the row. */
export function tableRow(fields: readonly string[]): TableRow {
  const [time, host, file, seq, length, message] = fields
  return { time: Number(time), host: host ?? '', file: file ?? '', seq: seq ?? '0', length: Number(length), message: message ?? '' }
}
