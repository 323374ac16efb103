/**
 * Where shipping stopped is read only once no insert of this host's file
 * runs on the server. An insert the server has received whole goes on after
 * its sender is gone (a kill -9, or a client that gave up waiting for the
 * answer): until it is stored the table does not show its lines, and a
 * restart (or a retry) that read where the file stopped meanwhile would
 * send them again. So every insert carries a query_id naming the host and
 * the files of its rows,
 *
 *   profiler-search-ship-<key>[-<key>…]-s<sequence number of its first row>
 *
 * (a key: 16 hex digits of SHA-256 of the host and the file, so no path
 * shows in system.processes or the server's logs), and before the table is
 * asked where a file stopped, system.processes is asked, every POLL_MS,
 * until no query_id names that file of this host; stderr says what is
 * waited for, how long the server has run it and how long the wait may
 * last. Such an insert's client is gone (a run before this one, or a try
 * this run gave up on: one ship per host and file), so after waitBoundMs
 * the server is asked to end it (KILL QUERY): what it stored stays, a first
 * part of its rows, and the table says where. A server that does not end
 * it (18.16 refuses for any insert: "it consists of unkillable stages"),
 * or one still running it as long again, is a user error (the run ends, or
 * its next try waits again); a stop ends the wait.
 */

import { createHash } from 'node:crypto'
import type { ClickHouseConnection } from '../../clickhouse/clickhouse-connection.js'
import { sqlString } from '../../clickhouse/sql-text.js'
import { isUserError, usageError } from '../../errors.js'
import type { StopRequest } from '../../stop.js'
import { visible } from '../../text/visible.js'

export const QUERY_ID_PREFIX = 'profiler-search-ship-'
export const POLL_MS = 100

/** How long a restart waits at most for an insert still under way: twice the time a query may take, a minute at least. */
export function waitBoundMs(timeoutMs: number): number {
  return Math.max(60_000, 2 * timeoutMs)
}

/** The key of a host's file in query_ids. */
export function fileKey(host: string, file: string): string {
  return createHash('sha256').update(`${host}\n${file}`).digest('hex').slice(0, 16)
}

/** The query_ids of one host's inserts. */
export class InsertIds {
  readonly #host: string
  readonly #keys = new Map<string, string>()

  constructor(host: string) {
    this.#host = host
  }

  #key(file: string): string {
    let key = this.#keys.get(file)
    if (key === undefined) {
      key = fileKey(this.#host, file)
      this.#keys.set(file, key)
    }
    return key
  }

  /** The query_id of an insert of rows of `files` (each once, in order) whose first row has sequence number `firstSeq`. */
  id(files: readonly string[], firstSeq: number): string {
    return `${QUERY_ID_PREFIX}${files.map((file) => this.#key(file)).join('-')}-s${firstSeq}`
  }

  /** A LIKE pattern matching every query_id that names `file` (keys are hex between dashes: no `_` or `%` in them). */
  pattern(file: string): string {
    return `${QUERY_ID_PREFIX}%${this.#key(file)}-%`
  }
}

export interface InsertWait {
  /** Ends the wait early: while an insert runs, not after the stop. */
  stop: StopRequest | null
  warn: (line: string) => void
  /** The longest wait before the server is asked to end the insert, ms (default: waitBoundMs of the table's timeout). */
  boundMs?: number
  pollMs?: number
  /** The clock the wait and its bound are measured on, ms (Date.now; a test gives its own). */
  now?: () => number
}

/** An insert of ours the server runs, and for how long it has run it (whole seconds). */
interface RunningInsert {
  id: string
  seconds: number
}

/**
 * Waits until no insert of `files` of `host` runs on the server; says so on
 * stderr when it waits and when the wait ends. False when one still ran
 * once a stop came; a user error when one still runs after the bound and
 * the server does not end it, or still runs as long again after it was
 * asked to.
 */
export async function awaitInserts(connection: ClickHouseConnection, host: string, files: readonly string[], wait: InsertWait): Promise<boolean> {
  if (files.length === 0) return true
  const ids = new InsertIds(host)
  const sql = `SELECT query_id, toUInt64(elapsed) FROM system.processes WHERE ${files.map((file) => `query_id LIKE ${sqlString(ids.pattern(file))}`).join(' OR ')}`
  const label = connection.table.label
  const boundMs = wait.boundMs ?? waitBoundMs(connection.table.timeoutMs)
  const pollMs = wait.pollMs ?? POLL_MS
  const now = wait.now ?? Date.now
  const started = now()
  let said = false
  let killed = false
  for (;;) {
    const running: RunningInsert[] = (await connection.select(sql, 'looking for inserts under way'))
      .map(([id = '', seconds = '0']) => ({ id: visible(id), seconds: Number(seconds) }))
    const waited = now() - started
    if (running.length === 0) {
      if (said) wait.warn(`${label}: the insert no longer runs on the server${killed ? ' (ended by KILL QUERY: what it stored stays, the table says where)' : ''}; waited ${seconds(waited)} s`)
      return true
    }
    if (wait.stop?.requested) return false
    const names = running.map((insert) => insert.id).join(', ')
    if (!said) {
      said = true
      wait.warn(`${label}: an insert of host ${host} is still under way on the server (query_id ${names}, running for ${Math.max(...running.map((insert) => insert.seconds))} s); waiting for it, at most ${seconds(boundMs)} s, before reading where shipping stopped`)
    }
    if (waited >= (killed ? 2 : 1) * boundMs) {
      if (killed) {
        throw usageError(`${label}: an insert of host ${host} still runs on the server ${seconds(waited)} s on (query_id ${names}), though the server was asked to end it; where shipping stopped is not read while it may still store lines`,
          'it ends once the server has stored it or its connection timed out; ship goes on then')
      }
      const refusal = await askToEnd(connection, running)
      if (refusal !== null) {
        throw usageError(`${label}: an insert of host ${host} still runs on the server after ${seconds(waited)} s (query_id ${names}), and the server does not end it (${refusal}); where shipping stopped is not read while it may still store lines`,
          'it ends once the server has stored it or its connection timed out; ship goes on then')
      }
      killed = true
      wait.warn(`${label}: the insert still runs after ${seconds(waited)} s; the server was asked to end it (KILL QUERY), waiting at most ${seconds(boundMs)} s more`)
    }
    if (wait.stop) await wait.stop.sleep(pollMs)
    else await new Promise((resolve) => setTimeout(resolve, pollMs))
  }
}

/** Whole seconds of `ms`. */
function seconds(ms: number): number {
  return Math.round(ms / 1000)
}

/** Asks the server to end the inserts (their clients are gone); null once it took the request, else the server's answer. */
async function askToEnd(connection: ClickHouseConnection, running: readonly RunningInsert[]): Promise<string | null> {
  const what = 'KILL QUERY'
  try {
    await connection.select(`KILL QUERY WHERE ${running.map((insert) => `query_id = ${sqlString(insert.id)}`).join(' OR ')} ASYNC`, what)
    return null
  } catch (e) {
    if (!isUserError(e)) throw e
    return e.message.slice(e.message.indexOf(`${what} failed`))
  }
}
