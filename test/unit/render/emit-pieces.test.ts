/**
 * `--emit json|ndjson|csv` made row by row: one piece per row (and the
 * framing), so no piece is larger than twice a row, and the pieces join to
 * exactly the bytes the formats are documented to write.
 */

import t from 'tap'
import { renderCsv } from '../../../src/render/emit-csv.js'
import { renderData, type DataFormat } from '../../../src/render/emit-format.js'
import { renderJson } from '../../../src/render/emit-json.js'
import { renderNdjson } from '../../../src/render/emit-ndjson.js'
import type { EmittedRow } from '../../../src/row-format.js'
import type { ProfileRow } from '../../../src/record.js'
import { pieceList } from '../../helpers/pieces.js'
import { makeRecord } from '../../helpers/record.js'

const base: EmittedRow = {
  status: 200, ip: '::1', method: 'GET', url: '/robots.txt', time: '22.11.2026 9:05:07', token: '6b02b04300001',
  timestamp: '2026-11-22T09:05:07+00:00', referer: null, userAgent: null, bytes: 3, duration: null, host: null,
  port: null, forwardedFor: null, loggedIp: '::1', user: null, request: 'GET /robots.txt HTTP/1.1', raw: 'r', source: '-', line: 3, byteOffset: null,
}

/** Values JSON writes in every way it can: escapes, line breaks, U+2028, astral characters, empty text, zero. */
const ODD_ROWS: EmittedRow[] = [
  base,
  { ...base, url: '/a\nb\r\u2028\u2029"\\', userAgent: 'a\u0000b\u202e\u{1F600}', referer: '', bytes: 0, duration: 1500, line: null, byteOffset: 4_194_304 },
  { ...base, status: 404, host: 'shop.example', port: 8443, forwardedFor: '203.0.113.7, 10.0.0.1', user: 'émile', raw: '\t' },
]

t.test('json: exactly the bytes of JSON.stringify(document, null, 2), one piece per row', async (t) => {
  for (const rows of [[], [base], ODD_ROWS]) {
    const pieces = await pieceList(renderJson(rows, rows.length))
    t.equal(pieces.join(''), `${JSON.stringify({ count: rows.length, rows }, null, 2)}\n`, `${rows.length} rows`)
    t.equal(pieces.length, rows.length + 2, 'the head, each row, the end')
  }
})

t.test('ndjson and csv: one piece per row (csv: and the header)', async (t) => {
  const ndjson = await pieceList(renderNdjson(ODD_ROWS))
  t.strictSame(ndjson, ODD_ROWS.map((row) => `${JSON.stringify(row)}\n`))
  const csv = await pieceList(renderCsv(ODD_ROWS))
  t.equal(csv.length, 4)
  t.equal(csv[2], `200,::1,GET,"/a\nb\r\u2028\u2029""\\",22.11.2026 9:05:07,6b02b04300001,2026-11-22T09:05:07+00:00,,a\u0000b\u202e\u{1F600},0,1500,,,,::1,,GET /robots.txt HTTP/1.1,r,'-,,4194304\r\n`, 'the source - neutralised as a formula start')
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
