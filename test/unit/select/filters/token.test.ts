import { readFileSync } from 'node:fs'
import t from 'tap'
import { toProfileRows } from '../../../../src/profile/rows.js'
import { InvalidCriterion } from '../../../../src/select/filters/invalid-criterion.js'
import { parseToken, rowsWithToken, tokenSecond } from '../../../../src/select/filters/token.js'
import { makeRecord } from '../../../helpers/record.js'
import { fixture } from '../../../helpers/run-cli.js'

const HINT = 'give a token as the page shows it: 13 hex digits such as 6b02dee3758df'

t.test('parseToken', async (t) => {
  t.equal(parseToken('6add69a80fdd7'), '6add69a80fdd7')
  t.equal(parseToken('6ADD69A80FDD7'), '6add69a80fdd7', 'lower-cased, as the page shows it')
  t.equal(parseToken('00000000f423f'), '00000000f423f', 'the largest microseconds')
  for (const bad of ['', '6add69a80fdd', '6add69a80fdd70', '6add69a80fddg', ' 6add69a80fdd7', '0x6add69a80fd']) {
    t.throws(() => parseToken(bad), new InvalidCriterion(HINT), JSON.stringify(bad))
  }
  t.throws(() => parseToken('6add69a8f4240'), new InvalidCriterion('the last 5 digits of a token are microseconds, at most f423f'))
})

t.test('tokenSecond: the first 8 digits', async (t) => {
  t.equal(tokenSecond('6add69a80fdd7'), 0x6add69a8)
  t.equal(tokenSecond('6add69a80fdd7'), Date.UTC(2026, 9, 25, 2, 30) / 1000)
})

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
