import t from 'tap'
import { isDigit, isDigits } from '../../../src/text/chars.js'

t.test('isDigit: the ASCII digits only', async (t) => {
  const all = Array.from({ length: 128 }, (_, code) => code).filter(isDigit)
  t.strictSame(String.fromCharCode(...all), '0123456789')
  t.equal(isDigit('\u0663'.charCodeAt(0)), false, 'an Arabic-Indic digit')
  t.equal(isDigit('\uff10'.charCodeAt(0)), false, 'a fullwidth digit')
  t.equal(isDigit(''.charCodeAt(0)), false, 'past the end of the text (NaN)')
})

t.test('isDigits: one ASCII digit or more, and nothing else, as /^\\d+$/ says', async (t) => {
  t.strictSame(['0', '12', '007', '', '1a', '-1', ' 1', '1.5', '\u0663'].map(isDigits), [true, true, true, false, false, false, false, false, false])
  // the codes next to the digits' range, a letter, a control character and one beyond ASCII
  const alphabet = ['0', '5', '9', '/', ':', 'a', '\u0010', '\u0130']
  for (const a of ['', ...alphabet]) {
    for (const b of alphabet) t.equal(isDigits(a + b), /^\d+$/.test(a + b), JSON.stringify(a + b))
  }
})
