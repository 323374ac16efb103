/**
 * A table as a source: pages newest first within a window that widens (4x)
 * until the table's span is read; each batch's earliest is the last ms of
 * the oldest second read; places count down; rows go through LogLines.
 */

import t from 'tap'
import { ClickHouseSource, DescendingPlaces, rowOffset, rowOrigin } from '../../../src/clickhouse/clickhouse-source.js'
import { LogLines } from '../../../src/source/log-lines.js'
import { keepBatch } from '../../../src/source/batch.js'
import { linesContext, logLine } from '../../helpers/log-source.js'
import { fakeConnection } from './fake-connection.js'

const BASE = Date.UTC(2026, 10, 22, 10, 0, 0) / 1000

/** 30 rows, one every 10 s from BASE, as the table holds them. */
const ROWS = Array.from({ length: 30 }, (_, i) => ({ time: BASE + i * 10, line: logLine(i, i * 10) }))

function answer(sql: string): string[][] {
  const low = Number(/`time` >= (\d+)/.exec(sql)?.[1] ?? 0)
  const below = Number(/`time` < (\d+)\)/.exec(sql)?.[1] ?? Infinity)
  const times = ROWS.map((row) => row.time).filter((time) => time >= low && time < below)
  if (sql.startsWith('SELECT toUInt32(max(')) return [[String(Math.max(0, ...times)), String(times.length)]]
  if (sql.startsWith('SELECT 1')) return times.length > 0 ? [['1']] : []
  const before = /`time` <= (\d+) AND \(`time` < \d+ OR `host` < 'h' OR \(`host` = 'h' AND \(`file` < 'f' OR \(`file` = 'f' AND `seq` < (\d+)\)\)\)\)/.exec(sql)
  const limit = Number(/LIMIT (\d+)$/.exec(sql)?.[1])
  return ROWS.map((row, i) => ({ ...row, seq: i * 100 }))
    .filter((row) => row.time >= low && row.time < below && (before === null || row.seq < Number(before[2])))
    .reverse().slice(0, limit)
    .map((row) => [String(row.time), 'h', 'f', String(row.seq), String(Buffer.byteLength(row.line)), row.line])
}

t.test('pages newest first, the window widening until the span is read', async (t) => {
  const { connection, queries } = fakeConnection(answer)
  const { context, selection } = linesContext()
  const lines = new LogLines(context, 'clickhouse://h/logs.t', 'offsets', new DescendingPlaces(2))
  // now is a day after the newest row: it is looked for in the last hour, then found in the last day
  const source = new ClickHouseSource(connection, lines, [], { from: null, until: null }, { firstWindowS: 20, pageRows: 4, now: () => (BASE + 290 + 86_000) * 1000 }, 2)
  t.strictSame(source.unread(), { before: Infinity, placesBelow: 3 * 2 ** 40 }, 'nothing read: any time, placed below the table\'s room')
  const batches = []
  const before: number[] = []
  for await (const batch of source.batches()) {
    batches.push(batch)
    before.push((source.unread().before + 1) / 1000 - BASE)
  }
  t.strictSame(queries.slice(0, 2).map((sql) => Number(/`time` >= (\d+)/.exec(sql)?.[1]) - BASE), [290 + 86_000 - 3600, 290 + 86_000 - 86_400])
  // windows of 20, 80, 320 s back from the newest row, each after the one before; pages of 4 rows; between windows, a look for older rows
  const reads = queries.slice(2).map((sql) => sql.startsWith('SELECT 1') ? `older than ${Number(/`time` < (\d+)/.exec(sql)?.[1]) - BASE}` : `${Number(/`time` >= (\d+)/.exec(sql)?.[1]) - BASE}..${/`time` < (\d+)\)/.test(sql) ? Number(/`time` < (\d+)\)/.exec(sql)?.[1]) - BASE : ''}`)
  t.strictSame(reads, ['270..', 'older than 270', '210..270', '210..270', 'older than 210', '-30..210', '-30..210', '-30..210', '-30..210', '-30..210', '-30..210', 'older than -30'])
  // a batch's earliest: the last ms of its oldest second (a row not read yet may be stamped up to then)
  t.strictSame(batches.map((b) => b.earliest === null ? null : (b.earliest + 1) / 1000 - BASE), [271, 231, 211, 171, 131, 91, 51, 11, 1, null])
  for (const batch of batches) keepBatch(selection, batch)
  const { items, places } = selection.take()
  t.strictSame(items.map((record) => record.byteOffset), ROWS.map((_, i) => (29 - i) * 100))
  t.strictSame(new Set(items.map((record) => `${record.server} ${record.source} ${record.line}`)), new Set(['h h:f null']), 'each row of its host, at its byte offset in host:file')
  t.strictSame(places, ROWS.map((_, i) => 3 * 2 ** 40 - 1 - i), 'the row that comes later is older')
  t.strictSame(before, [271, 231, 211, 171, 131, 91, 51, 11, 1, 1], 'newest first: the rows not read are older than the earliest read')
  t.equal(source.bytesRead(), ROWS.reduce((sum, row) => sum + row.line.length + 1, 0))
})

t.test('an empty table is read at once; a seq that is no number is an error', async (t) => {
  const { connection, queries } = fakeConnection(() => [['0', '0']])
  const { context } = linesContext()
  const source = new ClickHouseSource(connection, new LogLines(context, 'x', 'offsets', new DescendingPlaces(0)), [], { from: 1000, until: 5000 })
  const batches = []
  for await (const batch of source.batches()) batches.push(batch)
  t.strictSame(batches, [{ records: [], earliest: null }])
  // the search's span bounds the look: from its end back an hour, then to its start
  t.strictSame(queries.map((sql) => /WHERE[\s\S]*/.exec(sql)?.[0].replace(/\s+/g, ' ')), [
    'WHERE (`time` >= 1000) AND (`time` <= 5000) AND (`time` >= 1400)',
    'WHERE (`time` >= 1000) AND (`time` <= 5000) AND (`time` >= 1000)',
  ])
  t.equal(rowOffset(String(3 * 2 ** 40 + 17)), 17)
  t.throws(() => rowOffset('x1'), { message: 'the seq column holds "x1", not a whole number' })
})

t.test('a row\'s origin: its host is its server, its source host:file', async (t) => {
  const table = 'clickhouse://h/logs.t'
  t.strictSame(rowOrigin({ host: 'web2', file: '/var/log/nginx/access.log' }, table), { server: 'web2', source: 'web2:/var/log/nginx/access.log' })
  t.strictSame(rowOrigin({ host: '', file: '/var/log/nginx/access.log' }, table), { server: null, source: '/var/log/nginx/access.log' }, 'no host: of no server')
  t.strictSame(rowOrigin({ host: 'web2', file: '' }, table), { server: 'web2', source: table }, 'no file: the table')
})
