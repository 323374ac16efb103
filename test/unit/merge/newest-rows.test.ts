import t from 'tap'
import { NewestRows } from '../../../src/merge/newest-rows.js'

interface Item {
  name: string
  key: number
}

const collect = (limit: number, items: Item[]): string[] => {
  const newest = new NewestRows<Item>(limit, (item) => item.key)
  for (const item of items) newest.push(item)
  return newest.newestFirst().map((item) => item.name)
}

const items = (spec: string): Item[] => spec.split(' ').map((pair) => {
  const [name, key] = pair.split(':') as [string, string]
  return { name, key: Number(key) }
})

t.test('newest first, capped at the limit', async (t) => {
  t.strictSame(collect(3, items('a:1 b:5 c:3 d:4 e:2')), ['b', 'd', 'c'])
  t.strictSame(collect(10, items('a:1 b:5 c:3')), ['b', 'c', 'a'])
  t.strictSame(collect(1, items('a:1 b:5 c:3')), ['b'])
  t.strictSame(collect(2, []), [])
})

t.test('equal instants keep reading order: a stable merge', async (t) => {
  t.strictSame(collect(5, items('a:2 b:2 c:3 d:2 e:1')), ['c', 'a', 'b', 'd', 'e'])
  t.strictSame(collect(2, items('a:2 b:2 c:2')), ['a', 'b'], 'the rows read first win the last places')
})

t.test('the kept rows do not depend on how often they are cut back', async (t) => {
  // 1000 items with many equal keys, kept 7 at a time: the same as a full stable sort.
  const many = Array.from({ length: 1000 }, (_, i) => ({ name: `n${i}`, key: (i * 7919) % 37 }))
  const expected = [...many].sort((a, b) => b.key - a.key).slice(0, 7).map((item) => item.name)
  t.strictSame(collect(7, many), expected)
})

t.test('a bad limit is a bug', async (t) => {
  t.throws(() => new NewestRows<Item>(0, (item) => item.key), RangeError)
})
