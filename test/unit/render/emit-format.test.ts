/** `--emit`: the format names, and renderData, which writes the listed rows in a data format, row by row. */

import t from 'tap'
import { EMIT_FORMATS, isEmitFormat, renderData, type DataFormat } from '../../../src/render/emit-format.js'
import type { ProfileRow } from '../../../src/record.js'
import type { Pieces } from '../../../src/write/pieces.js'
import { joined, pieceList } from '../../helpers/pieces.js'
import { makeRecord } from '../../helpers/record.js'

t.test('the formats', async (t) => {
  t.strictSame(EMIT_FORMATS, ['html', 'json', 'ndjson', 'csv'])
  t.ok(isEmitFormat('ndjson'))
  t.notOk(isEmitFormat('NDJSON'), 'names are exact')
  t.notOk(isEmitFormat('xml'))
})

t.test('renderData writes the profile rows in the display zone', async (t) => {
  const record = makeRecord({ time: 1_795_338_307_000, offset: 60, target: '/moebel/', request: 'GET /moebel/ HTTP/1.1' })
  const rows: ProfileRow[] = [{ status: 200, ip: '192.0.2.1', method: 'GET', url: '/moebel/', date: '22.11.2026', clock: '9:05:07', token: '6b02b04300001', record }]
  const parsed = async (pieces: Pieces): Promise<{ timestamp?: string; count?: number }> =>
    JSON.parse(await joined(pieces)) as { timestamp?: string; count?: number }
  t.equal((await parsed(renderData('ndjson', rows, 'UTC'))).timestamp, '2026-11-22T09:05:07+00:00')
  t.equal((await parsed(renderData('ndjson', rows, null))).timestamp, '2026-11-22T10:05:07+01:00')
  t.equal((await parsed(renderData('json', rows, null))).count, 1)
  t.match(await joined(renderData('csv', rows, null)), /^status,ip,.*\r\n200,192\.0\.2\.1,GET,\/moebel\/,22\.11\.2026 9:05:07,/)
})

/** A listed row whose URL, request and raw line are each about `length` characters. */
const longRow = (i: number, length: number): ProfileRow => {
  const url = `/p?${'"'.repeat(length)}`
  const raw = `192.0.2.1 - - [22/Nov/2026:10:05:07 +0000] "GET ${url} HTTP/1.1" 200 5 "-" "-"`
  const record = makeRecord({ time: 1_795_338_307_000, raw, request: `GET ${url} HTTP/1.1`, target: url, line: i + 1 })
  return { status: 200, ip: '192.0.2.1', method: 'GET', url, date: '22.11.2026', clock: '10:05:07', token: (0x6b02af1b00000 + i).toString(16), record }
}

t.test('many long rows: no piece of any format is larger than twice the largest row', async (t) => {
  const lengths = Array.from({ length: 200 }, (_, i) => 100 + (i * 7919) % 8000)
  const longest = lengths.indexOf(Math.max(...lengths))
  const rows = lengths.map((length, i) => longRow(i, length))
  for (const format of ['json', 'ndjson', 'csv'] as const satisfies readonly DataFormat[]) {
    const empty = (await pieceList(renderData(format, [], 'UTC'))).join('').length
    const largestRow = (await pieceList(renderData(format, [rows[longest] as ProfileRow], 'UTC'))).join('').length - empty
    const pieces = await pieceList(renderData(format, rows, 'UTC'))
    const largestPiece = Math.max(...pieces.map((piece) => piece.length))
    const total = pieces.join('').length
    t.ok(largestPiece < 2 * largestRow, `${format}: largest piece ${largestPiece} < 2 × ${largestRow} (the largest row), of ${total}`)
    t.ok(total > 100 * largestRow, `${format}: the whole is more than 100 rows' worth`)
  }
})
