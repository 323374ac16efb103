/**
 * A ClickHouse table as one more RecordSource on the spine: its rows'
 * `message` (the raw line) go through the same LogLines as a file's lines,
 * so parsing, the criteria, tokens and skipped counts are those of the
 * files. The server is asked only for rows the pushed-down conditions let
 * through (pushdown.ts), newest first, a page at a time by keyset
 * (row-query.ts), within a recent time window that widens (4x each time)
 * until the selection is decided or no row is older: the table's order
 * lets the server read only the parts of the window. The newest row is
 * found the same way: looked for in the last hour (before now, or the
 * search's end), then the last day, 8, 64, 512 days, then anywhere; no
 * query reads the whole table unless its rows are that old.
 *
 * Every row not read yet is older than those read, in the order
 * `(time, host, file, seq)`: so the source reads newest first, and each
 * batch's `earliest` is the last ms of the oldest second read (a row not
 * read yet may be stamped up to then; the selection's order tolerance
 * still covers a time column stamped apart from the line's own time). A
 * row's place counts down as rows come, so between equal times the row
 * later in that order is newer, as the later line of a file is.
 */

import { usageError } from '../errors.js'
import { MAX_LINE_LENGTH, TOO_LONG_HEAD } from '../input/line-splitter.js'
import { earlier, PER_INPUT, placesOfRankBelow, type Batch, type Places } from '../source/batch.js'
import type { LineOrigin, LogLines } from '../source/log-lines.js'
import type { RecordSource, UnreadPart } from '../source/record-source.js'
import type { ClickHouseConnection } from './clickhouse-connection.js'
import type { TimeSpan } from './pushdown.js'
import { anyRowQuery, newestQuery, rowsQuery, tableRow, type RowKey, type TableRow } from './row-query.js'
import { checkShards, shardCheckWords } from './shard-check.js'
import { sqlInteger, sqlName } from './sql-text.js'

/** A sequence number's offset part: the byte offset of the line in its generation (schema/clickhouse.sql). */
const OFFSET_PART = 2n ** 40n

export interface TableReading {
  /** The first window, seconds back from the newest row. */
  firstWindowS: number
  /** Rows asked for at once. */
  pageRows: number
  /** Now, epoch ms: where the look for the newest row starts. */
  now: () => number
}

export const TABLE_READING: TableReading = { firstWindowS: 300, pageRows: 5000, now: Date.now }

/** How far back the newest row is looked for, in turn (seconds; null: anywhere). */
const NEWEST_WITHIN = [3600, 86_400, 8 * 86_400, 64 * 86_400, 512 * 86_400, null]

/** Places counting down from the top of the input's room: the row that comes later is older. */
export class DescendingPlaces implements Places {
  #next: number

  constructor(rank: number) {
    this.#next = (rank + 1) * PER_INPUT - 1
  }

  of(): number {
    return this.#next--
  }
}

/** A row's byte offset in its file, from its sequence number. */
export function rowOffset(seq: string): number {
  if (!/^\d+$/.test(seq)) throw usageError(`the seq column holds ${JSON.stringify(seq.slice(0, 40))}, not a whole number`, 'see schema/clickhouse.sql')
  return Number(BigInt(seq) % OFFSET_PART)
}

/**
 * Where a row's line was logged: its host is its server (none when the
 * column is empty), and its source `host:file` (`web2:/var/log/nginx/access.log`;
 * the file alone without a host, the table's URL without a file).
 */
export function rowOrigin(row: Pick<TableRow, 'host' | 'file'>, table: string): LineOrigin {
  const server = row.host === '' ? null : row.host
  const source = row.file === '' ? table : server === null ? row.file : `${server}:${row.file}`
  return { server, source }
}

/**
 * One row's line to the lines of the source, at its byte offset in its file
 * and with its origin: a message over the cap (cut on the server,
 * row-query.ts) is too long, as a file's line would be.
 */
export function feedRow(lines: LogLines, row: TableRow, table: string): void {
  const start = rowOffset(row.seq)
  const origin = rowOrigin(row, table)
  if (row.length > MAX_LINE_LENGTH) lines.tooLong(row.message.slice(0, TOO_LONG_HEAD), start, origin)
  else lines.line(row.message, start, origin)
}

/**
 * How far a table was read, for following it (followed-table.ts): the
 * newest time, and for each host and file the last sequence number read.
 */
export class TableWatermarks {
  newest = 0
  readonly #last = new Map<string, { host: string; file: string; seq: bigint }>()

  saw(row: TableRow): void {
    if (row.time > this.newest) this.newest = row.time
    const id = `${row.host}\t${row.file}`
    const seq = BigInt(row.seq)
    const known = this.#last.get(id)
    if (known === undefined || seq > known.seq) this.#last.set(id, { host: row.host, file: row.file, seq })
  }

  /** Each host and file with the last sequence number read of it. */
  files(): { host: string; file: string; seq: bigint }[] {
    return [...this.#last.values()]
  }
}

export class ClickHouseSource implements RecordSource {
  readonly #connection: ClickHouseConnection
  readonly #lines: LogLines
  readonly #conditions: readonly string[]
  readonly #span: TimeSpan
  readonly #reading: TableReading
  readonly #rank: number
  #bytes = 0
  /** The earliest time of the rows read so far: every row not read yet is older. */
  #earliest: number | null = null
  /** What was read, for a watch that follows the table. */
  readonly watermarks = new TableWatermarks()

  readonly #warn: (line: string) => void

  /**
   * `span`: the bounds `conditions` put on the time column; `rank`: the
   * table's in the order of the run's inputs (its places, DescendingPlaces);
   * `warn`: where the shards that do not answer are told (`?skip_unavailable_shards=1`).
   */
  constructor(connection: ClickHouseConnection, lines: LogLines, conditions: readonly string[], span: TimeSpan, reading: TableReading = TABLE_READING, rank = 0,
    warn: (line: string) => void = () => undefined) {
    this.#connection = connection
    this.#lines = lines
    this.#conditions = conditions
    this.#span = span
    this.#reading = reading
    this.#rank = rank
    this.#warn = warn
  }

  /** Newest first: every row not read yet is older than the rows read (in the table's order). */
  unread(): UnreadPart {
    return { before: this.#earliest ?? Infinity, placesBelow: placesOfRankBelow(this.#rank) }
  }

  /** The pushed-down conditions it reads with. */
  get conditions(): readonly string[] {
    return this.#conditions
  }

  get connection(): ClickHouseConnection {
    return this.#connection
  }

  get label(): string {
    return this.#connection.table.label
  }

  bytesRead(): number {
    return this.#bytes
  }

  async *batches(): AsyncGenerator<Batch> {
    const connection = this.#connection
    const { table } = connection
    const lines = this.#lines
    if (table.skipUnavailableShards) {
      const said = shardCheckWords(table.label, await checkShards(connection))
      if (said !== null) this.#warn(said)
    }
    const newest = await this.#newest()
    if (newest !== null) {
      const time = sqlName(table.columns.time)
      let window = this.#reading.firstWindowS
      let key: RowKey | null = null
      // below the last window read whole: the next one is not read again
      let upper: number | null = null
      for (;;) {
        const low = Math.max(this.#span.from ?? 0, newest - window)
        const within = [...this.#conditions, `${time} >= ${sqlInteger(low)}`, ...(upper === null ? [] : [`${time} < ${sqlInteger(upper)}`])]
        const rows: TableRow[] = (await connection.select(rowsQuery(table, within, key, this.#reading.pageRows))).map(tableRow)
        for (const row of rows) {
          this.#bytes += row.length + 1
          this.watermarks.saw(row)
          feedRow(lines, row, table.label)
        }
        const last: TableRow | undefined = rows.at(-1)
        if (last !== undefined) {
          key = last
          lines.settle()
          const batch = lines.takeBatch()
          const earliest = (last.time + 1) * 1000 - 1
          this.#earliest = earlier(this.#earliest, earliest)
          yield { ...batch, earliest }
        }
        if (rows.length === this.#reading.pageRows) continue
        if (low <= (this.#span.from ?? 0) || !(await this.#anyBefore(low))) break
        upper = low
        window *= 4
      }
    }
    lines.end()
    yield lines.takeBatch()
  }

  /** The time of the newest row the time bounds let through, looked for back from now (or the search's end); null for none. */
  async #newest(): Promise<number | null> {
    const { table } = this.#connection
    const time = sqlName(table.columns.time)
    const bounds = timeConditions(table.columns.time, this.#span)
    const top = Math.min(this.#span.until ?? Infinity, Math.floor(this.#reading.now() / 1000))
    for (const back of NEWEST_WITHIN) {
      const low = back === null ? null : Math.max(this.#span.from ?? 0, top - back)
      const within = low === null ? bounds : [...bounds, `${time} >= ${sqlInteger(low)}`]
      const [answer] = await this.#connection.select(newestQuery(table, within), 'looking for the newest row')
      const [newest = '0', count = '0'] = answer ?? []
      if (Number(count) > 0) return Number(newest)
      if (low === null || low <= (this.#span.from ?? 0)) return null
    }
    return null
  }

  /** Whether a row the time bounds let through is older than `low`. */
  async #anyBefore(low: number): Promise<boolean> {
    const { table } = this.#connection
    const conditions = [...timeConditions(table.columns.time, this.#span), `${sqlName(table.columns.time)} < ${sqlInteger(low)}`]
    return (await this.#connection.select(anyRowQuery(table, conditions), 'looking for older rows')).length > 0
  }

  close(): Promise<void> {
    return this.#connection.close()
  }
}

/** The time bounds as conditions. */
function timeConditions(time: string, span: TimeSpan): string[] {
  const name = sqlName(time)
  return [
    ...(span.from === null ? [] : [`${name} >= ${sqlInteger(span.from)}`]),
    ...(span.until === null ? [] : [`${name} <= ${sqlInteger(span.until)}`]),
  ]
}
