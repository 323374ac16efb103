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
 * asked where a file stopped, system.processes is asked, every
 * POLL_MS, until no query_id names that file of this host: at most
 * waitBoundMs, then a user error (the run ends, or its next try waits
 * again); a stop ends the wait.
 */

import { createHash } from 'node:crypto'
import type { ClickHouseConnection } from '../../clickhouse/clickhouse-connection.js'
import { sqlString } from '../../clickhouse/sql-text.js'
import { usageError } from '../../errors.js'
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
  /** The longest wait, ms (default: waitBoundMs of the table's timeout). */
  boundMs?: number
  pollMs?: number
}

/**
 * Waits until no insert of `files` of `host` runs on the server; says so on
 * stderr once when it waits. False when one still ran once a stop came; a
 * user error when one still runs after the bound.
 */
export async function awaitInserts(connection: ClickHouseConnection, host: string, files: readonly string[], wait: InsertWait): Promise<boolean> {
  if (files.length === 0) return true
  const ids = new InsertIds(host)
  const sql = `SELECT query_id FROM system.processes WHERE ${files.map((file) => `query_id LIKE ${sqlString(ids.pattern(file))}`).join(' OR ')}`
  const boundMs = wait.boundMs ?? waitBoundMs(connection.table.timeoutMs)
  const pollMs = wait.pollMs ?? POLL_MS
  const started = Date.now()
  let said = false
  for (;;) {
    const running = (await connection.select(sql, 'looking for inserts under way')).map(([id = '']) => visible(id))
    if (running.length === 0) return true
    if (wait.stop?.requested) return false
    const waited = Date.now() - started
    if (waited >= boundMs) {
      throw usageError(`${connection.table.label}: an insert of host ${host} still runs on the server after ${Math.round(waited / 1000)} s (query_id ${running.join(', ')}); where shipping stopped is not read while it may still store lines`,
        `wait for it, or end it: KILL QUERY WHERE query_id = ${sqlString(running[0] as string)}`)
    }
    if (!said) {
      said = true
      wait.warn(`${connection.table.label}: an insert of host ${host} is still under way on the server (query_id ${running.join(', ')}); waiting for it before reading where shipping stopped`)
    }
    if (wait.stop) await wait.stop.sleep(pollMs)
    else await new Promise((resolve) => setTimeout(resolve, pollMs))
  }
}
