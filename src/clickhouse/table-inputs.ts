/**
 * Where clickhouse:// inputs join the planner: a run's inputs are split into
 * files (opened by input/open-inputs.ts) and tables, and each table becomes
 * a ClickHouseSource reading into the same selection as the files, with its
 * own LogLines and places. A table counts as newer than every file (it is
 * read first, and its places are above theirs). Self-contained, so any job
 * (build, watch, serve) can plug tables in beside its files.
 */

import type { Criteria } from '../select/criteria.js'
import { byCodePoints } from '../text/code-points.js'
import type { ShapeSettings } from '../select/shapes.js'
import type { ReadOptions } from '../source/read-settings.js'
import type { Places, RecordSink } from '../source/batch.js'
import { LogLines, type LogLinesContext } from '../source/log-lines.js'
import { ClickHouseConnection } from './clickhouse-connection.js'
import { ClickHouseSource, DescendingPlaces, TABLE_READING, type TableReading } from './clickhouse-source.js'
import { FollowedTable } from './followed-table.js'
import { isClickHouseUrl, parseClickHouseUrl, type ClickHouseTable, type Environment } from './clickhouse-url.js'
import { pushdown, timeSpan } from './pushdown.js'

/** The inputs that are files (or `-`), and the clickhouse:// URLs, each in the order given. */
export function splitInputs(names: readonly string[]): { files: string[]; tables: string[] } {
  return { files: names.filter((name) => !isClickHouseUrl(name)), tables: names.filter(isClickHouseUrl) }
}

/** What the tables of a run are read with: the search, and how lines are read. */
export interface TableSearch {
  criteria: Criteria
  shapes: ShapeSettings | null
  /** `--order-tolerance`, seconds. */
  orderTolerance: number
  /** How lines are read: a format of one's own keeps the reserved segments from being excluded by the server. */
  read: Pick<ReadOptions, 'logFormat' | 'jsonFields'>
}

/** The URLs read (a mistake is a usage error before anything is read). */
export function parseTables(urls: readonly string[], env: Environment, cwd: string): ClickHouseTable[] {
  return urls.map((url) => parseClickHouseUrl(url, env, cwd))
}

/**
 * A source per table, into `context`'s selection; `firstRank`: the number
 * of files (tables come after them in the order of places). Tables are
 * ranked by their names, not by the order they were given in, so that
 * order never changes which of two rows of equal times is the newer.
 */
export function tableSources(
  tables: readonly ClickHouseTable[], context: LogLinesContext, search: TableSearch, firstRank: number, reading: TableReading = TABLE_READING,
): ClickHouseSource[] {
  const byName = tables.map((table) => table.label).sort(byCodePoints)
  const sources: ClickHouseSource[] = []
  for (const table of tables) {
    const rank = firstRank + byName.indexOf(table.label)
    const connection = ClickHouseConnection.open(table)
    const requestFirst = search.read.logFormat.kind !== 'custom' && search.read.jsonFields === null
    const conditions = pushdown(search.criteria, { columns: table.columns, shapes: search.shapes, toleranceS: search.orderTolerance, requestFirst })
    const lines = new LogLines(context, table.label, 'offsets', new DescendingPlaces(rank))
    sources.push(new ClickHouseSource(connection, lines, conditions, timeSpan(search.criteria, search.orderTolerance), reading, rank, context.warn))
  }
  return sources
}

/**
 * After the scan, each table followed (watch, serve) on a connection of its
 * own (the scan's is let go with its source), from where its scan read to:
 * its rows go into `context`'s selection at `places`.
 */
export function followedTables(sources: readonly ClickHouseSource[], context: LogLinesContext, selection: RecordSink, places: Places, orderTolerance: number,
  warn: (line: string) => void): FollowedTable[] {
  return sources.map(function followed(source) {
    const lines = new LogLines(context, source.label, 'offsets', places)
    return new FollowedTable(ClickHouseConnection.open(source.connection.table), lines, selection, source.conditions, source.watermarks, orderTolerance, warn)
  })
}
