/** Each item made into another only when it is reached (src/render/lazy-map.ts). */

import t from 'tap'
import { lazyMap } from '../../../src/render/lazy-map.js'

t.test('the items mapped in order, each only when it is asked for', async (t) => {
  const made: number[] = []
  const mapped = lazyMap([1, 2, 3], (n) => {
    made.push(n)
    return `row ${n}`
  })
  t.strictSame(made, [], 'nothing before the first is asked for')
  t.strictSame(mapped.next(), { value: 'row 1', done: false })
  t.strictSame(made, [1])
  t.strictSame([...mapped], ['row 2', 'row 3'])
  t.strictSame(made, [1, 2, 3])
  t.strictSame([...lazyMap([], (n: number) => n)], [])
})
