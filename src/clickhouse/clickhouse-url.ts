/**
 * A `clickhouse://` (HTTP) or `clickhouses://` (HTTPS) input or target:
 *
 *   clickhouse://[user@]host[:port]/database.table[?time=…&host=…&seq=…&message=…&file=…&timeout=…&skip_unavailable_shards=1]
 *
 * The port is the server's HTTP port (8123, 8443 for HTTPS, when none is
 * named). The parameters name the table's columns where they differ from
 * schema/clickhouse.sql's; `timeout` is the seconds a query may take (30);
 * `skip_unavailable_shards=1` reads a Distributed table from the shards
 * that answer (shard-check.ts says which did not).
 * The password never comes from the URL (argv shows in `ps`): from the
 * environment, CLICKHOUSE_PASSWORD, or a file named by
 * CLICKHOUSE_PASSWORD_FILE (its first line). A password in the URL is
 * refused.
 */

import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { errnoWords, usageError } from '../errors.js'
import { IDENTIFIER } from './sql-text.js'

/** Environment variables (as jobs/job-io.ts's Environment). */
export type Environment = Readonly<Record<string, string | undefined>>

/** The table's columns, by their role. */
export interface TableColumns {
  time: string
  host: string
  seq: string
  message: string
  file: string
}

export const DEFAULT_COLUMNS: Readonly<TableColumns> = Object.freeze({ time: 'time', host: 'host', seq: 'seq', message: 'message', file: 'file' })

export interface ClickHouseTable {
  /** The URL as given (it holds no password): how messages name it. */
  label: string
  /** `http://host:8123` or `https://host:8443`. */
  endpoint: string
  /** Whether the URL named the port (else the scheme's HTTP port is tried). */
  portNamed: boolean
  user: string
  password: string
  database: string
  table: string
  columns: TableColumns
  /** How long one query may take, ms. */
  timeoutMs: number
  /** `?skip_unavailable_shards=1`: a Distributed table is read from the shards that answer. */
  skipUnavailableShards: boolean
}

const SCHEMES: Readonly<Record<string, { http: string; port: number }>> = {
  'clickhouse:': { http: 'http:', port: 8123 },
  'clickhouses:': { http: 'https:', port: 8443 },
}

const DEFAULT_TIMEOUT_S = 30
const FORM = 'clickhouse://[user@]host[:port]/database.table'

/** Does this input name a ClickHouse table rather than a file? */
export function isClickHouseUrl(name: string): boolean {
  return /^clickhouses?:\/\//i.test(name)
}

function bad(url: string, what: string, hint = `give ${FORM}`): never {
  throw usageError(`${url}: ${what}`, hint)
}

/** The password from CLICKHOUSE_PASSWORD, else the first line of the file CLICKHOUSE_PASSWORD_FILE names, else none. */
export function passwordFrom(env: Environment, cwd: string): string {
  if (env.CLICKHOUSE_PASSWORD !== undefined) return env.CLICKHOUSE_PASSWORD
  const file = env.CLICKHOUSE_PASSWORD_FILE
  if (file === undefined || file === '') return ''
  let text: string
  try {
    text = readFileSync(resolve(cwd, file), 'utf8')
  } catch (e) {
    throw usageError(`cannot read CLICKHOUSE_PASSWORD_FILE ${file}: ${errnoWords(e)}`, 'name a file holding the password on its first line')
  }
  return text.split(/\r?\n/, 1)[0] ?? ''
}

/** Reads the URL; a mistake is a usage error naming it. */
export function parseClickHouseUrl(text: string, env: Environment, cwd: string): ClickHouseTable {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    bad(text, 'not a URL')
  }
  const scheme = SCHEMES[url.protocol.toLowerCase()]
  if (scheme === undefined) bad(text, 'not a clickhouse:// or clickhouses:// URL')
  if (url.password !== '') {
    bad(`${url.protocol}//${url.username}:…@${url.host}${url.pathname}`, 'a password in the URL would show in ps',
      'set CLICKHOUSE_PASSWORD or CLICKHOUSE_PASSWORD_FILE instead')
  }
  if (url.hostname === '') bad(text, 'no host')
  const path = decodeURIComponent(url.pathname.replace(/^\//, ''))
  const [database, table, ...more] = path.split('.')
  if (database === undefined || table === undefined || more.length > 0 || !IDENTIFIER.test(database) || !IDENTIFIER.test(table)) {
    bad(text, `the path must be /database.table with plain names (letters, digits, _), not /${path}`)
  }
  const columns: TableColumns = { ...DEFAULT_COLUMNS }
  let timeoutMs = DEFAULT_TIMEOUT_S * 1000
  let skipUnavailableShards = false
  for (const [key, value] of url.searchParams) {
    if (key === 'skip_unavailable_shards') {
      if (value !== '0' && value !== '1') bad(text, `skip_unavailable_shards=${value} is neither 1 nor 0`)
      skipUnavailableShards = value === '1'
    } else if (key === 'timeout') {
      const seconds = Number(value)
      if (!(seconds > 0 && seconds <= 3600)) bad(text, `timeout=${value} is not a number of seconds from 0 to 3600`)
      timeoutMs = Math.round(seconds * 1000)
    } else if (Object.hasOwn(columns, key)) {
      if (!IDENTIFIER.test(value)) bad(text, `${key}=${value} is not a plain column name (letters, digits, _)`)
      columns[key as keyof TableColumns] = value
    } else {
      bad(text, `unknown parameter ${key}`, 'name columns with time=, host=, seq=, message=, file=; timeout= in seconds; skip_unavailable_shards=1')
    }
  }
  return {
    label: text,
    endpoint: `${scheme.http}//${url.hostname.includes(':') && !url.hostname.startsWith('[') ? `[${url.hostname}]` : url.hostname}:${url.port || scheme.port}`,
    portNamed: url.port !== '',
    user: url.username === '' ? 'default' : decodeURIComponent(url.username),
    password: passwordFrom(env, cwd),
    database,
    table,
    columns,
    timeoutMs,
    skipUnavailableShards,
  }
}
