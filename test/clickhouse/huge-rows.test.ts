/**
 * A message over the line cap (64 KiB) in a table (a feeder of its own,
 * such as Vector, has no cap) is cut on the server: the row comes as its
 * head and its length, counts as skipped "line too long" as the file's
 * line does, and the answer never holds more than the cap of a message
 * (counted by a proxy that passes the server's answers on; what memory
 * this saves is the bench's to say).
 */

import { writeFileSync } from 'node:fs'
import t from 'tap'
import { clickHouseMissing, clickHouseServer } from '../helpers/clickhouse-server.js'
import { createSchema, logLine, rowsWithoutSource } from '../helpers/clickhouse-tables.js'
import { runCli } from '../helpers/run-cli.js'
import { tcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js'

const missing = clickHouseMissing()
const CAP = 64 * 1024

/** A proxy to `port` that counts the bytes of the server's answers. */
async function countingProxy(port: number): Promise<TcpProxy & { answered: () => number }> {
  let bytes = 0
  const proxy = await tcpProxy(port, (client, upstream) => {
    upstream.on('data', (chunk: Buffer) => void (bytes += chunk.length))
    upstream.pipe(client)
  })
  return { ...proxy, answered: () => bytes }
}

/** A log line whose URL makes it `bytes` long. */
function lineOfLength(i: number, bytes: number): string {
  const line = logLine('h', i)
  return line.replace('/moebel/', `/moebel/${'x'.repeat(bytes - Buffer.byteLength(line))}`)
}

t.test('a message over the line cap is cut on the server: skipped as too long, as the file\'s line is, and never sent whole', { skip: missing ?? false }, async (t) => {
  const server = await clickHouseServer()
  await createSchema(server, 'logs_huge')
  const lines = Array.from({ length: 30 }, (_, i) => logLine('h', i))
  lines[10] = lineOfLength(10, 5 * 1024 * 1024)
  lines[20] = lineOfLength(20, CAP + 1)
  lines[25] = lineOfLength(25, CAP)
  const log = `${t.testdir({})}/access.log`
  writeFileSync(log, lines.map((line) => `${line}\n`).join(''))
  // the rows as a feeder without a cap writes them: the line's time, host, file, the byte offset, the line
  let offset = 0
  const rows = lines.map((line, i) => {
    const row = `${Date.UTC(2026, 10, 22, 10, 0, 0) / 1000 + i}\tweb\t${log}\t${offset}\t${line}\n`
    offset += Buffer.byteLength(line) + 1
    return row
  }).join('')
  await server.query('INSERT INTO logs_huge.access_lines (time, host, file, seq, message) FORMAT TabSeparated', rows)
  const proxy = await countingProxy(server.httpPort)
  t.teardown(() => proxy.close())
  const table = `clickhouse://127.0.0.1:${proxy.port}/logs_huge.access_lines`
  const search = ['--emit', 'ndjson', '-n', '50', '--any-url']
  const fromFile = await runCli(['build', log, '--full-scan', '--server-name', 'web', ...search])
  const fromTable = await runCli(['build', table, ...search])
  t.strictSame([fromFile.code, fromTable.code], [0, 0])
  t.strictSame(rowsWithoutSource(fromTable.stdout), rowsWithoutSource(fromFile.stdout), 'the rows of the file')
  t.equal(rowsWithoutSource(fromTable.stdout).length, 28, 'the line at the cap among them')
  t.equal(fromFile.stderr, `profiler-search: skipped 2 of 30 lines (2 line too long); first at ${log}:11\n`)
  // the table is read newest first: the first skipped is line 21
  t.equal(fromTable.stderr, `profiler-search: skipped 2 of 30 lines (2 line too long); first at web:${log}@byte ${Buffer.byteLength(lines.slice(0, 20).join('\n')) + 1}\n`)
  t.ok(proxy.answered() < 3 * CAP, `the answers held ${proxy.answered()} bytes: the line at the cap, the heads of those over it and the rest`)
})
