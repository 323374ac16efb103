/** `--emit ndjson`: one row per line, one piece per row, nothing for no rows. */

import t from 'tap'
import { renderNdjson } from '../../../src/render/emit-ndjson.js'
import { schemaValidators } from '../../../src/row-format.js'
import { ODD_ROWS, ROW_A } from '../../helpers/emitted-rows.js'
import { joined, pieceList } from '../../helpers/pieces.js'

t.test('ndjson: one row per line, nothing for no rows', async (t) => {
  t.equal(await joined(renderNdjson([])), '')
  const text = await joined(renderNdjson([ROW_A, { ...ROW_A, line: 4 }]))
  const lines = text.split('\n')
  t.equal(lines.length, 3)
  t.equal(lines[2], '', 'every line ends with a newline')
  t.equal(lines[0], JSON.stringify(ROW_A))
  t.ok(schemaValidators().row(JSON.parse(lines[1] as string)))
})

t.test('ndjson: one piece per row', async (t) => {
  const ndjson = await pieceList(renderNdjson(ODD_ROWS))
  t.strictSame(ndjson, ODD_ROWS.map((row) => `${JSON.stringify(row)}\n`))
})
