/**
 * A table followed by `watch` after its first page: each poll asks for the
 * rows that came since, oldest first: those stamped no earlier than the
 * newest time read less the order tolerance (rows from several hosts
 * arrive out of step), without the rows of each host and file up to the
 * last sequence number read (ship inserts a file's lines in order). A row
 * stamped earlier than that when it arrives is not listed (as a line out of
 * order by more than the tolerance). The rows go into the selection as a
 * followed file's lines do. A server that fails is said once; the next
 * poll tries again.
 */

import { keepBatch, type RecordSink } from '../source/batch.js'
import type { LogLines } from '../source/log-lines.js'
import type { ClickHouseConnection } from './clickhouse-connection.js'
import { feedRow, type TableWatermarks } from './clickhouse-source.js'
import { rowsQuery, tableRow, type TableRow } from './row-query.js'
import { sqlInteger, sqlName, sqlString } from './sql-text.js'

const PAGE_ROWS = 5000

export class FollowedTable {
  readonly #connection: ClickHouseConnection
  readonly #lines: LogLines
  /** Where the records of the rows read go: the selection the scan filled. */
  readonly #selection: RecordSink
  readonly #conditions: readonly string[]
  readonly #watermarks: TableWatermarks
  readonly #toleranceS: number
  readonly #warn: (line: string) => void
  #failure: string | null = null

  constructor(connection: ClickHouseConnection, lines: LogLines, selection: RecordSink, conditions: readonly string[], watermarks: TableWatermarks, toleranceS: number,
    warn: (line: string) => void) {
    this.#connection = connection
    this.#lines = lines
    this.#selection = selection
    this.#conditions = conditions
    this.#watermarks = watermarks
    this.#toleranceS = toleranceS
    this.#warn = warn
  }

  get label(): string {
    return this.#connection.table.label
  }

  /** Reads the rows that came since the last poll; says whether a record was kept. */
  async poll(): Promise<boolean> {
    try {
      for (;;) {
        const rows: TableRow[] = (await this.#connection.select(rowsQuery(this.#connection.table, this.#since(), null, PAGE_ROWS, 'ASC'))).map(tableRow)
        for (const row of rows) {
          this.#watermarks.saw(row)
          feedRow(this.#lines, row, this.label)
        }
        if (rows.length < PAGE_ROWS) break
      }
      if (this.#failure !== null) this.#warn(`${this.label}: read again`)
      this.#failure = null
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e)
      if (message !== this.#failure) this.#warn(`${message}; trying again`)
      this.#failure = message
    }
    this.#lines.settle()
    return keepBatch(this.#selection, this.#lines.takeBatch()) > 0
  }

  /** The conditions of the rows not read yet. */
  #since(): string[] {
    const c = this.#connection.table.columns
    const [time, host, file, seq] = [c.time, c.host, c.file, c.seq].map(sqlName) as [string, string, string, string]
    const conditions = [...this.#conditions, `${time} >= ${sqlInteger(Math.max(0, this.#watermarks.newest - this.#toleranceS))}`]
    for (const read of this.#watermarks.files()) {
      conditions.push(`NOT (${host} = ${sqlString(read.host)} AND ${file} = ${sqlString(read.file)} AND ${seq} <= ${sqlInteger(read.seq)})`)
    }
    return conditions
  }

  ended(): boolean {
    return false
  }

  close(): Promise<void> {
    return this.#connection.close()
  }
}
