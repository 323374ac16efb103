/**
 * The edge to a ClickHouse server, over its HTTP interface through the
 * official client (@clickhouse/client, which works against 18.16 as against
 * current servers; loaded only when a run names a clickhouse:// URL).
 * Queries answer TabSeparated text, read whole: `wait_end_of_query=1` makes
 * the server finish the query before it sends a byte, so an error in the
 * middle of a result is an HTTP error, never a short result. `?timeout=`
 * bounds each query whole, its answer read to the end included (the
 * client's own timeout is one of a socket gone quiet: a server or proxy
 * that sends a byte a second never meets it). Every failure (server down,
 * unknown table or column, a mid-result error, a timeout, a shard down)
 * becomes one user error (exit 2) naming the URL and what failed, with what
 * to do (query-failure.ts). `?skip_unavailable_shards=1` goes with every
 * query as that setting.
 *
 * An insert's body goes gzipped (Content-Encoding: gzip), so that a body cut
 * short (its sender killed, or giving up on the way) is an error to the
 * server, never a shorter insert: ClickHouse 18.16 takes a chunked body that
 * ends early as the whole of it, and would store a first part of the rows,
 * the last one cut in the middle (test/clickhouse/ship-cut-insert.test.ts);
 * a gzip stream without its end fails to inflate, and nothing is stored.
 */

import { createRequire } from 'node:module'
import { Readable } from 'node:stream'
import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import type { ClickHouseClient, ExecParams } from '@clickhouse/client'
import { usageError, type UserError } from '../errors.js'
import type { ClickHouseTable } from './clickhouse-url.js'
import { QueryTimeout, queryFailure, type QueryFailure, type QueryKind } from './query-failure.js'
import { parseTsvRows } from './tsv.js'

type ClientModule = typeof import('@clickhouse/client')

const gzipped = promisify(gzip)
/** The fastest: the body is compressed for its end to be checked, not to be small. */
const GZIP_LEVEL = 1

const require = createRequire(import.meta.url)
let loaded: ClientModule | undefined

/** The client, loaded on first use: only runs with a clickhouse:// URL need it. */
function clientModule(): ClientModule {
  return (loaded ??= require('@clickhouse/client') as ClientModule)
}

export class ClickHouseConnection {
  readonly table: ClickHouseTable
  readonly #client: ClickHouseClient
  readonly #kind: QueryKind

  private constructor(table: ClickHouseTable, client: ClickHouseClient, kind: QueryKind) {
    this.table = table
    this.#client = client
    this.#kind = kind
  }

  /** `kind`: whose queries it sends (ship's: its failures are told as ship's). */
  static open(table: ClickHouseTable, kind: QueryKind = 'read'): ClickHouseConnection {
    const { createClient, ClickHouseLogLevel } = clientModule()
    const client = createClient({
      url: table.endpoint,
      username: table.user,
      password: table.password,
      database: table.database,
      request_timeout: table.timeoutMs,
      compression: { request: false, response: false },
      log: { level: ClickHouseLogLevel.OFF },
      keep_alive: { enabled: true },
      // wait_end_of_query is a parameter of the HTTP interface, not a setting: a read-only user (readonly=1, which may change no setting) may send it
      clickhouse_settings: { wait_end_of_query: 1, ...(table.skipUnavailableShards ? { skip_unavailable_shards: 1 } : {}) },
    })
    return new ClickHouseConnection(table, client, kind)
  }

  /** The error of `what` failing: one line naming the URL, and what to do. */
  error(what: string, e: unknown): UserError {
    const { words, hint } = queryFailure(e, this.table, this.#kind)
    return usageError(`${this.table.label}: ${what} failed: ${words}`, hint)
  }

  /** The rows of a SELECT (without its FORMAT), each as its fields; `settings` for this query alone. */
  async select(sql: string, what = 'the query', settings: Record<string, number> = {}): Promise<string[][]> {
    try {
      return parseTsvRows(await this.#exec({ query: `${sql}\nFORMAT TabSeparated`, clickhouse_settings: settings }))
    } catch (e) {
      throw this.error(what, e)
    }
  }

  /** Runs a SELECT for whether it succeeds: null when it does, else why it failed. */
  async probe(sql: string, settings: Record<string, number> = {}): Promise<QueryFailure | null> {
    try {
      await this.#exec({ query: `${sql}\nFORMAT TabSeparated`, clickhouse_settings: settings })
      return null
    } catch (e) {
      return queryFailure(e, this.table, this.#kind)
    }
  }

  /** Runs a query and reads its answer to the end, both within the table's timeout (then it fails with QueryTimeout). */
  async #exec(params: ExecParams & { values?: Readable }): Promise<string> {
    const abort = new AbortController()
    let answer: Readable | null = null
    const timer = setTimeout(() => {
      abort.abort()
      answer?.destroy(new QueryTimeout())
    }, this.table.timeoutMs)
    try {
      const result = await this.#client.exec({ ...params, abort_signal: abort.signal })
      answer = result.stream
      if (abort.signal.aborted) answer.destroy(new QueryTimeout())
      return await bodyText(answer)
    } catch (e) {
      throw abort.signal.aborted ? new QueryTimeout() : e
    } finally {
      clearTimeout(timer)
    }
  }

  /**
   * Sends `rows` (TabSeparated text, one row a line) into `insert` (an
   * `INSERT INTO … (…)` without its FORMAT), gzipped, as the query `queryId`.
   */
  async insert(insert: string, rows: Buffer, queryId: string): Promise<void> {
    try {
      const body = await gzipped(rows, { level: GZIP_LEVEL })
      await this.#exec({
        query: `${insert} FORMAT TabSeparated`,
        query_id: queryId,
        values: Readable.from([body]),
        http_headers: { 'Content-Encoding': 'gzip' },
        clickhouse_settings: { insert_distributed_sync: 1 },
      })
    } catch (e) {
      throw this.error('the insert', e)
    }
  }

  close(): Promise<void> {
    return this.#client.close()
  }
}

/** The whole body of an answer, as text (bytes that are not UTF-8 become U+FFFD, as a file's do). */
async function bodyText(stream: AsyncIterable<Buffer | string>): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)
  return Buffer.concat(chunks).toString('utf8')
}
