/**
 * docs/clickhouse.md as written, on the ClickHouse installed here (18.16):
 * two servers as Debian installs them (no cluster; users.xml with `default`
 * and the profile `readonly`) are configured from the guide's own files, its
 * users.d/ file of users and its config.d/ file of the cluster `logs_cluster`,
 * taken from the guide's text and written while they run (read without a
 * restart), with only host names, ports and passwords changed. The schema
 * files are loaded by the guide's command (`clickhouse-client --multiquery <
 * schema/…`, with the port of the server); schema/clickhouse.sql before the
 * cluster exists. Then the guide's commands: ship as `shipper`, build as
 * `reader` (a plain table, then the Distributed one); where the schema's
 * sharding key puts web1..web3's /var/log/nginx/access.log, and where
 * cityHash64(host) would; a read-only user shipping; the cron command that
 * keeps 30 days; a shard down, and
 * ?skip_unavailable_shards=1 by a user of the guide's profile `profiler_reader`.
 */

import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { bareClickHouseServers, clickHouseMissing, type ClickHouseServer } from '../helpers/clickhouse-server.js'
import { logLines, rowsWithoutSource } from '../helpers/clickhouse-tables.js'
import { waitFor } from '../helpers/wait-for.js'
import { ROOT, runCli } from '../helpers/run-cli.js'

const missing = clickHouseMissing()
const guide = readFileSync(join(ROOT, 'docs', 'clickhouse.md'), 'utf8')
const PASSWORD = 'the password'

/** The guide's fenced blocks of a language, in order. */
const blocks = (language: string): string[] =>
  [...guide.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))].map((block) => block[1] ?? '')

/** Runs a schema file as the guide says, `clickhouse-client --multiquery < schema/NAME`, on a server (its port added). */
function loadSchema(server: ClickHouseServer, name: string): { status: number | null; stderr: string } {
  const command = `clickhouse-client --multiquery < schema/${name}`
  if (!guide.includes(command)) throw new Error(`the guide does not say ${command}`)
  const r = spawnSync('sh', ['-c', `clickhouse-client --host 127.0.0.1 --port ${server.tcpPort} --multiquery < schema/${name}`], { cwd: ROOT, encoding: 'utf8' })
  return { status: r.status, stderr: r.stderr }
}

/** Whether `user` may run a query with `password` (the users of users.d/ are read). */
async function answers(server: ClickHouseServer, user: string): Promise<boolean> {
  const response = await fetch(`http://127.0.0.1:${server.httpPort}/?query=SELECT%201`, { headers: { 'X-ClickHouse-User': user, 'X-ClickHouse-Key': PASSWORD } })
  await response.text()
  return response.ok
}

t.test('the guide\'s users, cluster, schema files and sharding key, as written, on the server installed here', { skip: missing ?? false }, async (t) => {
  const servers = await bareClickHouseServers()
  const [ch1, ch2] = servers as [ClickHouseServer, ClickHouseServer]
  t.comment(`ClickHouse ${ch1.version}`)

  // the guide's users.d/ file: one XML block names /etc/clickhouse-server/users.d/profiler-search.xml, the other the cluster's config.d/ file
  t.match(guide, /`\/etc\/clickhouse-server\/users\.d\/profiler-search\.xml` \(18\.16\):\n\n```xml\n<\?xml/, 'the users file is the first XML block')
  t.match(guide, /`\/etc\/clickhouse-server\/config\.d\/logs-cluster\.xml`[\s\S]{0,200}?:\n\n```xml\n<\?xml/, 'the cluster file is the second')
  const [usersXml = '', clusterXml = ''] = blocks('xml')
  const hash = createHash('sha256').update(PASSWORD).digest('hex')
  t.equal(usersXml.split('<password_sha256_hex>…</password_sha256_hex>').length, 3, 'a password hash to fill in for each user')
  // reader2: the guide's reader given <profile>profiler_reader</profile>, as the guide says for ?skip_unavailable_shards=1
  const filled = usersXml.replaceAll('<password_sha256_hex>…</password_sha256_hex>', `<password_sha256_hex>${hash}</password_sha256_hex>`)
  const reader = /^ {4}<reader>\n[\s\S]*?^ {4}<\/reader>\n/m.exec(filled)?.[0] ?? ''
  t.ok(reader, 'the guide\'s reader')
  const reader2 = reader.replaceAll('reader>', 'reader2>').replace(/<profile>readonly<\/profile>/, '<profile>profiler_reader</profile>')
  const users = filled.replace('  </users>', `${reader2}  </users>`)
  t.match(clusterXml, '<shard><replica><host>ch1</host><port>9000</port></replica></shard>\n      <shard><replica><host>ch2</host><port>9000</port></replica></shard>')
  const cluster = clusterXml
    .replace('<host>ch1</host><port>9000</port>', `<host>127.0.0.1</host><port>${ch1.tcpPort}</port>`)
    .replace('<host>ch2</host><port>9000</port>', `<host>127.0.0.1</host><port>${ch2.tcpPort}</port>`)

  // one server first: the users, then schema/clickhouse.sql, which needs no cluster
  for (const server of servers) {
    mkdirSync(join(server.dir, 'users.d'))
    writeFileSync(join(server.dir, 'users.d', 'profiler-search.xml'), users)
  }
  for (const server of servers) await waitFor('the users of users.d/, read without a restart', async () => answers(server, 'shipper'))
  t.ok(await answers(ch1, 'reader'), 'reader answers too')
  t.notOk(await answers(ch1, 'nobody'), 'and not just anyone')
  for (const server of servers) t.strictSame(loadSchema(server, 'clickhouse.sql'), { status: 0, stderr: '' }, 'schema/clickhouse.sql without a cluster')
  t.strictSame(loadSchema(ch1, 'clickhouse.sql'), { status: 0, stderr: '' }, 'and again (IF NOT EXISTS)')

  const dir = t.testdir({
    'web1.log': logLines('web1', 0, 30), 'web2.log': logLines('web2', 0, 30), 'web3.log': logLines('web3', 0, 30),
    'ch.pass': `${PASSWORD}\n`,
  })
  const env = { CLICKHOUSE_PASSWORD_FILE: `${dir}/ch.pass` }
  const url = (server: ClickHouseServer, user: string, table: string, parameters = ''): string => `clickhouse://${user}@127.0.0.1:${server.httpPort}/logs.${table}${parameters}`

  // "One server": ship as shipper, build as reader, --server
  const shipped = await runCli(['ship', '--once', `${dir}/web1.log`, '--to', url(ch1, 'shipper', 'access_lines'), '--host', 'web1'], { env })
  t.strictSame([shipped.code, shipped.stderr], [0, ''], 'ship as shipper')
  const one = await runCli(['build', url(ch1, 'reader', 'access_lines'), '--server', 'web1', '--emit', 'ndjson', '-n', '100'], { env })
  t.strictSame([one.code, one.stderr, one.stdout.split('\n').filter(Boolean).length], [0, '', 30], 'build as reader')
  // a read-only user for ship
  const readonly = await runCli(['ship', '--once', `${dir}/web2.log`, '--to', url(ch1, 'reader', 'access_lines'), '--host', 'web2'], { env })
  t.strictSame([readonly.code, readonly.stderr], [2, `profiler-search: ${url(ch1, 'reader', 'access_lines')}: this user cannot insert (readonly) (ship needs a user that may insert: readonly = 0 (docs/clickhouse.md#users))\n`])

  // the cluster: the guide's config.d/ file, then schema/clickhouse-cluster.sql
  for (const server of servers) {
    mkdirSync(join(server.dir, 'config.d'))
    writeFileSync(join(server.dir, 'config.d', 'logs-cluster.xml'), cluster)
  }
  for (const server of servers) {
    await waitFor('the cluster of config.d/, read without a restart', async () =>
      (await server.query("SELECT count() FROM system.clusters WHERE cluster = 'logs_cluster'")).trim() === '2')
  }
  for (const server of servers) t.strictSame(loadSchema(server, 'clickhouse-cluster.sql'), { status: 0, stderr: '' }, 'schema/clickhouse-cluster.sql')

  // Sharding: the lines of web1..web3's /var/log/nginx/access.log, inserted through the Distributed table as ship inserts
  const hostsOn = async (table: string): Promise<string[]> => Promise.all(servers.map(async (server) =>
    (await server.query(`SELECT arrayStringConcat(arraySort(groupUniqArray(host)), ',') FROM logs.${table}`)).trim()))
  const rows = ['web1', 'web2', 'web3'].map((host, i) => `${1795341600 + i}\t${host}\t/var/log/nginx/access.log\t0\tline\n`).join('')
  await ch1.query('CREATE TABLE logs.spread AS logs.access_lines ENGINE = MergeTree PARTITION BY toYYYYMMDD(time) ORDER BY (time, host, file, seq)')
  await ch2.query('CREATE TABLE logs.spread AS logs.access_lines ENGINE = MergeTree PARTITION BY toYYYYMMDD(time) ORDER BY (time, host, file, seq)')
  for (const [key, expected] of [['cityHash64(host, file)', ['web1', 'web2,web3']], ['cityHash64(host)', ['web1,web2,web3', '']]] as const) {
    for (const server of servers) await server.query('TRUNCATE TABLE logs.spread')
    await ch1.query(`CREATE TABLE logs.spread_all AS logs.spread ENGINE = Distributed(logs_cluster, logs, spread, ${key})`)
    // sent on to the shards in the background (no insert_distributed_sync): waited for
    await ch1.query('INSERT INTO logs.spread_all FORMAT TabSeparated', rows)
    await waitFor('the rows on their shards', async () => (await hostsOn('spread')).join(',').split(',').filter(Boolean).length === 3)
    t.strictSame(await hostsOn('spread'), expected, `${key}: web1..web3's /var/log/nginx/access.log on the shards`)
    await ch1.query('DROP TABLE logs.spread_all')
  }
  t.match(readFileSync(join(ROOT, 'schema', 'clickhouse-cluster.sql'), 'utf8'), 'ENGINE = Distributed(logs_cluster, logs, access_lines, cityHash64(host, file));', 'the schema\'s key')

  // "Several servers": ship three hosts to the Distributed table, read it as reader, one host's lines by --server
  for (const host of ['web1', 'web2', 'web3']) {
    const r = await runCli(['ship', '--once', `${dir}/${host}.log`, '--to', url(ch1, 'shipper', 'access_lines_all'), '--host', host], { env })
    t.strictSame([r.code, r.stderr], [0, ''], `ship ${host} to access_lines_all`)
  }
  const all = await runCli(['build', url(ch1, 'reader', 'access_lines_all'), '--emit', 'ndjson', '-n', '200'], { env })
  t.equal(all.code, 0)
  const countByServer = (ndjson: string): Record<string, number> => {
    const counts: Record<string, number> = {}
    for (const row of rowsWithoutSource(ndjson) as { server: string }[]) counts[row.server] = (counts[row.server] ?? 0) + 1
    return counts
  }
  // web1's lines once: ship through the Distributed table found them in ch1's table, shipped there before, and went on after them
  t.strictSame(countByServer(all.stdout), { web1: 30, web2: 30, web3: 30 }, 'every line of the three hosts once, each shard read')
  const web2 = await runCli(['build', url(ch1, 'reader', 'access_lines_all'), '--server', 'web2', '--emit', 'ndjson', '-n', '200'], { env })
  t.strictSame([web2.code, countByServer(web2.stdout)], [0, { web2: 30 }], 'one host\'s lines, --server web2')

  // Keeping 30 days on 18.16: the guide's command drops the day 31 days ago, not the next one
  const drop = /^clickhouse-client -q "ALTER TABLE logs\.access_lines DROP PARTITION .*"$/m.exec(guide)?.[0] ?? ''
  t.ok(drop, 'the guide\'s DROP PARTITION command')
  const day = 86_400
  const now = Math.floor(Date.now() / 1000)
  await ch1.query('INSERT INTO logs.access_lines FORMAT TabSeparated', `${now - 31 * day}\told\t/a\t0\tline\n${now - 30 * day}\told\t/a\t1\tline\n`)
  const dropped = spawnSync('sh', ['-c', drop.replace('clickhouse-client', `clickhouse-client --host 127.0.0.1 --port ${ch1.tcpPort}`)], { encoding: 'utf8', env: { ...process.env, TZ: 'UTC' } })
  t.strictSame([dropped.status, dropped.stderr], [0, ''])
  t.equal((await ch1.query("SELECT arrayStringConcat(groupArray(toString(seq)), ',') FROM logs.access_lines WHERE host = 'old'")).trim(), '1', 'the day 31 days ago dropped, the day after kept')

  // A shard down: ch2 gone
  const onCh1 = countByServer(await runCli(['build', url(ch1, 'reader', 'access_lines'), '--emit', 'ndjson', '-n', '200'], { env }).then((r) => r.stdout))
  ch2.signal('SIGKILL')
  const allUrl = url(ch1, 'reader', 'access_lines_all')
  const down = await runCli(['build', allUrl, '-o', `${dir}/index.html`], { env })
  t.strictSame([down.code, down.stderr], [2, `profiler-search: ${allUrl}: looking for the newest row failed: shard 127.0.0.1:${ch2.tcpPort} does not answer (Connection refused) `
    + '(start it, or add ?skip_unavailable_shards=1 to the URL to list the rows of the shards that answer)\n'])
  const refused = await runCli(['build', `${allUrl}?skip_unavailable_shards=1`], { env })
  t.strictSame([refused.code, refused.stderr], [2, `profiler-search: ${allUrl}?skip_unavailable_shards=1: looking for the table's shards failed: this user may change no setting (readonly = 1), so not skip_unavailable_shards `
    + '(give it readonly = 2, or set skip_unavailable_shards in its profile on the server (docs/clickhouse.md#a-shard-down))\n'], 'the guide\'s reader: readonly 1')
  const skipping = url(ch1, 'reader2', 'access_lines_all', '?skip_unavailable_shards=1')
  const skipped = await runCli(['build', skipping, '--emit', 'ndjson', '-n', '200'], { env })
  t.strictSame([skipped.code, skipped.stderr], [0, `profiler-search: ${skipping}: shard 2 (127.0.0.1:${ch2.tcpPort}): Connection refused: not read (skip_unavailable_shards=1), `
    + 'the rows listed are those of the shards that answer\n'], 'profiler_reader: the shard that did not answer named')
  t.strictSame(countByServer(skipped.stdout), onCh1, 'the rows of ch1\'s shard')
})
