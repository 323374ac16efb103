import t from 'tap'
import { regexSegmentTest, SegmentPatternError } from '../../../src/select/regex-types.js'
import {
  categoryTest, defaultSegmentTypes, isOrderNumber, isPositiveInt, isWords, segmentTypesWith,
} from '../../../src/select/segment-types.js'
import { seeded } from '../../helpers/seeded.js'

// The documented rules, as regular expressions: the char-code tests must say the same.
const RULES: [string, (value: string) => boolean, RegExp][] = [
  ['isWords', isWords, /^[a-z0-9]+(?:-[a-z0-9]+)*$/],
  ['isPositiveInt', isPositiveInt, /^[1-9]\d*$/],
  ['isOrderNumber', isOrderNumber, /^[A-Za-z0-9]+(?:\.\d+)?$/],
]

t.test('examples', async (t) => {
  t.strictSame(['sofa-bergen-3', 'a', '4k', '12'].map(isWords), [true, true, true, true])
  t.strictSame(['', '-a', 'a-', 'a--b', 'Sofa', 'sofa_x', 'äpfel', 'a b'].map(isWords), [false, false, false, false, false, false, false, false])
  t.strictSame(['1', '120', '0', '012', '', '1a', '-1'].map(isPositiveInt), [true, true, false, false, false, false, false])
  t.strictSame(['SW10001', 'sw1', 'SW10001.2', 'SW1.', '.2', 'SW1.2.3', 'SW-1', ''].map(isOrderNumber),
    [true, true, true, false, false, false, false, false])
})

t.test('characters next to the allowed ranges are not allowed', async (t) => {
  // `|0x20` folding must not let control characters pass for digits or letters
  for (const code of [0x10, 0x19, 0x2f, 0x3a, 0x40, 0x5b, 0x60, 0x7b, 0x130, 0x212a]) {
    const c = String.fromCharCode(code)
    t.equal(isWords(`a${c}b`), false, `U+${code.toString(16)} in a word`)
    t.equal(isOrderNumber(`SW${c}1`), false, `U+${code.toString(16)} in an order number`)
  }
})

t.test('agree with the regular expressions on random text', async (t) => {
  const random = seeded(7)
  const alphabet = ['a', 'z', 'A', 'Z', '0', '1', '9', '-', '.', '_', ' ', '/', '@', '[', '`', '{', '\u0010', '\u0019', 'é', 'K']
  let disagreements = 0
  for (let i = 0; i < 50_000; i++) {
    let value = ''
    const length = Math.floor(random() * 7)
    for (let j = 0; j < length; j++) value += alphabet[Math.floor(random() * alphabet.length)]
    for (const [name, test, rule] of RULES) {
      if (test(value) !== rule.test(value)) {
        disagreements++
        t.fail(`${name}(${JSON.stringify(value)})`)
      }
    }
  }
  t.equal(disagreements, 0)
})

t.test('category: words, not digits only, not reserved', async (t) => {
  const category = categoryTest(['api', 'media'])
  t.strictSame(['moebel', '2-moebel', '12', 'api', 'media', 'api-docs', 'Moebel'].map(category),
    [true, true, false, false, false, true, false])
  const types = defaultSegmentTypes()
  t.equal(types.category?.('checkout'), false)
  t.equal(types.int?.('7'), true)
})

t.test('a regular expression type: the whole segment, in linear time, refused with the rule it breaks', async (t) => {
  const sku = regexSegmentTest('SW[0-9]+(?:\\.[0-9]+)?')
  t.strictSame(['SW10001', 'SW10001.2', 'SW10001x', 'xSW1', 'SW', ''].map(sku), [true, true, false, false, false, false])
  // 64 KiB segments, the longest a line can hold: a backtracking engine would not finish these (nor the suite before its timeout)
  const evil = regexSegmentTest('(a+)+$')
  const worse = regexSegmentTest('(x+x+)+y')
  t.equal(evil(`${'a'.repeat(65_536)}b`), false)
  t.equal(evil('a'.repeat(65_536)), true)
  t.equal(worse('x'.repeat(65_536)), false)
  t.equal(worse(`${'x'.repeat(65_535)}y`), true)
  t.throws(() => regexSegmentTest('SW[0-9]+)|(.*'), new SegmentPatternError('regular expression', "unmatched ')'"))
  t.throws(() => regexSegmentTest('(a)\\1'), new SegmentPatternError('linear time', 'backreferences such as \\1 are not supported'))
  const types = segmentTypesWith(['api'], { category: '[a-z]+', evil: '(a+)+$' }).byName
  t.strictSame([types.category?.test('api'), types.category?.test('moebel'), types.evil?.test(`${'a'.repeat(100)}b`)], [false, true, false])
})
