/**
 * Where `ship` stopped, read from the table: the last line stored of the
 * newest two generations of a host's file (the older one may still have had
 * lines to come when a rotation began: its file is read on while the server
 * still writes to it). And whether a file holds such a line at its offset,
 * so that shipping goes on right after it: the table, not a state file of
 * ours, says what was shipped, so a kill at any moment loses and repeats no
 * line.
 */

import { openRegularFile } from '../../input/file-chunks.js'
import type { ClickHouseConnection } from '../../clickhouse/clickhouse-connection.js'
import { sqlName, sqlString } from '../../clickhouse/sql-text.js'
import { MAX_LINE_LENGTH } from '../../input/line-splitter.js'
import { GENERATION_SPAN, generationOf, offsetOf } from './shipped-rows.js'
import { NEWLINE } from '../../text/chars.js'

export interface StoredLine {
  generation: number
  seq: number
  /** Byte offset of the line in its generation's file. */
  offset: number
  message: string
}

/** The last line stored of each of the newest two generations of `file` from `host`, newest first. */
export async function storedEnds(connection: ClickHouseConnection, host: string, file: string): Promise<StoredLine[]> {
  const { table } = connection
  const c = table.columns
  const seq = sqlName(c.seq)
  const rows = await connection.select(
    `SELECT toString(max(${seq})), argMax(${sqlName(c.message)}, ${seq})
FROM ${sqlName(table.database)}.${sqlName(table.table)}
WHERE ${sqlName(c.host)} = ${sqlString(host)} AND ${sqlName(c.file)} = ${sqlString(file)}
GROUP BY intDiv(${seq}, ${GENERATION_SPAN})
ORDER BY max(${seq}) DESC
LIMIT 2`, 'reading where shipping stopped')
  return rows.map(([last = '0', message = '']) => {
    const value = Number(last)
    return { generation: generationOf(value), seq: value, offset: offsetOf(value), message }
  })
}

/**
 * The offset right after the line `message` if the file at `path` holds it
 * at `offset` (a line without a newline at the file's end too); else null.
 */
export async function lineEnd(path: string, offset: number, message: string): Promise<number | null> {
  const handle = await openRegularFile(path).catch(() => null)
  if (handle === null) return null
  try {
    const buffer = Buffer.alloc(MAX_LINE_LENGTH + 2)
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, offset)
    const newline = buffer.subarray(0, bytesRead).indexOf(NEWLINE)
    const end = newline < 0 ? bytesRead : newline
    if (newline < 0 && bytesRead === buffer.length) return null
    let text = buffer.toString('utf8', 0, end)
    if (text.endsWith('\r')) text = text.slice(0, -1)
    return text === message && end > 0 ? offset + end + (newline < 0 ? 0 : 1) : null
  } finally {
    await handle.close()
  }
}
