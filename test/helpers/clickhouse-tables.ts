/** Tables for the tests of test/clickhouse/: schema/clickhouse.sql and schema/clickhouse-cluster.sql as shipped, in a database of the test's own. */

import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { otherShard, type ClickHouseServer } from './clickhouse-server.js'
import { scaled } from './wait-for.js'
import { clfTime, combinedLine, timeAt } from './log-line.js'

const SCHEMAS = ['clickhouse.sql', 'clickhouse-cluster.sql'].map((name) => fileURLToPath(new URL(`../../schema/${name}`, import.meta.url)))

/** The statements of schema/clickhouse.sql, then schema/clickhouse-cluster.sql, with the database `logs` named `database`. */
export function schemaStatements(database: string): string[] {
  const text = SCHEMAS.map((path) => readFileSync(path, 'utf8').split('\n').filter((line) => !line.startsWith('--')).join('\n')).join(';\n')
  return text.split(';').map((statement) => statement.trim()).filter(Boolean).map((statement) => statement.replace(/\blogs\b/g, database))
}

/** Makes the schema's tables in `database` (dropped first), on the server and on the other shard of its cluster. */
export async function createSchema(server: ClickHouseServer, database: string): Promise<void> {
  for (const each of [server, await otherShard()]) {
    await each.query(`DROP DATABASE IF EXISTS ${database}`)
    for (const statement of schemaStatements(database)) await each.query(statement)
  }
}

/**
 * Rows of the emitted NDJSON without where they were read (a file's line, a
 * table's byte offset); `withoutServer`: without their server too (a table's
 * rows name their host, a build of the files of several hosts none).
 */
export function rowsWithoutSource(ndjson: string, { withoutServer = false } = {}): unknown[] {
  return ndjson.split('\n').filter(Boolean).map((line) => {
    const { source: _source, line: _line, byteOffset: _byteOffset, ...row } = JSON.parse(line) as Record<string, unknown>
    if (withoutServer) delete row.server
    return row
  })
}

/** An nginx combined line, the i-th of a log (one a second from 22 Nov 2026 10:00 UTC), telling its host and number. */
export function logLine(host: string, i: number): string {
  return combinedLine({ ip: `10.0.${i % 250}.${1 + (i % 200)}`, time: clfTime(timeAt(i)), url: `/moebel/${i + 1}/${host}-line`, bytes: i, userAgent: 'test' })
}

/** Lines `from` to `to` (exclusive), each with its newline. */
export function logLines(host: string, from: number, to: number): string {
  let text = ''
  for (let i = from; i < to; i++) text += `${logLine(host, i)}\n`
  return text
}

/**
 * Waits until `check` holds, polling; fails only once `progress` (a snapshot
 * of how far the work got, such as the rows stored and the inserts under way)
 * stayed the same for `idleMs`: a loaded machine does the same work slower,
 * so the bound is on a stall, not on the work.
 */
export async function waitWhileProgressing(what: string, check: () => Promise<boolean>, progress: () => Promise<string>, idleMs = 30_000): Promise<void> {
  let last = await progress()
  let since = Date.now()
  while (!(await check())) {
    const now = await progress()
    if (now !== last) {
      last = now
      since = Date.now()
    } else if (Date.now() - since > scaled(idleMs)) {
      throw new Error(`waited for ${what}: nothing changed for ${Math.round(scaled(idleMs) / 1000)} s (${now})`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
