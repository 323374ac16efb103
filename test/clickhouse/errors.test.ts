/**
 * What goes wrong with a table is one stderr line naming the URL and what
 * failed, exit 2, and nothing published (the old page stays): a server that
 * is down, an unknown table or column, an error in the middle of a result
 * (wait_end_of_query: never a short page), a server that does not answer in
 * time (nor whole in time: a proxy that passes on a byte at a time), a
 * wrong password, a read-only user shipping, the native port given for the
 * HTTP one, no port named, a shard down (and ?skip_unavailable_shards=1,
 * which reads the shards that answer and says which did not). The password comes from
 * the environment or a file; values reach SQL as literals the server reads
 * back byte for byte.
 */

import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { connect, createServer } from 'node:net'
import t from 'tap'
import { ClickHouseConnection } from '../../src/clickhouse/clickhouse-connection.js'
import { parseClickHouseUrl } from '../../src/clickhouse/clickhouse-url.js'
import { sqlString } from '../../src/clickhouse/sql-text.js'
import { clickHouseMissing, clickHouseServer, TLS_CERTIFICATE } from '../helpers/clickhouse-server.js'
import { createSchema, logLines, rowsWithoutSource } from '../helpers/clickhouse-tables.js'
import { tcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js'
import { runCli, spawnCli } from '../helpers/run-cli.js'
import { between, pickOne, seeded } from '../helpers/seeded.js'
import { scaled } from '../helpers/wait-for.js'

const missing = clickHouseMissing()
const HINT = '(check the server, the table and its columns (schema/clickhouse.sql))'

async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  return typeof address === 'object' && address !== null ? address.port : 0
}

t.test('a failure is one line, exit 2, and the old page stays', { skip: missing ?? false }, async (t) => {
  const server = await clickHouseServer()
  await createSchema(server, 'logs_err')
  const dir = t.testdir({ 'access.log': logLines('e', 0, 50) })
  const shipped = await runCli(['ship', '--once', `${dir}/access.log`, '--to', server.url('logs_err.access_lines'), '--host', 'web'])
  t.strictSame([shipped.code, shipped.stderr], [0, ''])
  writeFileSync(`${dir}/page.html`, 'old page')
  const port = await closedPort()
  const cases: Array<[string, string]> = [
    [`clickhouse://127.0.0.1:${port}/logs_err.access_lines`, `looking for the newest row failed: cannot reach 127.0.0.1:${port}: connection refused`],
    [server.url('logs_err.nope'), "looking for the newest row failed: Table logs_err.nope doesn't exist."],
    [server.url('logs_err.access_lines', '?message=msg'), 'the query failed: Unknown identifier: msg'],
  ]
  for (const [url, what] of cases) {
    const r = await runCli(['build', url, '-o', `${dir}/page.html`])
    t.strictSame([r.code, r.stderr, r.stdout], [2, `profiler-search: ${url}: ${what} ${HINT}\n`, ''], url)
    t.equal(readFileSync(`${dir}/page.html`, 'utf8'), 'old page', 'nothing published')
  }
  // a server that does not answer within ?timeout=
  server.signal('SIGSTOP')
  const slow = server.url('logs_err.access_lines', '?timeout=0.5')
  const r = await runCli(['build', slow, '-o', `${dir}/page.html`]).finally(() => server.signal('SIGCONT'))
  t.strictSame([r.code, r.stderr], [2, `profiler-search: ${slow}: looking for the newest row failed: no answer within 0.5 s ${HINT}\n`])
  t.equal(readFileSync(`${dir}/page.html`, 'utf8'), 'old page', 'nothing published')
})

/**
 * A proxy to `port` that passes the server's answers on a byte every `everyMs` (requests go through as
 * they come); with `headersAtOnce`, an answer's headers go at once, its body a byte at a time.
 */
function dribblingProxy(port: number, everyMs: number, headersAtOnce: boolean): Promise<TcpProxy> {
  return tcpProxy(port, (client, upstream) => {
    const waiting: number[] = []
    let head = headersAtOnce ? Buffer.alloc(0) : null
    upstream.on('data', (bytes: Buffer) => {
      if (head === null) return void waiting.push(...bytes)
      head = Buffer.concat([head, bytes])
      const end = head.indexOf('\r\n\r\n')
      if (end < 0) return
      client.write(head.subarray(0, end + 4))
      waiting.push(...head.subarray(end + 4))
      head = null
    })
    const timer = setInterval(() => {
      const byte = waiting.shift()
      if (byte !== undefined) client.write(Buffer.from([byte]))
    }, everyMs)
    return () => clearInterval(timer)
  })
}

for (const headersAtOnce of [false, true]) {
  t.test(`?timeout= bounds a query whole, its answer included: a proxy that passes ${headersAtOnce ? 'the headers at once, then ' : ''}a byte every 100 ms fails the build at 1 s, exit 2, one line, nothing written`, { skip: missing ?? false }, async (t) => {
    const server = await clickHouseServer()
    await createSchema(server, 'logs_dribble')
    const dir = t.testdir({ 'access.log': logLines('d', 0, 50) })
    t.equal((await runCli(['ship', '--once', `${dir}/access.log`, '--to', server.url('logs_dribble.access_lines'), '--host', 'web'])).code, 0)
    const proxy = await dribblingProxy(server.httpPort, 100, headersAtOnce)
    t.teardown(() => proxy.close())
    const url = `clickhouse://127.0.0.1:${proxy.port}/logs_dribble.access_lines?timeout=1`
    // the whole answer (its headers alone are some 300 bytes, the body some 20) would take the proxy seconds and more
    const started = Date.now()
    const run = runCli(['build', url, '-o', `${dir}/page.html`])
    // a bound that stops a hang (the proxy would take 30 s and more), stretched by the machine's load; the message says which timer ended the build
    const ended = await Promise.race([run, new Promise<null>((resolve) => setTimeout(resolve, scaled(20_000), null).unref())])
    if (ended === null) proxy.close()
    t.not(ended, null, `the build ended before the proxy answered whole (${Date.now() - started} ms)`)
    const r = await run
    t.strictSame([r.code, r.stderr, r.stdout], [2, `profiler-search: ${url}: looking for the newest row failed: no answer within 1 s ${HINT}\n`, ''])
    t.notOk(existsSync(`${dir}/page.html`), 'no page written')
  })
}

t.test('an error in the middle of a result is an error, never a short result', { skip: missing ?? false }, async (t) => {
  const server = await clickHouseServer()
  const sql = 'SELECT number, throwIf(number = 250000) FROM system.numbers LIMIT 300000 SETTINGS max_block_size = 1000'
  // without wait_end_of_query the server has sent 200 and most rows when the error comes
  const raw = await fetch(`http://127.0.0.1:${server.httpPort}/`, { method: 'POST', body: sql })
  const text = await raw.text()
  t.ok(raw.status === 200 && /Code: 395/.test(text.slice(-300)), 'the server streams an error after the rows')
  const connection = ClickHouseConnection.open(parseClickHouseUrl(server.url('system.numbers'), {}, '/'))
  await t.rejects(connection.select(sql), {
    message: `${server.url('system.numbers')}: the query failed: Value passed to 'throwIf' function is non zero`,
  })
  await connection.close()
})

t.test('the password comes from CLICKHOUSE_PASSWORD or CLICKHOUSE_PASSWORD_FILE; a read-only user cannot ship', { skip: missing ?? false }, async (t) => {
  const server = await clickHouseServer()
  await createSchema(server, 'logs_pass')
  const dir = t.testdir({ 'access.log': logLines('p', 0, 20), 'pass': "s3cret 'pass'\n", 'wrong': 'nope\n' })
  const reader = `clickhouse://reader@127.0.0.1:${server.httpPort}/logs_pass.access_lines`
  t.equal((await runCli(['ship', '--once', `${dir}/access.log`, '--to', server.url('logs_pass.access_lines'), '--host', 'web'])).code, 0)
  for (const env of [{ CLICKHOUSE_PASSWORD: "s3cret 'pass'" }, { CLICKHOUSE_PASSWORD_FILE: `${dir}/pass` }]) {
    const r = await runCli(['build', reader, '--emit', 'csv', '-n', '3'], { env })
    t.strictSame([r.code, r.stderr, r.stdout.split('\n').length], [0, '', 5], Object.keys(env).join())
  }
  const wrong = await runCli(['build', reader], { env: { CLICKHOUSE_PASSWORD_FILE: `${dir}/wrong` } })
  t.strictSame([wrong.code, wrong.stderr], [2, `profiler-search: ${reader}: looking for the newest row failed: Wrong password for user reader ${HINT}\n`])
  const ship = await runCli(['ship', '--once', `${dir}/access.log`, '--to', reader, '--host', 'other'], { env: { CLICKHOUSE_PASSWORD: "s3cret 'pass'" } })
  t.strictSame([ship.code, ship.stderr], [2, `profiler-search: ${reader}: this user cannot insert (readonly) (ship needs a user that may insert: readonly = 0 (docs/clickhouse.md#users))\n`],
    'said before a line is read, not as "Cannot override setting (insert_distributed_sync)"')
  t.equal((await server.query("SELECT count() FROM logs_pass.access_lines WHERE host = 'other'")).trim(), '0')
  const inUrl = await runCli(['build', `clickhouse://reader:pw@127.0.0.1:${server.httpPort}/logs_pass.access_lines`])
  t.strictSame([inUrl.code, inUrl.stderr], [2,
    `profiler-search: clickhouse://reader:…@127.0.0.1:${server.httpPort}/logs_pass.access_lines: a password in the URL would show in ps (set CLICKHOUSE_PASSWORD or CLICKHOUSE_PASSWORD_FILE instead)\n`])
})

t.test('a literal reaches the server as exactly its bytes, whatever they are', { skip: missing ?? false }, async (t) => {
  const server = await clickHouseServer()
  const random = seeded(20)
  const pieces = ["'", '\\', '\0', '\n', '\r', '\t', '"', '`', '\\\'', "''", ';', '--', '/*', '\ud800', '\udfff', 'é', '€', '𝄞', '\x7f', '\x1b', 'a', ' ', '\\x41', '?', '{a:String}']
  const values = Array.from({ length: 60 }, () => Array.from({ length: between(random, 0, 12) }, () => pickOne(random, pieces)).join(''))
  const answer = (await server.query(`SELECT ${values.map((value) => `hex(${sqlString(value)})`).join(', ')} FORMAT TabSeparated`)).trim().split('\t')
  t.strictSame(answer, values.map((value) => Buffer.from(value, 'utf8').toString('hex').toUpperCase()))
  // a hostile search value through a table: the rows a build of the same file lists (none)
  const dir = t.testdir({ 'access.log': logLines('q', 0, 20) })
  await createSchema(server, 'logs_lit')
  await runCli(['ship', '--once', `${dir}/access.log`, '--to', server.url('logs_lit.access_lines'), '--host', 'web'])
  for (const url of values.filter((value) => value !== '').slice(0, 10)) {
    const r = await runCli(['build', server.url('logs_lit.access_lines'), '--url', url, '--any-url', '--emit', 'csv'])
    t.strictSame([r.code, r.stderr], [0, ''], JSON.stringify(url))
  }
})

t.test('clickhouses:// reads over TLS; a certificate not trusted is one line, exit 2', { skip: missing ?? false }, async (t) => {
  const server = await clickHouseServer()
  await createSchema(server, 'logs_tls')
  const dir = t.testdir({ 'access.log': logLines('s', 0, 30) })
  const tls = `clickhouses://127.0.0.1:${server.httpsPort}/logs_tls.access_lines`
  // processes of their own: Node reads NODE_EXTRA_CA_CERTS when it starts
  const shipped = await spawnCli(['ship', '--once', `${dir}/access.log`, '--to', tls, '--host', 'web'], { env: { NODE_EXTRA_CA_CERTS: TLS_CERTIFICATE } })
  t.strictSame([shipped.code, shipped.stderr], [0, ''])
  const plain = await runCli(['build', server.url('logs_tls.access_lines'), '--emit', 'ndjson', '-n', '30'])
  const read = await spawnCli(['build', tls, '--emit', 'ndjson', '-n', '30'], { env: { NODE_EXTRA_CA_CERTS: TLS_CERTIFICATE } })
  t.strictSame([read.code, read.stderr, read.stdout.split('\n').length], [0, '', 31])
  t.equal(read.stdout, plain.stdout.replaceAll(server.url('logs_tls.access_lines'), tls))
  const untrusted = await spawnCli(['build', tls])
  t.strictSame([untrusted.code, untrusted.stderr], [2, `profiler-search: ${tls}: looking for the newest row failed: self-signed certificate ${HINT}\n`])
})

t.test('the URL\'s port is the HTTP port: the native port given is told so, and without a port the one tried is named', { skip: missing ?? false }, async (t) => {
  const server = await clickHouseServer()
  const native = `clickhouse://127.0.0.1:${server.tcpPort}/logs_err.access_lines`
  const r = await runCli(['build', native])
  t.strictSame([r.code, r.stderr, r.stdout], [2,
    `profiler-search: ${native}: looking for the newest row failed: port ${server.tcpPort} is ClickHouse's native port; use its HTTP port (${server.httpPort}) (the URL's port is the HTTP port (http_port, 8123 by default))\n`, ''])
  // no port: 8123, on a loopback address nothing listens on
  const listening = await new Promise<boolean>((resolve) => {
    const socket = connect(8123, '127.0.0.2', () => resolve(true)).on('error', () => resolve(false))
    socket.unref()
  })
  t.test('no port', { skip: listening ? 'something listens on 127.0.0.2:8123' : false }, async (t) => {
    const portless = 'clickhouse://127.0.0.2/logs.access_lines'
    const none = await runCli(['build', portless])
    t.strictSame([none.code, none.stderr], [2,
      `profiler-search: ${portless}: looking for the newest row failed: cannot reach 127.0.0.2:8123: connection refused (the URL names no port: 127.0.0.2:8123 is the HTTP port tried; name the server's http_port if it is another, as host:port)\n`])
  })
})

t.test('a shard down is named with what to do; ?skip_unavailable_shards=1 lists the rows of the shards that answer and says which did not', { skip: missing ?? false }, async (t) => {
  const server = await clickHouseServer()
  await createSchema(server, 'logs_down')
  // the Distributed table of schema/clickhouse.sql, over this server and a shard nobody answers for
  await server.query('CREATE TABLE logs_down.access_lines_down AS logs_down.access_lines ENGINE = Distributed(down_cluster, logs_down, access_lines, cityHash64(host, file))')
  const dir = t.testdir({ 'access.log': logLines('d', 0, 40) })
  t.equal((await runCli(['ship', '--once', `${dir}/access.log`, '--to', server.url('logs_down.access_lines'), '--host', 'web1'])).code, 0)
  const plain = await runCli(['build', server.url('logs_down.access_lines'), '--emit', 'ndjson', '-n', '50'])
  t.equal(plain.stdout.split('\n').filter(Boolean).length, 40)

  const down = server.url('logs_down.access_lines_down')
  const failed = await runCli(['build', down, '-o', `${dir}/page.html`])
  t.strictSame([failed.code, failed.stderr], [2, `profiler-search: ${down}: looking for the newest row failed: shard 127.0.0.1:${server.downPort} does not answer (Connection refused) `
    + '(start it, or add ?skip_unavailable_shards=1 to the URL to list the rows of the shards that answer)\n'])
  t.notOk(existsSync(`${dir}/page.html`), 'nothing written')

  // the user may set the setting: readonly = 0 (default) or 2 (reader2)
  for (const user of ['', 'reader2@']) {
    const skipping = `clickhouse://${user}127.0.0.1:${server.httpPort}/logs_down.access_lines_down?skip_unavailable_shards=1`
    const r = await runCli(['build', skipping, '--emit', 'ndjson', '-n', '50'])
    t.strictSame([r.code, r.stderr], [0, `profiler-search: ${skipping}: shard 2 (127.0.0.1:${server.downPort}): Connection refused: not read (skip_unavailable_shards=1), `
      + 'the rows listed are those of the shards that answer\n'], user || 'default')
    t.strictSame(rowsWithoutSource(r.stdout), rowsWithoutSource(plain.stdout), `${user || 'default'}: the rows of the shard that answers`)
  }
  // a read-only user may set no setting
  const reader = `clickhouse://reader@127.0.0.1:${server.httpPort}/logs_down.access_lines_down?skip_unavailable_shards=1`
  const refused = await runCli(['build', reader], { env: { CLICKHOUSE_PASSWORD: "s3cret 'pass'" } })
  t.strictSame([refused.code, refused.stderr], [2, `profiler-search: ${reader}: looking for the table's shards failed: this user may change no setting (readonly = 1), so not skip_unavailable_shards `
    + '(give it readonly = 2, or set skip_unavailable_shards in its profile on the server (docs/clickhouse.md#a-shard-down))\n'])
  // every shard answers: nothing to say
  await createSchema(server, 'logs_up')
  const up = server.url('logs_up.access_lines_all', '?skip_unavailable_shards=1')
  t.equal((await runCli(['ship', '--once', `${dir}/access.log`, '--to', server.url('logs_up.access_lines_all'), '--host', 'web1'])).code, 0)
  const all = await runCli(['build', up, '--emit', 'ndjson', '-n', '50'])
  t.strictSame([all.code, all.stderr, rowsWithoutSource(all.stdout)], [0, '', rowsWithoutSource(plain.stdout)])

  // ship: the shard named, nothing skipped
  const shipped = await runCli(['ship', '--once', `${dir}/access.log`, '--to', down, '--host', 'web2'])
  t.strictSame([shipped.code, shipped.stderr], [2, `profiler-search: ${down}: reading where shipping stopped failed: shard 127.0.0.1:${server.downPort} does not answer (Connection refused) `
    + '(start it: the lines wait in the logs until it takes them)\n'])
  const skipped = await runCli(['ship', '--once', `${dir}/access.log`, '--to', `${down}?skip_unavailable_shards=1`, '--host', 'web2'])
  t.strictSame([skipped.code, skipped.stderr], [2, `profiler-search: ${down}?skip_unavailable_shards=1: ship reads where it stopped from every shard `
    + '(leave skip_unavailable_shards=1 to the URLs that read: ship would send again the lines a shard that does not answer holds)\n'])
})
