/**
 * A table as a source: pages newest first within a window that widens (4x)
 * until the table's span is read; each batch's earliest is the last ms of
 * the oldest second read; places count down; rows go through LogLines.
 */

import t from 'tap'
import { ClickHouseSource, DescendingPlaces, rowOffset } from '../../../src/clickhouse/clickhouse-source.js'
import { LogLines } from '../../../src/source/log-lines.js'
import { linesContext, logLine } from '../../helpers/log-source.js'
import { fakeConnection } from './fake-connection.js'

const BASE = Date.UTC(2026, 10, 22, 10, 0, 0) / 1000

/** 30 rows, one every 10 s from BASE, as the table holds them. */
const ROWS = Array.from({ length: 30 }, (_, i) => ({ time: BASE + i * 10, line: logLine(i, i * 10) }))

function answer(sql: string): string[][] {
  if (sql.startsWith('SELECT toUInt32(min(')) return [[String(BASE), String(BASE + 290), '30']]
  const low = Number(/`time` >= (\d+)/.exec(sql)?.[1] ?? 0)
  const before = /`time` <= (\d+) AND \(`time` < \d+ OR `host` < 'h' OR \(`host` = 'h' AND \(`file` < 'f' OR \(`file` = 'f' AND `seq` < (\d+)\)\)\)\)/.exec(sql)
  const limit = Number(/LIMIT (\d+)$/.exec(sql)?.[1])
  return ROWS.map((row, i) => ({ ...row, seq: i * 100 }))
    .filter((row) => row.time >= low && (before === null || row.seq < Number(before[2])))
    .reverse().slice(0, limit)
    .map((row) => [String(row.time), 'h', 'f', String(row.seq), row.line])
}

t.test('pages newest first, the window widening until the span is read', async (t) => {
  const { connection, queries } = fakeConnection(answer)
  const { context, selection } = linesContext()
  const lines = new LogLines(context, 'clickhouse://h/logs.t', 'offsets', new DescendingPlaces(2))
  const source = new ClickHouseSource(connection, lines, [], { firstWindowS: 20, pageRows: 4 })
  const batches = []
  for await (const batch of source.batches()) batches.push(batch)
  // windows of 20, 80, 320 s back from the newest row (the last one cut at the oldest), pages of 4 rows
  t.strictSame(queries.slice(1).map((sql) => Number(/`time` >= (\d+)/.exec(sql)?.[1]) - BASE), [270, 210, 210, 0, 0, 0, 0, 0, 0])
  // a batch's earliest: the last ms of its oldest second (a row not read yet may be stamped up to then)
  t.strictSame(batches.map((b) => b.earliest === null ? null : (b.earliest + 1) / 1000 - BASE), [271, 231, 211, 171, 131, 91, 51, 11, 1, null])
  const { items, places } = selection.take()
  t.strictSame(items.map((record) => record.byteOffset), ROWS.map((_, i) => (29 - i) * 100))
  t.strictSame(places, ROWS.map((_, i) => 3 * 2 ** 40 - 1 - i), 'the row that comes later is older')
  t.equal(source.newestFirst, true)
  t.equal(source.bytesRead(), ROWS.reduce((sum, row) => sum + row.line.length + 1, 0))
})

t.test('an empty table is read at once; a seq that is no number is an error', async (t) => {
  const { connection, queries } = fakeConnection(() => [['0', '0', '0']])
  const { context } = linesContext()
  const source = new ClickHouseSource(connection, new LogLines(context, 'x', 'offsets', new DescendingPlaces(0)), [])
  const batches = []
  for await (const batch of source.batches()) batches.push(batch)
  t.strictSame(batches, [{ kept: 0, earliest: null }])
  t.equal(queries.length, 1)
  t.equal(rowOffset(String(3 * 2 ** 40 + 17)), 17)
  t.throws(() => rowOffset('x1'), { message: 'the seq column holds "x1", not a whole number' })
})
