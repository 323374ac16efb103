/**
 * Sends the buffered rows to the table in batches (at most `batchRows`, at
 * least once per interval while rows wait), one insert at a time, in the
 * order they were read: each insert is all or a first part of its rows, so
 * what the table holds of a file is always the file up to a line.
 *
 * An insert that fails may have been stored all the same (the answer was
 * lost): before the next try the table is asked where each file stands, and
 * the rows it holds are dropped from the buffer. While the server cannot be
 * reached, tries come after a backoff (doubling up to MAX_BACKOFF_MS), one
 * stderr line says so, and one more once it is reached again. `--once`
 * does not wait: the first failure ends the run (exit 2), and the next run
 * goes on from what the table holds.
 */

import type { ClickHouseConnection } from '../../clickhouse/clickhouse-connection.js'
import { sqlName } from '../../clickhouse/sql-text.js'
import { tsvEscape } from '../../clickhouse/tsv.js'
import { isUserError } from '../../errors.js'
import type { StopRequest } from '../../stop.js'
import type { RowBuffer, ShipRow } from './shipped-rows.js'
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
}

/** The rows as TabSeparated text, in the insert's column order. */
export function tsvRows(host: string, rows: readonly ShipRow[]): Buffer {
  const h = tsvEscape(host)
  const parts: string[] = []
  for (const row of rows) parts.push(`${row.time}\t${h}\t${tsvEscape(row.file)}\t${row.seq}\t${tsvEscape(row.message)}\n`)
  return Buffer.from(parts.join(''), 'utf8')
}

export class Inserter {
  readonly #connection: ClickHouseConnection
  readonly #buffer: RowBuffer
  readonly #settings: InsertSettings
  readonly #insert: string
  #lastInsert: number
  #failure: string | null = null
  #backoffMs = 0
  #nextTry = 0
  /** Rows inserted so far. */
  inserted = 0

  constructor(connection: ClickHouseConnection, buffer: RowBuffer, settings: InsertSettings) {
    this.#connection = connection
    this.#buffer = buffer
    this.#settings = settings
    const { table } = connection
    const c = table.columns
    this.#insert = `INSERT INTO ${sqlName(table.database)}.${sqlName(table.table)} (${[c.time, c.host, c.file, c.seq, c.message].map(sqlName).join(', ')})`
    this.#lastInsert = settings.now()
  }

  /** Whether the server is failing now (rows are held). */
  get failing(): boolean {
    return this.#failure !== null
  }

  /** Inserts while a full batch waits, or the interval passed with rows waiting; after a failure, not before its backoff. */
  async tick(): Promise<void> {
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

  /** While a full batch waits: inserts it (a reader calls this between blocks, so the buffer stays bounded). */
  async room(stop: StopRequest | null = null): Promise<void> {
    while (this.#buffer.rows >= this.#settings.batchRows) {
      if (stop?.requested) return
      const wait = this.#nextTry - this.#settings.now()
      if (wait > 0) await (stop ? stop.sleep(wait) : new Promise((resolve) => setTimeout(resolve, wait)))
      else await this.#tryOnce()
    }
  }

  /** One insert of the first batch; says whether it went in. */
  async #tryOnce(): Promise<boolean> {
    try {
      if (this.#failure !== null) await this.#dropStored()
      const batch = this.#buffer.first(this.#settings.batchRows)
      if (batch.length > 0) await this.#connection.insert(this.#insert, tsvRows(this.#settings.host, batch))
      this.#buffer.drop(batch.length)
      this.inserted += batch.length
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

  /** After a failure: the rows the table holds already (the lost answer of an insert that went in) leave the buffer. */
  async #dropStored(): Promise<void> {
    const files = new Set<string>()
    for (const row of this.#buffer.first(this.#buffer.rows)) files.add(row.file)
    const last = new Map<string, number>()
    for (const file of files) {
      for (const stored of await storedEnds(this.#connection, this.#settings.host, file)) last.set(`${stored.generation} ${file}`, stored.seq)
    }
    this.#buffer.dropStored((file, generation) => last.get(`${generation} ${file}`) ?? null)
  }
}

