/**
 * A config's segment types written as regular expressions (src/select/regex-types.ts):
 * the whole segment must match, in linear time (RE2); a pattern that cannot
 * be one is refused with the rule it breaks; several run together as a set.
 */

import t from 'tap'
import { compileRegexType, MAX_REGEX_SIZE, regexSegmentTest, regexSet, SegmentPatternError } from '../../../src/select/regex-types.js'

/** What compiling gives: its size, or the rule and message it is refused with. */
const compiled = (source: string): string => {
  try {
    return `size ${compileRegexType(source).size}`
  } catch (e) {
    if (e instanceof SegmentPatternError) return `${e.rule}: ${e.message}`
    throw e
  }
}

t.test('the whole segment must match', async (t) => {
  const sku = regexSegmentTest('SW[0-9]+')
  t.strictSame(['SW1', 'SW10002', 'xSW1', 'SW1x', 'SW', ''].map(sku), [true, true, false, false, false, false])
  const either = compileRegexType('a|b').test
  t.strictSame(['a', 'b', 'ab', 'ba'].map(either), [true, true, false, false], 'an alternative cannot escape the anchors')
})

t.test('the size in RE2 instructions, against the cap', async (t) => {
  t.equal(MAX_REGEX_SIZE, 100)
  t.equal(compiled('SW[0-9]+'), 'size 6')
  t.equal(compiled('[0-9a-f]{32}'), 'size 34')
})

t.test('not a JavaScript regular expression by itself: refused as one', async (t) => {
  t.equal(compiled('('), 'regular expression: unterminated group')
  t.equal(compiled('a)|(b'), 'regular expression: unmatched \')\'', 'a ) cannot close a group around it')
  t.equal(compiled('[z-a]'), 'regular expression: range out of order in character class')
  t.equal(compiled('x**'), 'regular expression: nothing to repeat')
})

t.test('what RE2 cannot run in linear time: refused by name', async (t) => {
  t.equal(compiled('(a)\\1'), 'linear time: backreferences such as \\1 are not supported')
  t.equal(compiled('(?<n>a)\\k<n>'), 'linear time: backreferences such as \\k are not supported')
  t.equal(compiled('a(?=b)'), 'linear time: lookahead such as (?= is not supported')
  t.equal(compiled('a(?!b)'), 'linear time: lookahead such as (?! is not supported')
  t.equal(compiled('(?<=a)b'), 'linear time: lookbehind such as (?<= is not supported')
  t.equal(compiled('(?<!a)b'), 'linear time: lookbehind such as (?<! is not supported')
  t.equal(compiled('a{1001}'), 'linear time: invalid repeat count {1001}')
  const e = new SegmentPatternError('linear time', 'why')
  t.equal(e.name, 'SegmentPatternError')
  t.ok(e instanceof Error)
})

t.test('a set: the indices of the expressions that match the whole value, in the order given', async (t) => {
  const set = regexSet(['SW[0-9]+', '[0-9]+', '[0-9]{2}', '[a-z]+'])
  t.equal(set.size, 4)
  t.strictSame(set.matching('SW10'), [0])
  t.strictSame(set.matching('12'), [1, 2])
  t.strictSame(set.matching('123'), [1])
  t.strictSame(set.matching('abc'), [3])
  t.strictSame(set.matching('x1'), [])
  t.strictSame(set.matching(''), [])
  t.strictSame(regexSet([]).size, 0)
})
