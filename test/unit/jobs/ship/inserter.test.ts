/**
 * Batches go in one at a time, in order; a failure holds them, says so
 * once, and tries again after a backoff, first dropping what the table
 * took (an insert whose answer was lost); --once gives up at once.
 */

import t from 'tap'
import { FIRST_BACKOFF_MS, Inserter } from '../../../../src/jobs/ship/inserter.js'
import { InsertIds } from '../../../../src/jobs/ship/running-inserts.js'
import { RowBuffer } from '../../../../src/jobs/ship/shipped-rows.js'
import { StopRequest } from '../../../../src/stop.js'
import { fakeConnection } from '../../clickhouse/fake-connection.js'

t.test('batches, a failure held and tried again after the backoff without repeating what went in', async (t) => {
  let now = 0
  let failing = false
  let stored = -1
  const { connection, inserts } = fakeConnection(() => [[String(stored), 'x']], (body) => {
    // the server takes the first failing insert, but its answer is lost
    stored = Math.max(stored, ...body.trim().split('\n').map((line) => Number(line.split('\t')[3])))
    return failing ? new Error('lost') : null
  })
  const buffer = new RowBuffer('h')
  const warnings: string[] = []
  const inserter = new Inserter(connection, buffer, { host: 'h', batchRows: 3, intervalMs: 1000, once: false, warn: (line) => warnings.push(line), now: () => now })
  for (let i = 0; i < 5; i++) buffer.push(1, '/a.log', i, `m${i}`)
  await inserter.tick()
  t.strictSame([inserts.length, buffer.rows], [1, 2], 'a full batch goes; the rest waits for the interval')
  now = 1000
  failing = true
  buffer.push(1, '/a.log', 5, 'm5')
  await inserter.tick()
  t.strictSame([inserts.length, buffer.rows, inserter.failing], [1, 3, true])
  now += FIRST_BACKOFF_MS - 1
  await inserter.tick()
  t.equal(inserts.length, 1, 'not before the backoff')
  failing = false
  buffer.push(1, '/a.log', 6, 'm6')
  now += 1
  await inserter.tick()
  t.strictSame(inserts.map((body) => body.trim().split('\n').map((line) => line.split('\t')[3])), [['0', '1', '2'], ['6']], 'what the table took is not sent again')
  t.strictSame([buffer.rows, inserter.inserted, inserter.failing], [0, 4, false])
  t.strictSame(warnings, [
    'clickhouse://h/logs.t: the insert failed: lost; holding 3 lines, trying again (every 30 s at most)',
    'clickhouse://h/logs.t: reachable again; shipping the lines held',
  ])
})

t.test('--once: the first failure ends the run', async (t) => {
  const { connection } = fakeConnection(() => [], () => new Error('refused'))
  const buffer = new RowBuffer('h')
  buffer.push(1, '/a.log', 0, 'm')
  const inserter = new Inserter(connection, buffer, { host: 'h', batchRows: 3, intervalMs: 0, once: true, warn: () => undefined, now: () => 0 })
  await t.rejects(inserter.flush(), { message: 'clickhouse://h/logs.t: the insert failed: refused', exitCode: 2 })
})

t.test('room: the reader goes on while the server takes a batch; inserts go one at a time, in order', async (t) => {
  const { connection, inserts } = fakeConnection(() => [])
  let release: () => void = () => undefined
  const slow = connection as unknown as { insert: (sql: string, rows: Buffer) => Promise<void> }
  const insert = slow.insert
  let underWay = 0
  slow.insert = async (sql, rows) => {
    underWay++
    t.equal(underWay, 1, 'one insert at a time')
    await new Promise<void>((resolve) => {
      release = resolve
    })
    await insert(sql, rows)
    underWay--
  }
  const buffer = new RowBuffer('h')
  const inserter = new Inserter(connection, buffer, { host: 'h', batchRows: 2, intervalMs: 1000, once: true, warn: () => undefined, now: () => 0 })
  buffer.push(1, '/a.log', 0, 'm0')
  buffer.push(1, '/a.log', 1, 'm1')
  await inserter.room()
  t.strictSame([inserts.length, buffer.rows], [0, 2], 'the first batch under way, not waited for')
  buffer.push(1, '/a.log', 2, 'm2')
  await inserter.room()
  const more = inserter.room()
  buffer.push(1, '/a.log', 3, 'm3')
  const waiting = inserter.room()
  release()
  await Promise.all([more, waiting])
  release()
  await inserter.flush()
  t.strictSame(inserts.map((body) => body.trim().split('\n').map((line) => line.split('\t')[4])), [['m0', 'm1'], ['m2', 'm3']])
})

t.test('each insert has a query_id naming its host, files and first row; a retry reads where the files stand only once no insert of them runs', async (t) => {
  let now = 0
  const stored = new Map<string, number>()
  let failing = true
  // the first insert goes in whole, but the answer is lost (a timeout); the server is still storing it for three more looks at system.processes
  let running = 0
  const { connection, queries, inserts, insertIds } = fakeConnection((sql) => {
    t.equal(running, 0, 'where the files stand is read once nothing of theirs runs')
    const file = /`file` = '([^']*)'/.exec(sql)?.[1] ?? ''
    return stored.has(file) ? [[String(stored.get(file)), 'x']] : []
  }, (body) => {
    if (!failing) return null
    running = 3
    for (const line of body.trim().split('\n')) {
      const [, , file = '', seq = ''] = line.split('\t')
      stored.set(file, Math.max(stored.get(file) ?? -1, Number(seq)))
    }
    return new Error('no answer within 1 s')
  }, () => {
    if (running === 0) return []
    running--
    return [[insertIds[0] as string]]
  })
  const buffer = new RowBuffer('h')
  const warnings: string[] = []
  const inserter = new Inserter(connection, buffer, { host: 'h', batchRows: 3, intervalMs: 0, once: false, warn: (line) => warnings.push(line), now: () => now })
  buffer.push(1, '/a.log', 10, 'a10')
  buffer.push(1, '/b.log', 4, 'b4')
  buffer.push(1, '/a.log', 11, 'a11')
  buffer.push(1, '/a.log', 12, 'a12')
  await inserter.tick()
  const ids = new InsertIds('h')
  t.strictSame(insertIds, [ids.id(['/a.log', '/b.log'], 10)])
  t.match(insertIds[0], /^profiler-search-ship-[0-9a-f]{16}-[0-9a-f]{16}-s10$/)
  failing = false
  now += FIRST_BACKOFF_MS
  await inserter.flush()
  const processes = queries.filter((sql) => sql.includes('system.processes'))
  t.equal(processes.length, 4, 'asked until none ran')
  t.match(processes[0], `query_id LIKE '${ids.pattern('/a.log')}' OR query_id LIKE '${ids.pattern('/b.log')}'`)
  t.strictSame(inserts.map((body) => body.trim().split('\n').map((line) => line.split('\t')[4])), [['a12']], 'what the table took is not sent again')
  t.strictSame(insertIds.slice(1), [ids.id(['/a.log'], 12)])
  t.match(warnings, [/the insert failed: no answer within 1 s/, /an insert of host h is still under way on the server \(query_id profiler-search-ship-\S+-s10, running for 0 s\); waiting for it, at most 60 s, before reading where shipping stopped/, /the insert no longer runs on the server; waited 0 s/, /reachable again/])
})

t.test('a stop ends the wait for an insert under way: the try fails, nothing is read or sent', async (t) => {
  let failing = true
  const { connection, queries, inserts } = fakeConnection(() => [], () => (failing ? new Error('lost') : null), () => [['profiler-search-ship-x-s0']])
  const stop = new StopRequest()
  const buffer = new RowBuffer('h')
  const warnings: string[] = []
  let now = 0
  const inserter = new Inserter(connection, buffer, { host: 'h', batchRows: 3, intervalMs: 0, once: false, warn: (line) => warnings.push(line), now: () => now, stop })
  buffer.push(1, '/a.log', 0, 'm')
  await inserter.tick()
  failing = false
  stop.request('SIGTERM')
  now += FIRST_BACKOFF_MS
  await inserter.tick()
  t.strictSame([inserts.length, buffer.rows, inserter.failing], [0, 1, true])
  t.notOk(queries.some((sql) => !sql.includes('system.processes')), 'where the file stands is not read')
  t.equal(warnings[1], 'clickhouse://h/logs.t: stopped while an insert was still under way on the server; holding 1 lines, trying again (every 30 s at most)')
})
