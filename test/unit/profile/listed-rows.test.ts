import { readFileSync } from 'node:fs'
import t from 'tap'
import { listedRows, rowsWithToken } from '../../../src/profile/listed-rows.js'
import { toProfileRows } from '../../../src/profile/rows.js'
import { makeRecord } from '../../helpers/record.js'
import { fixture } from '../../helpers/run-cli.js'

t.test('rowsWithToken picks by the page token, bumps included', async (t) => {
  // Two identical lines in one second: the later one in the input is newer and keeps the plain token.
  const raw = readFileSync(fixture('handmade/search.log'), 'utf8').split('\n')[19] as string
  t.match(raw, /^198\.51\.100\.23 - - \[25\/Oct\/2026:03:15:00 \+0100\] "GET \/moebel\/ HTTP\/1\.1" 200 /)
  const time = Date.UTC(2026, 9, 25, 2, 15)
  const older = makeRecord({ time, raw, line: 20 })
  const newer = makeRecord({ time, raw, line: 21 })
  const rows = toProfileRows([newer, older], null)
  t.strictSame(rows.map((row) => row.token), ['6add6624c71ba', '6add6624c71bb'])
  t.strictSame(rowsWithToken(rows, '6add6624c71bb').map((row) => row.record.line), [20])
  t.strictSame(rowsWithToken(rows, '6add6624c71ba').map((row) => row.record.line), [21])
  t.strictSame(rowsWithToken(rows, '6add6624c71bc'), [])
})

t.test('listedRows: the rows newest first with their page tokens; with a token only its row, within the limit', async (t) => {
  const time = Date.UTC(2026, 9, 25, 2, 15)
  const records = [makeRecord({ time, raw: 'b', line: 2 }), makeRecord({ time, raw: 'a', line: 1 })]
  const all = listedRows(records, null, null, 10)
  t.strictSame(all.map((row) => row.record.raw), ['b', 'a'])
  t.strictSame(listedRows(records, null, all[1]?.token ?? '', 10).map((row) => row.record.raw), ['a'])
  t.strictSame(listedRows(records, null, '0000000000000', 10), [])
})
