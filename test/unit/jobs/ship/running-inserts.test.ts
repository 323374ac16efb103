/**
 * An insert's query_id names its host and files; a run waits while
 * system.processes lists one of its files, saying what for and how long,
 * asks the server to end it after the bound (a user error when the server
 * does not), and stops waiting when told to stop.
 */

import t from 'tap'
import { awaitInserts, fileKey, InsertIds, waitBoundMs } from '../../../../src/jobs/ship/running-inserts.js'
import { StopRequest } from '../../../../src/stop.js'
import { fakeConnection, type FakeConnection } from '../../clickhouse/fake-connection.js'

/** A clock for the wait: 5 ms on for each look at system.processes, however long the machine takes for one. */
const pollClock = (fake: FakeConnection) => (): number => fake.queries.filter((sql) => sql.includes('FROM system.processes')).length * 5

/** ClickHouse's LIKE, for patterns of `%` and plain characters. */
const like = (value: string, pattern: string): boolean =>
  new RegExp(`^${pattern.split('%').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`, 's').test(value)

t.test('a query_id names the host and each file of the insert, and its first row', async (t) => {
  const ids = new InsertIds('web1')
  t.equal(fileKey('web1', '/a.log'), fileKey('web1', '/a.log'))
  t.not(fileKey('web1', '/a.log'), fileKey('web2', '/a.log'), 'another host, another key')
  const id = ids.id(['/a.log', '/b.log'], 2 ** 40 + 17)
  t.equal(id, `profiler-search-ship-${fileKey('web1', '/a.log')}-${fileKey('web1', '/b.log')}-s${2 ** 40 + 17}`)
  t.ok(like(id, ids.pattern('/a.log')) && like(id, ids.pattern('/b.log')), 'found by each of its files')
  t.notOk(like(id, ids.pattern('/c.log')), 'not by another file')
  t.notOk(like(id, new InsertIds('web2').pattern('/a.log')), 'nor by the file of another host')
  t.notOk(/[_%']/.test(ids.pattern('/a.log').replaceAll('%', '')), 'no LIKE wildcard or quote in a key')
  t.equal(waitBoundMs(30_000), 60_000)
  t.equal(waitBoundMs(300_000), 600_000)
})

t.test('waits while an insert of the files runs, saying what it waits for and how long, and when it ends', async (t) => {
  let running = 2
  const fake = fakeConnection(() => new Error('nothing but system.processes is asked'), () => null, () => (running-- > 0 ? [['profiler-search-ship-x-s0', '7']] : []))
  const { connection, queries } = fake
  const warnings: string[] = []
  t.equal(await awaitInserts(connection, 'h', ['/a.log'], { stop: null, warn: (line) => warnings.push(line), pollMs: 1, now: pollClock(fake) }), true)
  t.equal(queries.length, 3)
  t.match(queries[0], /^SELECT query_id, toUInt64\(elapsed\) FROM system\.processes WHERE query_id LIKE 'profiler-search-ship-%[0-9a-f]{16}-%'$/)
  t.strictSame(warnings, [
    'clickhouse://h/logs.t: an insert of host h is still under way on the server (query_id profiler-search-ship-x-s0, running for 7 s); waiting for it, at most 60 s, before reading where shipping stopped',
    'clickhouse://h/logs.t: the insert no longer runs on the server; waited 0 s',
  ])
  const none = fakeConnection(() => [])
  t.equal(await awaitInserts(none.connection, 'h', [], { stop: null, warn: () => t.fail('no wait') }), true)
  t.equal(none.queries.length, 0, 'no files, nothing asked')
})

t.test('after the bound the server is asked to end the insert (its client is gone); one that does not end it is a user error; a stop ends the wait', async (t) => {
  const refused = fakeConnection(() => new Error("Can't kill query 'profiler-search-ship-x-s0' it consits of unkillable stages"), () => null, () => [['profiler-search-ship-x-s0', '61']])
  await t.rejects(awaitInserts(refused.connection, 'h', ['/a.log'], { stop: null, warn: () => undefined, boundMs: 30, pollMs: 5, now: pollClock(refused) }), {
    message: "clickhouse://h/logs.t: an insert of host h still runs on the server after 0 s (query_id profiler-search-ship-x-s0), and the server does not end it (KILL QUERY failed: Can't kill query 'profiler-search-ship-x-s0' it consits of unkillable stages); where shipping stopped is not read while it may still store lines",
    hint: 'it ends once the server has stored it or its connection timed out; ship goes on then',
    exitCode: 2,
  })
  t.strictSame(refused.queries.filter((sql) => !sql.includes('system.processes')), ["KILL QUERY WHERE query_id = 'profiler-search-ship-x-s0' ASYNC"], 'asked once, by its query_id')

  // a server that ends it: the wait goes on until it is gone
  let killedAt = -1
  const ending = fakeConnection((sql) => {
    killedAt = ending.queries.length
    return sql.startsWith('KILL QUERY') ? [['waiting', 'profiler-search-ship-x-s0']] : []
  }, () => null, () => (killedAt < 0 || ending.queries.length < killedAt + 3 ? [['profiler-search-ship-x-s0', '61']] : []))
  const warnings: string[] = []
  t.equal(await awaitInserts(ending.connection, 'h', ['/a.log'], { stop: null, warn: (line) => warnings.push(line), boundMs: 20, pollMs: 5, now: pollClock(ending) }), true)
  t.equal(warnings.length, 3)
  t.match(warnings[1], /^clickhouse:\/\/h\/logs\.t: the insert still runs after 0 s; the server was asked to end it \(KILL QUERY\), waiting at most 0 s more$/)
  t.equal(warnings[2], 'clickhouse://h/logs.t: the insert no longer runs on the server (ended by KILL QUERY: what it stored stays, the table says where); waited 0 s')

  // one it was asked to end and still runs as long again
  const stuck = fakeConnection(() => [['waiting', 'profiler-search-ship-x-s0']], () => null, () => [['profiler-search-ship-x-s0', '61']])
  await t.rejects(awaitInserts(stuck.connection, 'h', ['/a.log'], { stop: null, warn: () => undefined, boundMs: 20, pollMs: 5, now: pollClock(stuck) }), {
    message: 'clickhouse://h/logs.t: an insert of host h still runs on the server 0 s on (query_id profiler-search-ship-x-s0), though the server was asked to end it; where shipping stopped is not read while it may still store lines',
    exitCode: 2,
  })

  const stop = new StopRequest()
  setTimeout(() => stop.request('SIGTERM'), 30)
  const started = Date.now()
  t.equal(await awaitInserts(refused.connection, 'h', ['/a.log'], { stop, warn: () => undefined, pollMs: 10_000 }), false)
  t.ok(Date.now() - started < 5000, 'the sleep between looks is cut short')
})
