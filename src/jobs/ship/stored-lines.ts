/**
 * Where `ship` stopped, read from the table: the last line stored of the
 * newest two generations of a host's file (the older one may still have had
 * lines to come when a rotation began: its file is read on while the server
 * still writes to it), with its time. And whether a file holds such a line
 * at its offset (a compressed generation too, read up to it), so that
 * shipping goes on right after it: the table, not a state file of ours,
 * says what was shipped, so a kill at any moment loses and repeats no line.
 */

import { openRegularFile } from '../../input/file-chunks.js'
import type { ClickHouseConnection } from '../../clickhouse/clickhouse-connection.js'
import { sqlName, sqlString } from '../../clickhouse/sql-text.js'
import { GZIP_MAGIC, isGzip } from '../../input/gzip.js'
import { MAX_LINE_LENGTH, type LineSink } from '../../input/line-splitter.js'
import { inputBytes, splitLines } from '../../input/lines.js'
import { openFileInput } from '../../input/open-inputs.js'
import { GENERATION_SPAN, generationOf, offsetOf } from './shipped-rows.js'
import { NEWLINE } from '../../text/chars.js'

export interface StoredLine {
  generation: number
  seq: number
  /** Byte offset of the line in its generation's file. */
  offset: number
  /** Its time (whole seconds, as shipped). */
  time: number
  message: string
}

/** The last line stored of each of the newest two generations of `file` from `host`, newest first. */
export async function storedEnds(connection: ClickHouseConnection, host: string, file: string): Promise<StoredLine[]> {
  const { table } = connection
  const c = table.columns
  const seq = sqlName(c.seq)
  const rows = await connection.select(
    `SELECT toString(max(${seq})), toUInt32(argMax(${sqlName(c.time)}, ${seq})), argMax(${sqlName(c.message)}, ${seq})
FROM ${sqlName(table.database)}.${sqlName(table.table)}
WHERE ${sqlName(c.host)} = ${sqlString(host)} AND ${sqlName(c.file)} = ${sqlString(file)}
GROUP BY intDiv(${seq}, ${GENERATION_SPAN})
ORDER BY max(${seq}) DESC
LIMIT 2`, 'reading where shipping stopped')
  return rows.map(([last = '0', time = '0', message = '']) => {
    const value = Number(last)
    return { generation: generationOf(value), seq: value, offset: offsetOf(value), time: Number(time), message }
  })
}

/**
 * The offset right after the line `message` if the file at `path` holds it
 * at `offset` (a line without a newline at the file's end too); else null.
 * A gzip file (by its magic bytes) is read from its start up to the line.
 */
export async function lineEnd(path: string, offset: number, message: string): Promise<number | null> {
  const handle = await openRegularFile(path).catch(() => null)
  if (handle === null) return null
  try {
    const head = Buffer.alloc(GZIP_MAGIC.length)
    await handle.read(head, 0, head.length, 0)
    if (isGzip(head)) return await compressedLineEnd(path, offset, message)
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

/** lineEnd of a gzip file: its lines from its start, until the one at `offset` and where the next starts (or the file ends). */
async function compressedLineEnd(path: string, offset: number, message: string): Promise<number | null> {
  const input = await openFileInput(path).catch(() => null)
  if (input === null) return null
  let matched = false
  /** Where the line after it starts: its end. */
  let end: number | null = null
  /** Whether a line at or after the offset was read. */
  let past = false
  const seen = (start: number): void => {
    if (matched && end === null) end = start
    if (start >= offset) past = true
  }
  const sink: LineSink = {
    line(text, start) {
      seen(start)
      if (start === offset && text !== '' && text === message) matched = true
    },
    tooLong: (_head, start) => seen(start),
  }
  let bytes = 0
  const chunks = input.chunks()
  async function* counted(): AsyncGenerator<Buffer> {
    for await (const chunk of inputBytes(chunks, path)) {
      bytes += chunk.length
      yield chunk
    }
  }
  try {
    for await (const _ of splitLines(counted(), path, sink)) {
      if (past && (!matched || end !== null)) break
    }
  } catch {
    return null
  } finally {
    await input.close()
  }
  // the last line: it ends where the file does
  return matched ? end ?? bytes : null
}
