/**
 * An insert the server is still taking when `ship` starts (one a killed run
 * left: its body sent, its rows not stored yet) is waited for before ship
 * reads where the file stopped: it finds the rows that insert stored and
 * goes on after them, and no line is stored twice. The insert is held open
 * here by a raw HTTP request with the query_id ship gives such an insert,
 * its body sent slowly.
 */

import { writeFileSync } from 'node:fs'
import { request } from 'node:http'
import t from 'tap'
import { InsertIds } from '../../src/jobs/ship/running-inserts.js'
import { clickHouseMissing, clickHouseServer } from '../helpers/clickhouse-server.js'
import { createSchema, logLine, waitFor } from '../helpers/clickhouse-tables.js'
import { runCli } from '../helpers/run-cli.js'

const missing = clickHouseMissing()
const LINES = 6000
const HELD = 4000

t.test('ship waits for an insert of its file still under way, then goes on after what it stored', { skip: missing ?? false }, async (t) => {
  const server = await clickHouseServer()
  await createSchema(server, 'logs_held')
  const dir = t.testdir({})
  const log = `${dir}/access.log`
  const lines = Array.from({ length: LINES }, (_, i) => logLine('h', i))
  writeFileSync(log, lines.map((line) => `${line}\n`).join(''))
  // the rows a run before sent of the first HELD lines, as ship writes them: time, host, file, seq (the byte offset), message
  let offset = 0
  const rows = lines.slice(0, HELD).map((line, i) => {
    const row = `${Date.UTC(2026, 10, 22, 10, 0, 0) / 1000 + i}\tweb\t${log}\t${offset}\t${line}\n`
    offset += Buffer.byteLength(line) + 1
    return row
  }).join('')
  // the server starts an insert once it has read max_query_size (256 KiB) of it: more than that is sent, the rest held
  const body = Buffer.from(rows)
  const cut = body.length - 1000
  t.ok(cut > 300 * 1024, `${cut} bytes before the held part`)
  const queryId = new InsertIds('web').id([log], 0)
  const insert = encodeURIComponent('INSERT INTO logs_held.access_lines (time, host, file, seq, message) FORMAT TabSeparated')
  const held = request({ host: '127.0.0.1', port: server.httpPort, method: 'POST', path: `/?query=${insert}&query_id=${queryId}` })
  const answered = new Promise<number>((resolve, reject) => {
    held.on('response', (response) => {
      response.resume()
      response.on('end', () => resolve(response.statusCode ?? 0))
    })
    held.on('error', reject)
  })
  t.teardown(() => void held.destroy())
  held.write(body.subarray(0, cut))
  const running = `SELECT count() FROM system.processes WHERE query_id = '${queryId}'`
  await waitFor('the held insert under way', async () => (await server.query(running)).trim() === '1')

  const shipping = runCli(['ship', '--once', log, '--to', server.url('logs_held.access_lines'), '--host', 'web'])
  let settled = false
  void shipping.finally(() => {
    settled = true
  })
  await new Promise((resolve) => setTimeout(resolve, 1500))
  t.equal(settled, false, 'ship waits while the insert runs')
  t.equal((await server.query('SELECT count() FROM logs_held.access_lines')).trim(), '0', 'and has inserted nothing')
  held.end(body.subarray(cut))
  t.equal(await answered, 200, 'the held insert goes in')
  const shipped = await shipping
  t.equal(shipped.code, 0)
  t.match(shipped.stderr, new RegExp(`^profiler-search: ${server.url('logs_held.access_lines').replace(/[.?]/g, (c) => `\\${c}`)}: an insert of host web is still under way on the server \\(query_id ${queryId}\\); waiting for it before reading where shipping stopped\n$`))
  t.equal((await server.query('SELECT count(), uniqExact(seq), uniqExact(message) FROM logs_held.access_lines')).trim(), `${LINES}\t${LINES}\t${LINES}`, 'each line once')
})
