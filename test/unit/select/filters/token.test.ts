import t from 'tap'
import { InvalidCriterion } from '../../../../src/select/filters/invalid-criterion.js'
import { parseToken, tokenSecond } from '../../../../src/select/filters/token.js'

const HINT = 'give a token as the page shows it: 13 hex digits such as 6b02dee3758df'

t.test('parseToken', async (t) => {
  t.equal(parseToken('6add69a80fdd7'), '6add69a80fdd7')
  t.equal(parseToken('6ADD69A80FDD7'), '6add69a80fdd7', 'lower-cased, as the page shows it')
  t.equal(parseToken('00000000f423f'), '00000000f423f', 'the largest microseconds')
  for (const bad of ['', '6add69a80fdd', '6add69a80fdd70', '6add69a80fddg', ' 6add69a80fdd7', '0x6add69a80fd']) {
    t.throws(() => parseToken(bad), new InvalidCriterion(HINT), JSON.stringify(bad))
  }
  // Past the millionth row of one second a page gives the values above the microseconds (src/profile/token.ts).
  t.equal(parseToken('6add69a8f4240'), '6add69a8f4240', 'the first token past the microseconds')
  t.equal(parseToken('6ADD69A8FFFFF'), '6add69a8fffff', 'the last token of a second')
})

t.test('tokenSecond: the first 8 digits', async (t) => {
  t.equal(tokenSecond('6add69a80fdd7'), 0x6add69a8)
  t.equal(tokenSecond('6add69a80fdd7'), Date.UTC(2026, 9, 25, 2, 30) / 1000)
})
