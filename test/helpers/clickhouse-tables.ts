/** Tables for the tests of test/clickhouse/: schema/clickhouse.sql as shipped, in a database of the test's own. */

import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { otherShard, type ClickHouseServer } from './clickhouse-server.js'

const SCHEMA = fileURLToPath(new URL('../../schema/clickhouse.sql', import.meta.url))

/** The statements of schema/clickhouse.sql, with the database `logs` named `database`. */
export function schemaStatements(database: string): string[] {
  const text = readFileSync(SCHEMA, 'utf8').split('\n').filter((line) => !line.startsWith('--')).join('\n')
  return text.split(';').map((statement) => statement.trim()).filter(Boolean).map((statement) => statement.replace(/\blogs\b/g, database))
}

/** Makes the schema's tables in `database` (dropped first), on the server and on the other shard of its cluster. */
export async function createSchema(server: ClickHouseServer, database: string): Promise<void> {
  for (const each of [server, await otherShard()]) {
    await each.query(`DROP DATABASE IF EXISTS ${database}`)
    for (const statement of schemaStatements(database)) await each.query(statement)
  }
}

/** Rows of the emitted NDJSON without where they were read (a file's line, a table's byte offset). */
export function rowsWithoutSource(ndjson: string): unknown[] {
  return ndjson.split('\n').filter(Boolean).map((line) => {
    const { source: _source, line: _line, byteOffset: _byteOffset, ...row } = JSON.parse(line) as Record<string, unknown>
    return row
  })
}
