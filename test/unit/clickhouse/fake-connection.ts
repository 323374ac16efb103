/**
 * A stand-in for a ClickHouseConnection: answers each SELECT from a function
 * (one of system.processes from `processes`: none running unless it says),
 * records the queries, the inserts and their query_ids.
 */

import type { ClickHouseConnection } from '../../../src/clickhouse/clickhouse-connection.js'
import { DEFAULT_COLUMNS, type ClickHouseTable } from '../../../src/clickhouse/clickhouse-url.js'
import { usageError } from '../../../src/errors.js'

export const TABLE: ClickHouseTable = { label: 'clickhouse://h/logs.t', endpoint: 'http://h:8123', user: 'default', password: '', database: 'logs', table: 't', columns: DEFAULT_COLUMNS, timeoutMs: 1000, portNamed: false, skipUnavailableShards: false }

export interface FakeConnection {
  connection: ClickHouseConnection
  queries: string[]
  inserts: string[]
  /** The query_id of each insert tried, in order (those that failed too). */
  insertIds: string[]
  closed: { count: number }
}

export function fakeConnection(answer: (sql: string) => string[][] | Error, insert: (body: string) => Error | null = () => null, processes: (sql: string) => string[][] = () => []): FakeConnection {
  const queries: string[] = []
  const inserts: string[] = []
  const insertIds: string[] = []
  const closed = { count: 0 }
  const connection = {
    table: TABLE,
    error: (what: string, e: unknown) => usageError(`${TABLE.label}: ${what} failed: ${e instanceof Error ? e.message : String(e)}`),
    select: async (sql: string, what = 'the query') => {
      queries.push(sql)
      const got = sql.includes('FROM system.processes') ? processes(sql) : answer(sql)
      if (got instanceof Error) throw usageError(`${TABLE.label}: ${what} failed: ${got.message}`)
      return got
    },
    insert: async (_sql: string, rows: Buffer, queryId: string) => {
      insertIds.push(queryId)
      const failure = insert(rows.toString('utf8'))
      if (failure !== null) throw usageError(`${TABLE.label}: the insert failed: ${failure.message}`)
      inserts.push(rows.toString('utf8'))
    },
    close: async () => {
      closed.count++
    },
  }
  return { connection: connection as unknown as ClickHouseConnection, queries, inserts, insertIds, closed }
}
