import t from 'tap'
import { isDigit } from '../../../src/text/chars.js'

t.test('isDigit: the ASCII digits only', async (t) => {
  const all = Array.from({ length: 128 }, (_, code) => code).filter(isDigit)
  t.strictSame(String.fromCharCode(...all), '0123456789')
  t.equal(isDigit('\u0663'.charCodeAt(0)), false, 'an Arabic-Indic digit')
  t.equal(isDigit('\uff10'.charCodeAt(0)), false, 'a fullwidth digit')
  t.equal(isDigit(''.charCodeAt(0)), false, 'past the end of the text (NaN)')
})
