/**
 * ClickHouseConnection against a stand-in of ClickHouse's HTTP interface (a
 * local HTTP server answering as 18.16 does): rows read whole, a failure as
 * one user error naming the URL, ship's refused insert told as such, the
 * timeout bounding a slow answer, probe saying why without throwing. The
 * real server: test/clickhouse/.
 */

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import t from 'tap'
import { ClickHouseConnection } from '../../../src/clickhouse/clickhouse-connection.js'
import { CANNOT_INSERT, CHECK_HINT, INSERT_HINT } from '../../../src/clickhouse/query-failure.js'
import { TABLE } from './fake-connection.js'

const READONLY = 'Code: 164, e.displayText() = DB::Exception: Cannot override setting (insert_distributed_sync) in readonly mode, e.what() = DB::Exception\n'

interface Request {
  /** The URL's parameters (the query, the settings). */
  parameters: URLSearchParams
  body: Buffer
}

/** A stand-in server; `answer` gets each request's parameters and body. */
async function standIn(answer: (request: Request, response: ServerResponse) => void): Promise<{ port: number; close: () => Promise<void> }> {
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => answer({ parameters: new URL(request.url ?? '/', 'http://x').searchParams, body: Buffer.concat(chunks) }, response))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    }),
  }
}

const tableAt = (port: number, timeoutMs = 5000): typeof TABLE => ({ ...TABLE, endpoint: `http://127.0.0.1:${port}`, portNamed: true, timeoutMs })

t.test('rows read whole; a server error is one line naming the URL and what failed', async (t) => {
  const server = await standIn(({ parameters, body }, response) => {
    if (`${parameters.get('query') ?? ''}${body.toString()}`.includes('nope')) {
      response.writeHead(404).end("Code: 60, e.displayText() = DB::Exception: Table logs.nope doesn't exist., e.what() = DB::Exception\n")
    } else {
      response.writeHead(200).end('1\tweb1\n2\tweb\\t2\n')
    }
  })
  t.teardown(server.close)
  const connection = ClickHouseConnection.open(tableAt(server.port))
  t.teardown(() => connection.close())
  t.strictSame(await connection.select('SELECT seq, host FROM logs.t'), [['1', 'web1'], ['2', 'web\t2']])
  const failed = await connection.select('SELECT 1 FROM logs.nope', 'looking for the newest row').catch((e: unknown) => e)
  t.match(failed, { message: "clickhouse://h/logs.t: looking for the newest row failed: Table logs.nope doesn't exist.", hint: CHECK_HINT, exitCode: 2 })
  t.strictSame(await connection.probe('SELECT 1'), null, 'probe: null when it succeeds')
  t.match(await connection.probe('SELECT 1 FROM logs.nope'), { words: "Table logs.nope doesn't exist." }, 'probe: why it failed')
})

t.test('an insert a read-only user may not make: told as ship\'s, not as the setting it could not override', async (t) => {
  const requests: Request[] = []
  const server = await standIn((request, response) => {
    requests.push(request)
    response.writeHead(500).end(READONLY)
  })
  t.teardown(server.close)
  const ship = ClickHouseConnection.open(tableAt(server.port), 'ship')
  t.teardown(() => ship.close())
  const refused = await ship.insert('INSERT INTO logs.t (time, host, file, seq, message)', Buffer.from('1\th\tf\t0\tline\n'), 'profiler-search-ship-x').catch((e: unknown) => e)
  t.match(refused, { message: `clickhouse://h/logs.t: the insert failed: ${CANNOT_INSERT}`, hint: INSERT_HINT })
  const [insert] = requests
  t.strictSame([insert?.parameters.get('query'), insert?.parameters.get('query_id'), insert?.parameters.get('insert_distributed_sync')],
    ['INSERT INTO logs.t (time, host, file, seq, message) FORMAT TabSeparated', 'profiler-search-ship-x', '1'])
  t.strictSame([...(insert?.body.subarray(0, 2) ?? [])], [0x1f, 0x8b], 'the rows go gzipped')
  const read = ClickHouseConnection.open(tableAt(server.port))
  t.teardown(() => read.close())
  t.match(await read.select('SELECT 1').catch((e: unknown) => e), { message: 'clickhouse://h/logs.t: the query failed: this user may change no setting (readonly = 1), so not insert_distributed_sync' }, 'a read: the setting')
})

t.test('a server down, and one that answers too slowly', async (t) => {
  const closed = await standIn(() => undefined)
  await closed.close()
  const down = ClickHouseConnection.open(tableAt(closed.port))
  t.teardown(() => down.close())
  t.match(await down.select('SELECT 1').catch((e: unknown) => e), { message: `clickhouse://h/logs.t: the query failed: cannot reach 127.0.0.1:${closed.port}: connection refused` })
  // the headers at once, the body never: bounded by the timeout all the same
  const slow = await standIn((_query, response) => {
    response.writeHead(200)
    response.write('1\t')
  })
  t.teardown(slow.close)
  const late = ClickHouseConnection.open(tableAt(slow.port, 300))
  t.teardown(() => late.close())
  t.match(await late.select('SELECT 1').catch((e: unknown) => e), { message: 'clickhouse://h/logs.t: the query failed: no answer within 0.3 s' })
})
