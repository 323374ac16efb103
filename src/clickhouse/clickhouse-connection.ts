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
 * unknown table or column, a mid-result error, a timeout) becomes one user
 * error (exit 2) naming the URL and what failed.
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
import { visible } from '../text/visible.js'
import type { ClickHouseTable } from './clickhouse-url.js'
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

/** Network words for the codes a connection fails with. */
const NETWORK_WORDS: Readonly<Record<string, string>> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'the connection was reset',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENOTFOUND: 'no such host',
  EAI_AGAIN: 'the host name could not be looked up',
  ETIMEDOUT: 'the connection timed out',
  EPIPE: 'the connection was closed',
}

/** A server's exception text, without its code and class names: `Table db.t doesn't exist.` */
export function serverWords(message: string): string {
  const text = message
    .replace(/^Code: \d+[.,]\s*/, '')
    .replace(/^e\.displayText\(\) = /, '')
    .replace(/^DB::Exception: /, '')
    .replace(/, e\.what\(\) = DB::Exception\s*$/s, '')
    .replace(/\s*\(version \d[\s\S]*$/, '')
    .trim()
    .split('\n', 1)[0] as string
  return visible(text.length > 300 ? `${text.slice(0, 300)}…` : text)
}

/** A query, its answer included, that took longer than the table's timeout. */
export class QueryTimeout extends Error {
  constructor() {
    super('Timeout error.')
    this.name = 'QueryTimeout'
  }
}

/** What went wrong, in words. */
export function failureWords(e: unknown, timeoutMs: number): string {
  if (e instanceof QueryTimeout) return `no answer within ${timeoutMs / 1000} s`
  const error = e as NodeJS.ErrnoException & { type?: string }
  const code = error?.code
  if (typeof code === 'string' && NETWORK_WORDS[code] !== undefined) return `cannot reach the server: ${NETWORK_WORDS[code]}`
  const message = error instanceof Error ? error.message : String(e)
  if (/timeout/i.test(message) && !/^Code:/.test(message)) return `no answer within ${timeoutMs / 1000} s`
  if (typeof error?.type === 'string' || /^Code: \d+/.test(message)) return serverWords(message)
  return visible(message.split('\n', 1)[0] ?? '')
}

export class ClickHouseConnection {
  readonly table: ClickHouseTable
  readonly #client: ClickHouseClient

  private constructor(table: ClickHouseTable, client: ClickHouseClient) {
    this.table = table
    this.#client = client
  }

  static open(table: ClickHouseTable): ClickHouseConnection {
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
      clickhouse_settings: { wait_end_of_query: 1 },
    })
    return new ClickHouseConnection(table, client)
  }

  /** The error of `what` failing: one line naming the URL. */
  error(what: string, e: unknown): UserError {
    return usageError(`${this.table.label}: ${what} failed: ${failureWords(e, this.table.timeoutMs)}`, 'check the server, the table and its columns (schema/clickhouse.sql)')
  }

  /** The rows of a SELECT (without its FORMAT), each as its fields. */
  async select(sql: string, what = 'the query'): Promise<string[][]> {
    try {
      return parseTsvRows(await this.#exec({ query: `${sql}\nFORMAT TabSeparated` }))
    } catch (e) {
      throw this.error(what, e)
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
