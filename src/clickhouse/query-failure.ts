/**
 * Why a query failed, in the words of the one line a user reads, and what
 * to do about it (the hint): the server's exception without its code and
 * class names, a network failure naming the host and port tried (the HTTP
 * port 8123 when the URL names none), the native port given for the HTTP
 * one (the server answers such a request with where its HTTP port is), a
 * shard of a Distributed table that does not answer (the server names it
 * in its exception), and a read-only user that may not do what was asked
 * (insert, or set skip_unavailable_shards).
 */

import { visible } from '../text/visible.js'
import type { ClickHouseTable } from './clickhouse-url.js'

/** Whose query failed: one that reads a table for a page, or ship's (its inserts, and its reads of where it stopped). */
export type QueryKind = 'read' | 'ship'

export interface QueryFailure {
  words: string
  hint: string
  /** Why the server or a shard of it did not answer, when that is the failure (the network, the timeout). */
  unanswered?: string
  /** Whether the user may not do what was asked (read-only, without a grant). */
  refused?: boolean
}

/** Where the guide tells what these failures mean. */
const GUIDE = 'docs/clickhouse.md'
export const CHECK_HINT = 'check the server, the table and its columns (schema/clickhouse.sql)'
/** What a read-only user trying to ship is told. */
export const CANNOT_INSERT = 'this user cannot insert (readonly)'
export const INSERT_HINT = `ship needs a user that may insert: readonly = 0 (${GUIDE}#users)`

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
    .replace(/^DB::(?:Net)?Exception: /, '')
    .replace(/, e\.what\(\) = DB::(?:Net)?Exception\s*$/s, '')
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

/** `host:port` of the endpoint (`http://[::1]:8123` → `[::1]:8123`). */
function hostAndPort(table: ClickHouseTable): string {
  return table.endpoint.replace(/^https?:\/\//, '')
}

/**
 * The HTTP answer of ClickHouse's native (TCP) port to an HTTP request:
 * "Port 9000 is for clickhouse-client program.\nYou must use port 8123 for HTTP."
 */
function nativePort(message: string): { port: string; httpPort: string } | null {
  const found = /Port (\d+) is for clickhouse-client program\.?\s+You must use port (\d+) for HTTP/.exec(message)
  return found === null ? null : { port: found[1] as string, httpPort: found[2] as string }
}

/** The shard a Distributed table's query could not reach, as the server's exception names it: the last `(host:port)` of a network error in it. */
export function unreachableShard(message: string): { address: string; reason: string } | null {
  let found: { address: string; reason: string } | null = null
  for (const match of message.matchAll(/NetException: ([^\n]*?) \(([^()\s]+:\d+)\)/g)) {
    found = { address: match[2] as string, reason: (match[1] as string).trim() }
  }
  return found
}

/** The setting a read-only user was refused, from 18.16's and current servers' words. */
function refusedSetting(message: string): string | null {
  const found = /Cannot (?:override setting \(|modify ')(\w+)(?:\)|' setting) in readonly mode/.exec(message)
  return found === null ? null : found[1] as string
}

/** What went wrong, and what to do. */
export function queryFailure(e: unknown, table: ClickHouseTable, kind: QueryKind = 'read'): QueryFailure {
  const timeout = `no answer within ${table.timeoutMs / 1000} s`
  if (e instanceof QueryTimeout) return { words: timeout, hint: CHECK_HINT, unanswered: timeout }
  const error = e as NodeJS.ErrnoException & { type?: string }
  const code = error?.code
  if (typeof code === 'string' && NETWORK_WORDS[code] !== undefined) {
    const hint = table.portNamed ? CHECK_HINT : `the URL names no port: ${hostAndPort(table)} is the HTTP port tried; name the server's http_port if it is another, as host:port`
    return { words: `cannot reach ${hostAndPort(table)}: ${NETWORK_WORDS[code]}`, hint, unanswered: NETWORK_WORDS[code] }
  }
  const message = error instanceof Error ? error.message : String(e)
  if (/timeout/i.test(message) && !/^Code:/.test(message)) return { words: timeout, hint: CHECK_HINT, unanswered: timeout }
  const native = nativePort(message)
  if (native !== null) {
    return { words: `port ${native.port} is ClickHouse's native port; use its HTTP port (${native.httpPort})`, hint: 'the URL\'s port is the HTTP port (http_port, 8123 by default)' }
  }
  if (!(typeof error?.type === 'string' || /^Code: \d+/.test(message))) return { words: visible(message.split('\n', 1)[0] ?? ''), hint: CHECK_HINT }
  const shard = unreachableShard(message)
  if (shard !== null) {
    return {
      words: `shard ${visible(shard.address)} does not answer (${visible(shard.reason)})`,
      unanswered: visible(shard.reason),
      hint: kind === 'ship'
        ? 'start it: the lines wait in the logs until it takes them'
        : 'start it, or add ?skip_unavailable_shards=1 to the URL to list the rows of the shards that answer',
    }
  }
  const refused = /^Code: (?:164|497)\b/.test(message)
  if (kind === 'ship' && /^Code: 164\b/.test(message)) return { words: CANNOT_INSERT, hint: INSERT_HINT, refused }
  const setting = refused ? refusedSetting(message) : null
  if (setting !== null) {
    return {
      words: `this user may change no setting (readonly = 1), so not ${visible(setting)}`,
      hint: `give it readonly = 2, or set ${visible(setting)} in its profile on the server (${GUIDE}#a-shard-down)`,
      refused,
    }
  }
  return { words: serverWords(message), hint: CHECK_HINT, ...(refused ? { refused } : {}) }
}
