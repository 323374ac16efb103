/**
 * Which server answered: rows read from a table carry their host as their
 * `server` and their file in their Source (`web2:/…/access.log@byte N`, the
 * line's byte offset in that file), the page shows a Server column when its
 * rows are of more than one server, and `--server` is pushed down to the
 * server (the SQL sent holds it) with the rows a build of the files with
 * `--server-name` per host lists. Three hosts shipped to the Distributed
 * table of schema/clickhouse.sql.
 */

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import t from 'tap'
import { clickHouseMissing, clickHouseServer } from '../helpers/clickhouse-server.js'
import { createSchema, logLine, rowsWithoutSource } from '../helpers/clickhouse-tables.js'
import { runCli } from '../helpers/run-cli.js'
import { tcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js'

const missing = clickHouseMissing()
const HOSTS = ['web1', 'web2', 'web3'] as const

/** A proxy to `port` that keeps the requests it passes on (the SQL is in their bodies). */
async function recordingProxy(port: number): Promise<TcpProxy & { sent: () => string }> {
  const requests: Buffer[] = []
  const proxy = await tcpProxy(port, (client, upstream) => {
    client.on('data', (chunk: Buffer) => void requests.push(chunk))
    upstream.pipe(client)
  })
  return { ...proxy, sent: () => Buffer.concat(requests).toString('utf8') }
}

interface Row {
  server?: string
  source: string
  byteOffset: number | null
  raw: string
}

t.test('rows of three hosts: each names its server and file; --server is pushed down, with the rows of the files', { skip: missing ?? false }, async (t) => {
  const server = await clickHouseServer()
  await createSchema(server, 'logs_servers')
  const dir = t.testdir({})
  // the hosts' lines take turns, a second each
  const logs = HOSTS.map((host, k) => {
    mkdirSync(`${dir}/${host}`)
    const path = `${dir}/${host}/access.log`
    writeFileSync(path, Array.from({ length: 40 }, (_, i) => `${logLine(host, 3 * i + k)}\n`).join(''))
    return path
  })
  const table = server.url('logs_servers.access_lines_all')
  for (const [k, host] of HOSTS.entries()) {
    const shipped = await runCli(['ship', '--once', logs[k] as string, '--to', table, '--host', host])
    t.strictSame([shipped.code, shipped.stderr], [0, ''], `ship ${host}`)
  }

  // each row: its host, its file, the line's byte offset in that file
  const all = await runCli(['build', table, '--emit', 'ndjson', '-n', '200'])
  t.strictSame([all.code, all.stderr], [0, ''])
  const rows = all.stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as Row)
  t.equal(rows.length, 120)
  for (const row of rows) {
    const k = HOSTS.indexOf(row.server as typeof HOSTS[number])
    const text = readFileSync(logs[k] as string, 'utf8')
    if (k < 0 || row.source !== `${row.server}:${logs[k]}` || row.byteOffset !== text.indexOf(`${row.raw}\n`)) {
      t.fail(`${row.server} ${row.source}@byte ${row.byteOffset}: ${row.raw}`)
    }
  }
  t.strictSame(new Set(rows.map((row) => row.server)), new Set(HOSTS), 'every host')
  const csv = await runCli(['build', table, '--emit', 'csv', '-n', '1'])
  const [header, newestRow] = csv.stdout.split('\r\n')
  t.ok(header?.endsWith(',server'), 'CSV: a server column')
  t.ok(newestRow?.endsWith(',web3'), 'the newest row is of web3')

  // the page: a Server column, and the detail's Source names the host and the file
  const page = await runCli(['build', table])
  t.equal(page.code, 0, page.stderr)
  t.match(page.stdout, '<td data-label="Server"><span class="nowrap">web3</span></td>')
  t.match(page.stdout, '<td data-label="Server"><span class="nowrap">web2</span></td>')
  const newest = logLine('web3', 119)
  t.match(page.stdout, `web3:access.log@byte ${readFileSync(logs[2] as string, 'utf8').indexOf(newest)}`, 'the Source: host, file name, byte offset')
  const full = await runCli(['build', table, '--full-paths'])
  t.match(full.stdout, `web3:${logs[2]}@byte `, '--full-paths: the file\'s path')

  // --server: pushed down, the rows of the files of those servers (build --server-name per host, merged)
  const proxy = await recordingProxy(server.httpPort)
  t.teardown(() => proxy.close())
  const proxied = `clickhouse://127.0.0.1:${proxy.port}/logs_servers.access_lines_all`
  const dir2 = `${dir}/rows`
  mkdirSync(dir2)
  for (const servers of [['web2'], ['web1', 'web3']]) {
    const search = [...servers.flatMap((name) => ['--server', name]), '-n', '100']
    for (const [k, host] of HOSTS.entries()) {
      const own = await runCli(['build', logs[k] as string, '--server-name', host, '--emit', 'ndjson', ...search, '-o', `${dir2}/${host}.ndjson`])
      t.equal(own.code, 0, own.stderr)
    }
    const expected = await runCli(['merge', ...HOSTS.map((host) => `${dir2}/${host}.ndjson`), '--emit', 'ndjson', '-n', '100'])
    const got = await runCli(['build', proxied, '--emit', 'ndjson', ...search])
    t.strictSame([got.code, got.stderr], [0, ''], servers.join())
    const gotRows = rowsWithoutSource(got.stdout) as Row[]
    t.equal(gotRows.length, 40 * servers.length, `${servers.join()}: every row of those servers`)
    t.strictSame(gotRows, rowsWithoutSource(expected.stdout), `${servers.join()}: the rows of the files`)
    t.match(proxy.sent(), `\`host\` IN (${servers.map((name) => `'${name}'`).join(', ')})`, `${servers.join()}: in the SQL sent`)
    const shown = await runCli(['build', proxied, ...search])
    t.equal(shown.stdout.includes('data-label="Server"'), servers.length > 1, `${servers.join()}: a Server column only for rows of more than one server`)
  }
})
