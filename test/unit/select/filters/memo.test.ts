/** A pure test's answers remembered for the values seen most recently (src/select/filters/memo.ts), in bounded memory. */

import t from 'tap'
import { memoized } from '../../../../src/select/filters/memo.js'

/** A test that counts its calls, true for values that start with `a`. */
const counted = () => {
  const calls: string[] = []
  const test = (value: string): boolean => {
    calls.push(value)
    return value.startsWith('a')
  }
  return { test, calls }
}

t.test('each value is tested once; later the answer is remembered, true or false', async (t) => {
  const { test, calls } = counted()
  const memo = memoized(test)
  t.strictSame(['a1', 'b1', 'a1', 'b1', 'a1', 'c'].map(memo), [true, false, true, false, true, false])
  t.strictSame(calls, ['a1', 'b1', 'c'])
})

t.test('the memory is bounded: a full table is emptied, and values are tested again', async (t) => {
  const { test, calls } = counted()
  const memo = memoized(test, 2)
  memo('a1')
  memo('a2')
  t.strictSame(calls, ['a1', 'a2'])
  memo('a3')
  t.strictSame(calls, ['a1', 'a2', 'a3'], 'the third value empties the table, then is remembered')
  memo('a3')
  memo('a1')
  t.strictSame(calls, ['a1', 'a2', 'a3', 'a1'], 'a1 was forgotten, a3 not')
})
