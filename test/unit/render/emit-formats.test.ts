import t from 'tap'
import { EMIT_FORMATS, isEmitFormat, renderData } from '../../../src/render/emit-format.js'
import { renderJson } from '../../../src/render/emit-json.js'
import { renderNdjson } from '../../../src/render/emit-ndjson.js'
import type { EmittedRow } from '../../../src/row-format.js'
import { schemaValidators } from '../../../src/row-format.js'
import type { ProfileRow } from '../../../src/record.js'
import type { Pieces } from '../../../src/write/pieces.js'
import { joined } from '../../helpers/pieces.js'
import { makeRecord } from '../../helpers/record.js'

const validators = schemaValidators()

const rowA: EmittedRow = {
  status: 200, ip: '::1', method: 'GET', url: '/robots.txt', time: '22.11.2026 9:05:07', token: '6b02b04300001',
  timestamp: '2026-11-22T09:05:07+00:00', referer: null, userAgent: 'a\u0000b\u202e', bytes: 3, duration: null, host: null,
  port: null, forwardedFor: null, loggedIp: '::1', user: null, request: 'GET /robots.txt HTTP/1.1', raw: 'r', source: '-', line: 3, byteOffset: null,
}

t.test('the formats', async (t) => {
  t.strictSame(EMIT_FORMATS, ['html', 'json', 'ndjson', 'csv'])
  t.ok(isEmitFormat('ndjson'))
  t.notOk(isEmitFormat('NDJSON'), 'names are exact')
  t.notOk(isEmitFormat('xml'))
})

t.test('json: count and rows, two-space indent, a final newline', async (t) => {
  t.equal(await joined(renderJson([], 0)), '{\n  "count": 0,\n  "rows": []\n}\n')
  const text = await joined(renderJson([rowA], 1))
  t.ok(text.startsWith('{\n  "count": 1,\n  "rows": [\n    {\n      "status": 200,\n      "ip": "::1",\n'))
  t.match(text, '      "userAgent": "a\\u0000b\u202e",\n', 'control characters are JSON escapes')
  t.ok(text.endsWith('      "line": 3,\n      "byteOffset": null\n    }\n  ]\n}\n'), 'byteOffset is the last key')
  t.strictSame(JSON.parse(text), { count: 1, rows: [rowA] })
  t.ok(validators.listing(JSON.parse(text)), 'valid against schema/listing.schema.json')
})

t.test('ndjson: one row per line, nothing for no rows', async (t) => {
  t.equal(await joined(renderNdjson([])), '')
  const text = await joined(renderNdjson([rowA, { ...rowA, line: 4 }]))
  const lines = text.split('\n')
  t.equal(lines.length, 3)
  t.equal(lines[2], '', 'every line ends with a newline')
  t.equal(lines[0], JSON.stringify(rowA))
  t.ok(validators.row(JSON.parse(lines[1] as string)))
})

t.test('the row schema rejects what is not a row', async (t) => {
  const valid = validators.row
  t.ok(valid(rowA))
  t.notOk(valid({ ...rowA, extra: 1 }), 'no other keys')
  t.notOk(valid({ ...rowA, status: '200' }))
  t.notOk(valid({ ...rowA, token: '6B02B04300001' }), 'tokens are lower-case hex')
  t.notOk(valid({ ...rowA, timestamp: '2026-11-22T09:05:07Z' }), 'the offset is written as +00:00')
  t.notOk(valid({ ...rowA, timestamp: '2026-11-22T09:05:07.1234+00:00' }), 'fractions have 3 or 6 digits')
  t.notOk(valid({ ...rowA, time: '22.11.2026 09:05:07' }), 'the hour is not zero-padded')
  t.notOk(valid({ ...rowA, line: 0 }))
  t.ok(valid({ ...rowA, line: null, byteOffset: 0 }), 'a line read from the end has a byte offset')
  t.notOk(valid({ ...rowA, byteOffset: -1 }))
  t.notOk(valid({ ...rowA, byteOffset: '0' }))
  const withoutRaw: Partial<typeof rowA> = { ...rowA }
  delete withoutRaw.raw
  t.notOk(valid(withoutRaw), 'every key is required')
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
