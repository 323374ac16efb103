/**
 * An insert's query_id names its host and files; a run waits while
 * system.processes lists one of its files, says so once, gives up after the
 * bound, and stops waiting when told to stop.
 */

import t from 'tap'
import { awaitInserts, fileKey, InsertIds, waitBoundMs } from '../../../../src/jobs/ship/running-inserts.js'
import { StopRequest } from '../../../../src/stop.js'
import { fakeConnection } from '../../clickhouse/fake-connection.js'

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

t.test('waits while an insert of the files runs, saying so once', async (t) => {
  let running = 2
  const { connection, queries } = fakeConnection(() => [], () => null, () => (running-- > 0 ? [['profiler-search-ship-x-s0']] : []))
  const warnings: string[] = []
  t.equal(await awaitInserts(connection, 'h', ['/a.log'], { stop: null, warn: (line) => warnings.push(line), pollMs: 1 }), true)
  t.equal(queries.length, 3)
  t.strictSame(warnings, ['clickhouse://h/logs.t: an insert of host h is still under way on the server (query_id profiler-search-ship-x-s0); waiting for it before reading where shipping stopped'])
  const none = fakeConnection(() => [])
  t.equal(await awaitInserts(none.connection, 'h', [], { stop: null, warn: () => t.fail('no wait') }), true)
  t.equal(none.queries.length, 0, 'no files, nothing asked')
})

t.test('gives up after the bound; a stop ends the wait', async (t) => {
  const { connection } = fakeConnection(() => [], () => null, () => [['profiler-search-ship-x-s0']])
  await t.rejects(awaitInserts(connection, 'h', ['/a.log'], { stop: null, warn: () => undefined, boundMs: 30, pollMs: 5 }), {
    message: 'clickhouse://h/logs.t: an insert of host h still runs on the server after 0 s (query_id profiler-search-ship-x-s0); where shipping stopped is not read while it may still store lines',
    hint: "wait for it, or end it: KILL QUERY WHERE query_id = 'profiler-search-ship-x-s0'",
    exitCode: 2,
  })
  const stop = new StopRequest()
  setTimeout(() => stop.request('SIGTERM'), 30)
  const started = Date.now()
  t.equal(await awaitInserts(connection, 'h', ['/a.log'], { stop, warn: () => undefined, pollMs: 10_000 }), false)
  t.ok(Date.now() - started < 5000, 'the sleep between looks is cut short')
})
