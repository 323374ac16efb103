/**
 * `--emit json`: one document, made row by row (one piece per row and the
 * framing), in exactly the bytes of JSON.stringify(document, null, 2).
 */

import t from 'tap'
import { renderJson } from '../../../src/render/emit-json.js'
import { schemaValidators } from '../../../src/row-format.js'
import { BASE_ROW, ODD_ROWS, ROW_A } from '../../helpers/emitted-rows.js'
import { joined, pieceList } from '../../helpers/pieces.js'

t.test('json: count and rows, two-space indent, a final newline', async (t) => {
  t.equal(await joined(renderJson([], 0)), '{\n  "count": 0,\n  "rows": []\n}\n')
  const text = await joined(renderJson([ROW_A], 1))
  t.ok(text.startsWith('{\n  "count": 1,\n  "rows": [\n    {\n      "status": 200,\n      "ip": "::1",\n'))
  t.match(text, '      "userAgent": "a\\u0000b\u202e",\n', 'control characters are JSON escapes')
  t.ok(text.endsWith('      "line": 3,\n      "byteOffset": null\n    }\n  ]\n}\n'), 'byteOffset is the last key')
  t.strictSame(JSON.parse(text), { count: 1, rows: [ROW_A] })
  t.ok(schemaValidators().listing(JSON.parse(text)), 'valid against schema/listing.schema.json')
})

t.test('json: exactly the bytes of JSON.stringify(document, null, 2), one piece per row', async (t) => {
  for (const rows of [[], [BASE_ROW], ODD_ROWS]) {
    const pieces = await pieceList(renderJson(rows, rows.length))
    t.equal(pieces.join(''), `${JSON.stringify({ count: rows.length, rows }, null, 2)}\n`, `${rows.length} rows`)
    t.equal(pieces.length, rows.length + 2, 'the head, each row, the end')
  }
})
