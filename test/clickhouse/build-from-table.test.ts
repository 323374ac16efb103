/**
 * `build clickhouse://…` lists exactly what `build` of the same files lists
 * (rows, order, tokens): the fixtures' rotated set and two generated logs,
 * three hosts whose lines share seconds (alpha, beta, gamma: their names sort as their files are named, so ties break alike; the Distributed table puts gamma on one shard, the others on the other), shipped by `ship --once`, read
 * through the plain table and through a 2-shard Distributed table as
 * schema/clickhouse-cluster.sql's, for searches that push conditions down and for
 * reading every row (--full-scan); and a table whose columns have names of
 * their own, named by the URL's parameters (filled by ship through them too).
 * The table's rows name their host, a build of the three hosts' files none:
 * rows are compared without it here (servers.test.ts checks it).
 */

import { mkdirSync } from 'node:fs'
import t from 'tap'
import { clickHouseMissing, clickHouseServer, otherShard } from '../helpers/clickhouse-server.js'
import { createSchema, rowsWithoutSource } from '../helpers/clickhouse-tables.js'
import { writeLargeLog } from '../helpers/large-log.js'
import { fixture, runCli } from '../helpers/run-cli.js'

const missing = clickHouseMissing()

/** The logs of three hosts: the bundled rotated nginx set, and generated nginx and Apache logs of `lines` lines each. */
function threeHostsLogs(dir: string, lines: number, seed: number): { web1: string[]; web2: string; web3: string } {
  const web1 = [fixture('nginx/rotated/access.log.2.gz'), fixture('nginx/rotated/access.log.1'), fixture('nginx/rotated/access.log')]
  const web2 = `${dir}/web2/access.log`
  const web3 = `${dir}/web3/access.log`
  mkdirSync(`${dir}/web2`)
  mkdirSync(`${dir}/web3`)
  writeLargeLog(web2, lines, seed)
  writeLargeLog(web3, lines, seed + 1, 'apache')
  return { web1, web2, web3 }
}


t.test('build of a table lists what build of the files lists', { skip: missing ?? false }, async (t) => {
  const server = await clickHouseServer()
  await createSchema(server, 'logs_build')
  const dir = t.testdir({})
  const { web1, web2, web3 } = threeHostsLogs(dir, 6000, 7)
  // the plain table on this server; the Distributed one over both shards, each host's lines on one of them: by host
  // alone (the schema's key, cityHash64(host, file), would place them by their files' paths, which differ from checkout to checkout)
  await createSchema(server, 'logs_dist')
  await server.query('DROP TABLE logs_dist.access_lines_all')
  await server.query('CREATE TABLE logs_dist.access_lines_all AS logs_dist.access_lines ENGINE = Distributed(logs_cluster, logs_dist, access_lines, cityHash64(host))')
  const table = server.url('logs_build.access_lines')
  const distributed = server.url('logs_dist.access_lines_all')
  for (const [host, files] of [['alpha', web1], ['beta', [web2]], ['gamma', [web3]]] as const) {
    for (const to of [table, distributed]) {
      const shipped = await runCli(['ship', '--once', ...files, '--to', to, '--host', host])
      t.strictSame([shipped.code, shipped.stderr], [0, ''], `ship ${host} to ${to}`)
    }
  }
  const count = 'SELECT count(), uniqExact(host, file, seq) FROM'
  t.equal((await server.query(`${count} logs_build.access_lines`)).trim(), '12081\t12081', 'every line once')
  t.equal((await server.query(`${count} logs_dist.access_lines_all`)).trim(), '12081\t12081', 'every line once across the shards')
  const hosts = async (shard: typeof server): Promise<string> => (await shard.query('SELECT groupUniqArray(host) FROM logs_dist.access_lines')).trim()
  t.not(await hosts(server), '[]', 'this shard holds hosts')
  t.not(await hosts(await otherShard()), '[]', 'so does the other')

  const files = [...web1, web2, web3]
  const searches: string[][] = [
    [],
    ['--any-url', '--status', 'any', '--method', 'any', '-n', '300'],
    ['--limit', '50', '--crawlers', 'exclude'],
    ['--ip', '10.1', '--any-url', '-n', '20'],
    ['--ip', '100.0.0.0/8', '-n', '30'],
    ['--url', 'sofa', '-n', '25', '--tz', 'Europe/Berlin'],
    ['--status', '4xx', '--any-url', '--method', 'any', '-n', '40'],
    ['--from', '2026-11-01T03:00', '--until', '2026-11-01T04:00', '-n', '1000'],
    ['--until', '2026-11-22T13:45:20+01:00', '-n', '15'],
    ['--any-url', '--status', 'any', '--method', 'any', '-n', '20000'],
  ]
  for (const search of searches) {
    const expected = await runCli(['build', ...files, '--full-scan', '--emit', 'ndjson', ...search])
    t.equal(expected.code, 0, expected.stderr)
    for (const [name, args] of [['table', [table]], ['table, --full-scan', [table, '--full-scan']], ['Distributed table', [distributed]]] as const) {
      const got = await runCli(['build', ...args, '--emit', 'ndjson', ...search])
      t.strictSame([got.code, got.stderr], [0, ''], `${name} ${search.join(' ')}`)
      t.strictSame(rowsWithoutSource(got.stdout, { withoutServer: true }), rowsWithoutSource(expected.stdout), `${name} ${search.join(' ')}`)
    }
  }
  // a token found on the page is found again through the table
  const page = rowsWithoutSource((await runCli(['build', ...files, '--emit', 'ndjson', '-n', '40', '--any-url'])).stdout) as { token: string }[]
  for (const { token } of [page[3], page[39]] as { token: string }[]) {
    const expected = await runCli(['build', ...files, '--full-scan', '--emit', 'ndjson', '--any-url', '--token', token])
    const got = await runCli(['build', table, '--emit', 'ndjson', '--any-url', '--token', token])
    t.equal(rowsWithoutSource(expected.stdout).length, 1, `--token ${token} on the files`)
    t.strictSame(rowsWithoutSource(got.stdout, { withoutServer: true }), rowsWithoutSource(expected.stdout), `--token ${token}`)
  }
})

t.test('a table whose columns have names of their own, named as URL parameters: what build of the files lists', { skip: missing ?? false }, async (t) => {
  const server = await clickHouseServer()
  for (const statement of [
    'DROP DATABASE IF EXISTS logs_cols',
    'CREATE DATABASE logs_cols',
    // the schema's roles under other names, in another order
    'CREATE TABLE logs_cols.lines (raw String, n UInt64, path String, server String, ts DateTime) ENGINE = MergeTree PARTITION BY toYYYYMMDD(ts) ORDER BY (ts, server, path, n)',
  ]) await server.query(statement)
  await createSchema(server, 'logs_cols_plain')
  const dir = t.testdir({})
  const { web1, web2, web3 } = threeHostsLogs(dir, 3000, 9)
  const parameters = '?time=ts&host=server&file=path&seq=n&message=raw'
  const renamed = server.url('logs_cols.lines', parameters)
  // alpha and beta: shipped to a table of the schema, then copied into the renamed columns; gamma: shipped to them through the parameters
  for (const [host, files] of [['alpha', web1], ['beta', [web2]]] as const) {
    const shipped = await runCli(['ship', '--once', ...files, '--to', server.url('logs_cols_plain.access_lines'), '--host', host])
    t.strictSame([shipped.code, shipped.stderr], [0, ''], `ship ${host}`)
  }
  await server.query('INSERT INTO logs_cols.lines (ts, server, path, n, raw) SELECT time, host, file, seq, message FROM logs_cols_plain.access_lines')
  const shipped = await runCli(['ship', '--once', web3, '--to', renamed, '--host', 'gamma'])
  t.strictSame([shipped.code, shipped.stderr], [0, ''], 'ship gamma through the parameters')
  t.equal((await server.query('SELECT count(), uniqExact(server, path, n), uniqExact(server) FROM logs_cols.lines')).trim(), '6081\t6081\t3', 'every line once')

  const files = [...web1, web2, web3]
  const searches: string[][] = [
    [],
    ['--any-url', '--status', 'any', '--method', 'any', '-n', '7000'],
    ['--ip', '10.1', '--any-url', '-n', '20'],
    ['--url', 'sofa', '-n', '25'],
    ['--status', '4xx', '--any-url', '--method', 'any', '-n', '40'],
    ['--from', '2026-11-01T01:10', '--until', '2026-11-01T01:30', '-n', '1000'],
  ]
  for (const search of searches) {
    const expected = await runCli(['build', ...files, '--full-scan', '--emit', 'ndjson', ...search])
    t.equal(expected.code, 0, expected.stderr)
    t.ok(rowsWithoutSource(expected.stdout).length > 0, `rows for ${search.join(' ')}`)
    for (const args of [[renamed], [renamed, '--full-scan']]) {
      const got = await runCli(['build', ...args, '--emit', 'ndjson', ...search])
      t.strictSame([got.code, got.stderr], [0, ''], `${args.join(' ')} ${search.join(' ')}`)
      t.strictSame(rowsWithoutSource(got.stdout, { withoutServer: true }), rowsWithoutSource(expected.stdout), `${args.slice(1).join(' ') || 'the table'} ${search.join(' ')}`)
    }
  }
  const page = rowsWithoutSource((await runCli(['build', ...files, '--emit', 'ndjson', '-n', '10', '--any-url'])).stdout) as { token: string }[]
  const { token } = page[4] as { token: string }
  const expected = await runCli(['build', ...files, '--full-scan', '--emit', 'ndjson', '--any-url', '--token', token])
  const got = await runCli(['build', renamed, '--emit', 'ndjson', '--any-url', '--token', token])
  t.equal(rowsWithoutSource(expected.stdout).length, 1, `--token ${token} on the files`)
  t.strictSame(rowsWithoutSource(got.stdout, { withoutServer: true }), rowsWithoutSource(expected.stdout), `--token ${token}`)
  // without the parameters the table's columns are not found: the parameters are what read it
  const plain = await runCli(['build', server.url('logs_cols.lines')])
  t.equal(plain.code, 2)
  t.match(plain.stderr, /Unknown identifier|Missing columns|There is no column/)
})
