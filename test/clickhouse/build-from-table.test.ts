/**
 * `build clickhouse://…` lists exactly what `build` of the same files lists
 * (rows, order, tokens): the fixtures' rotated set and two generated logs,
 * three hosts whose lines share seconds (alpha, beta, gamma: their names sort as their files are named, so ties break alike; the Distributed table puts gamma on one shard, the others on the other), shipped by `ship --once`, read
 * through the plain table and through the 2-shard Distributed table of
 * schema/clickhouse.sql, for searches that push conditions down and for
 * reading every row (--full-scan).
 */

import { mkdirSync } from 'node:fs'
import t from 'tap'
import { clickHouseMissing, clickHouseServer, otherShard } from '../helpers/clickhouse-server.js'
import { createSchema, rowsWithoutSource } from '../helpers/clickhouse-tables.js'
import { writeLargeLog } from '../helpers/large-log.js'
import { fixture, runCli } from '../helpers/run-cli.js'

const missing = clickHouseMissing()

t.test('build of a table lists what build of the files lists', { skip: missing ?? false }, async (t) => {
  const server = await clickHouseServer()
  await createSchema(server, 'logs_build')
  const dir = t.testdir({})
  const web1 = [fixture('nginx/rotated/access.log.2.gz'), fixture('nginx/rotated/access.log.1'), fixture('nginx/rotated/access.log')]
  const web2 = `${dir}/web2/access.log`
  const web3 = `${dir}/web3/access.log`
  mkdirSync(`${dir}/web2`)
  mkdirSync(`${dir}/web3`)
  writeLargeLog(web2, 6000, 7)
  writeLargeLog(web3, 6000, 8, 'apache')
  // the plain table on this server; the Distributed one over both shards, each host's lines on one of them
  await createSchema(server, 'logs_dist')
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
      t.strictSame(rowsWithoutSource(got.stdout), rowsWithoutSource(expected.stdout), `${name} ${search.join(' ')}`)
    }
  }
  // a token found on the page is found again through the table
  const page = rowsWithoutSource((await runCli(['build', ...files, '--emit', 'ndjson', '-n', '40', '--any-url'])).stdout) as { token: string }[]
  for (const { token } of [page[3], page[39]] as { token: string }[]) {
    const expected = await runCli(['build', ...files, '--full-scan', '--emit', 'ndjson', '--any-url', '--token', token])
    const got = await runCli(['build', table, '--emit', 'ndjson', '--any-url', '--token', token])
    t.equal(rowsWithoutSource(expected.stdout).length, 1, `--token ${token} on the files`)
    t.strictSame(rowsWithoutSource(got.stdout), rowsWithoutSource(expected.stdout), `--token ${token}`)
  }
})
