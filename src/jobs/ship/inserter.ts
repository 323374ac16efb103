/**
 * Sends the buffered rows to the table in batches (at most `batchRows`, at
 * least once per interval while rows wait), one insert at a time, in the
 * order they were read: each insert is all or a first part of its rows, so
 * what the table holds of a file is always the file up to a line.
 *
 * An insert that fails may have been stored all the same (the answer was
 * lost), or be stored still (the server had it whole when the client gave
 * up): before the next try the server is asked until no insert of these
 * files runs (each carries a query_id naming its host and files:
 * running-inserts.ts), then the table where each file stands, and the rows
 * it holds are dropped from the buffer. While the server cannot be
 * reached, tries come after a backoff (doubling up to MAX_BACKOFF_MS), one
 * stderr line says so, and one more once it is reached again. `--once`
 * does not wait: the first failure ends the run (exit 2), and the next run
 * goes on from what the table holds.
 */

import type { ClickHouseConnection } from '../../clickhouse/clickhouse-connection.js'
import { CANNOT_INSERT, INSERT_HINT } from '../../clickhouse/query-failure.js'
import { sqlName } from '../../clickhouse/sql-text.js'
import { isUserError, usageError } from '../../errors.js'
import type { StopRequest } from '../../stop.js'
import { awaitInserts, InsertIds } from './running-inserts.js'
import type { RowBuffer } from './shipped-rows.js'
import { storedEnds } from './stored-lines.js'

export const FIRST_BACKOFF_MS = 500
export const MAX_BACKOFF_MS = 30_000

export interface InsertSettings {
  host: string
  batchRows: number
  intervalMs: number
  /** `--once`: a failure ends the run. */
  once: boolean
  warn: (line: string) => void
  now: () => number
  /** The run's stop: it ends a wait for an insert still under way (the try fails). */
  stop?: StopRequest | null
  /** The longest wait for an insert still under way before a retry, ms (default: running-inserts.ts's). */
  waitBoundMs?: number
}

/** A read-only user (readonly 1 or 2) cannot insert: said before a file is read, not at the first insert. */
export async function checkMayInsert(connection: ClickHouseConnection): Promise<void> {
  const [answer] = await connection.select("SELECT value FROM system.settings WHERE name = 'readonly'", 'asking whether this user may insert')
  if ((answer?.[0] ?? '0') !== '0') throw usageError(`${connection.table.label}: ${CANNOT_INSERT}`, INSERT_HINT)
}

export class Inserter {
  readonly #connection: ClickHouseConnection
  readonly #buffer: RowBuffer
  readonly #settings: InsertSettings
  readonly #insert: string
  readonly #ids: InsertIds
  #lastInsert: number
  #failure: string | null = null
  #backoffMs = 0
  #nextTry = 0
  /** The insert under way while reading goes on (room), and how many rows it holds. */
  #inFlight: Promise<boolean> | null = null
  #inFlightRows = 0
  /** Rows inserted so far. */
  inserted = 0

  constructor(connection: ClickHouseConnection, buffer: RowBuffer, settings: InsertSettings) {
    this.#connection = connection
    this.#buffer = buffer
    this.#settings = settings
    const { table } = connection
    const c = table.columns
    this.#insert = `INSERT INTO ${sqlName(table.database)}.${sqlName(table.table)} (${[c.time, c.host, c.file, c.seq, c.message].map(sqlName).join(', ')})`
    this.#ids = new InsertIds(settings.host)
    this.#lastInsert = settings.now()
  }

  /** Whether the server is failing now (rows are held). */
  get failing(): boolean {
    return this.#failure !== null
  }

  /** Inserts while a full batch waits, or the interval passed with rows waiting; after a failure, not before its backoff. */
  async tick(): Promise<void> {
    await this.#settle()
    for (;;) {
      const now = this.#settings.now()
      const rows = this.#buffer.rows
      const due = rows >= this.#settings.batchRows || (rows > 0 && now - this.#lastInsert >= this.#settings.intervalMs)
      if (!due || now < this.#nextTry) return
      if (!(await this.#tryOnce())) return
    }
  }

  /** Inserts every row held (after backoffs while the server fails, unless `--once`), or gives up when `stop` comes. */
  async flush(stop: StopRequest | null = null): Promise<void> {
    await this.#settle()
    while (this.#buffer.rows > 0) {
      if (stop?.requested) return
      const wait = this.#nextTry - this.#settings.now()
      if (wait > 0) {
        if (stop) await stop.sleep(wait)
        else await new Promise((resolve) => setTimeout(resolve, wait))
        continue
      }
      await this.#tryOnce()
    }
  }

  /**
   * While a full batch waits: inserts it, and lets the reader go on while
   * the server takes it (a reader calls this between blocks): the buffer
   * holds at most the batch under way and one more. Inserts still go one
   * at a time, in order.
   */
  async room(stop: StopRequest | null = null): Promise<void> {
    while (this.#buffer.rows - this.#inFlightRows >= this.#settings.batchRows) {
      if (this.#inFlight !== null) {
        await this.#settle()
        continue
      }
      if (stop?.requested) return
      const wait = this.#nextTry - this.#settings.now()
      if (wait > 0) {
        await (stop ? stop.sleep(wait) : new Promise((resolve) => setTimeout(resolve, wait)))
        continue
      }
      this.#inFlightRows = Math.min(this.#buffer.rows, this.#settings.batchRows)
      const insert = this.#tryOnce()
      // awaited by the next call (or by tick, flush): a failure is not left unheard meanwhile
      insert.catch(() => undefined)
      this.#inFlight = insert
    }
  }

  /** Waits for the insert under way, if any; a failure it met is thrown here. */
  async #settle(): Promise<void> {
    const insert = this.#inFlight
    if (insert === null) return
    try {
      await insert
    } finally {
      this.#inFlight = null
      this.#inFlightRows = 0
    }
  }

  /** One insert of the first batch; says whether it went in. */
  async #tryOnce(): Promise<boolean> {
    try {
      if (this.#failure !== null) await this.#dropStored()
      const count = Math.min(this.#buffer.rows, this.#settings.batchRows)
      if (count > 0) await this.#connection.insert(this.#insert, this.#buffer.body(count), this.#ids.id(this.#buffer.files(count), this.#buffer.firstSeq()))
      this.#buffer.drop(count)
      this.inserted += count
      this.#lastInsert = this.#settings.now()
      if (this.#failure !== null) this.#settings.warn(`${this.#connection.table.label}: reachable again; shipping the lines held`)
      this.#failure = null
      this.#backoffMs = 0
      this.#nextTry = 0
      return true
    } catch (e) {
      if (this.#settings.once || !isUserError(e)) throw e
      this.#backoffMs = Math.min(MAX_BACKOFF_MS, this.#backoffMs === 0 ? FIRST_BACKOFF_MS : this.#backoffMs * 2)
      this.#nextTry = this.#settings.now() + this.#backoffMs
      if (this.#failure !== e.message) {
        this.#failure = e.message
        this.#settings.warn(`${e.message}; holding ${this.#buffer.rows} lines, trying again (every ${MAX_BACKOFF_MS / 1000} s at most)`)
      }
      return false
    }
  }

  /**
   * After a failure: once no insert of these files runs on the server, the
   * rows the table holds already (the lost answer of an insert that went in)
   * leave the buffer.
   */
  async #dropStored(): Promise<void> {
    const files = this.#buffer.files(this.#buffer.rows)
    const { stop = null, warn, host, waitBoundMs: boundMs } = this.#settings
    if (!(await awaitInserts(this.#connection, host, files, { stop, warn, ...(boundMs === undefined ? {} : { boundMs }) }))) {
      throw usageError(`${this.#connection.table.label}: stopped while an insert was still under way on the server`)
    }
    const last = new Map<string, number>()
    for (const file of files) {
      for (const stored of await storedEnds(this.#connection, this.#settings.host, file)) last.set(`${stored.generation} ${file}`, stored.seq)
    }
    this.#buffer.dropStored((file, generation) => last.get(`${generation} ${file}`) ?? null)
  }
}

