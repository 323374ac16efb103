import t from 'tap'
import { NewestN } from '../../../src/select/newest.js'

const byTime = (item: { time: number }): number => item.time

interface Item {
  time: number
  id: string
}

const ids = (items: Item[]): string[] => items.map((i) => i.id)

const fill = (limit: number, items: [number, string][]): NewestN<Item> => {
  const top = new NewestN<Item>(limit, byTime)
  for (const [time, id] of items) top.push({ time, id })
  return top
}

t.test('keeps the newest N, newest first', async (t) => {
  const top = fill(3, [[50, 'a'], [10, 'b'], [90, 'c'], [30, 'd'], [70, 'e'], [20, 'f']])
  t.strictSame(ids(top.newestFirst()), ['c', 'e', 'a'])
  t.equal(top.size, 3)
  t.equal(top.limit, 3)
})

t.test('input already sorted either way', async (t) => {
  t.strictSame(ids(fill(2, [[1, 'a'], [2, 'b'], [3, 'c'], [4, 'd']]).newestFirst()), ['d', 'c'])
  t.strictSame(ids(fill(2, [[4, 'a'], [3, 'b'], [2, 'c'], [1, 'd']]).newestFirst()), ['a', 'b'])
})

t.test('ties in time: the item pushed later is newer', async (t) => {
  t.strictSame(ids(fill(5, [[5, 'a'], [5, 'b'], [5, 'c']]).newestFirst()), ['c', 'b', 'a'])
  t.strictSame(ids(fill(2, [[5, 'a'], [5, 'b'], [5, 'c']]).newestFirst()), ['c', 'b'])
  t.strictSame(ids(fill(1, [[5, 'a'], [5, 'b']]).newestFirst()), ['b'])
  t.strictSame(ids(fill(3, [[7, 'x'], [5, 'a'], [9, 'y'], [5, 'b'], [5, 'c']]).newestFirst()), ['y', 'x', 'c'])
  t.strictSame(ids(fill(4, [[5, 'a'], [6, 'z'], [5, 'b'], [4, 'q'], [5, 'c']]).newestFirst()), ['z', 'c', 'b', 'a'])
})

t.test('limit larger than the input', async (t) => {
  const top = fill(10, [[2, 'a'], [3, 'b'], [1, 'c']])
  t.strictSame(ids(top.newestFirst()), ['b', 'a', 'c'])
  t.equal(top.size, 3)
  t.strictSame(new NewestN<Item>(4, byTime).newestFirst(), [])
  t.equal(new NewestN<Item>(4, byTime).size, 0)
})

t.test('limit 1', async (t) => {
  t.strictSame(ids(fill(1, [[2, 'a'], [9, 'b'], [3, 'c'], [9, 'd'], [1, 'e']]).newestFirst()), ['d'])
  t.equal(fill(1, [[2, 'a'], [9, 'b']]).size, 1)
})

t.test('newestFirst does not consume the items', async (t) => {
  const top = fill(2, [[1, 'a'], [2, 'b']])
  t.strictSame(ids(top.newestFirst()), ['b', 'a'])
  top.push({ time: 3, id: 'c' })
  t.strictSame(ids(top.newestFirst()), ['c', 'b'])
})

t.test('invalid limits throw', async (t) => {
  for (const limit of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
    t.throws(() => new NewestN<Item>(limit, byTime), RangeError, String(limit))
  }
})

t.test('wouldKeep', async (t) => {
  const top = new NewestN<Item>(2, byTime)
  t.equal(top.wouldKeep(-1000), true, 'empty keeps anything')
  top.push({ time: 10, id: 'a' })
  t.equal(top.wouldKeep(1), true, 'not full keeps anything')
  top.push({ time: 20, id: 'b' })
  t.equal(top.wouldKeep(9), false, 'older than all kept')
  t.equal(top.wouldKeep(10), true, 'tie with the oldest kept: a later push wins')
  t.equal(top.wouldKeep(15), true)
  t.equal(top.wouldKeep(25), true)
  top.push({ time: 10, id: 'c' })
  t.strictSame(ids(top.newestFirst()), ['b', 'c'], 'the tie was kept, as promised')
  top.push({ time: 9, id: 'd' })
  t.strictSame(ids(top.newestFirst()), ['b', 'c'], 'the older item was not kept')
})

// mulberry32
const prng = (seed: number): (() => number) => {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let x = a
    x = Math.imul(x ^ (x >>> 15), x | 1)
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61)
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296
  }
}

t.test('randomized against sorting everything', async (t) => {
  const random = prng(20261122)
  const int = (n: number): number => Math.floor(random() * n)
  let wouldKeepMismatches = 0
  for (let trial = 0; trial < 200; trial++) {
    const limit = 1 + int(12)
    const count = int(60)
    const span = 1 + int(trial % 2 ? 8 : 1000)
    const top = new NewestN<{ time: number; seq: number }>(limit, byTime)
    const all: { time: number; seq: number }[] = []
    for (let seq = 0; seq < count; seq++) {
      const item = { time: int(span), seq }
      // Reference for wouldKeep: kept now = newest `limit` of all so far.
      const kept = [...all].sort((a, b) => b.time - a.time || b.seq - a.seq).slice(0, limit)
      const oldest = kept[kept.length - 1]
      const expectKeep = kept.length < limit || oldest === undefined || item.time >= oldest.time
      if (top.wouldKeep(item.time) !== expectKeep) wouldKeepMismatches++
      top.push(item)
      all.push(item)
    }
    const expected = all.sort((a, b) => b.time - a.time || b.seq - a.seq).slice(0, limit).map((i) => i.seq)
    t.strictSame(top.newestFirst().map((i) => i.seq), expected, `trial ${trial}: limit ${limit}, ${count} items`)
  }
  t.equal(wouldKeepMismatches, 0, 'wouldKeep agrees with the reference')
})

interface Row {
  name: string
  key: number
}

const collect = (limit: number, items: Row[]): string[] => {
  // as merge uses it: equal instants go to the row read first (a stable merge)
  const newest = new NewestN<Row>(limit, (item) => item.key)
  items.forEach((item, seq) => newest.push(item, -seq))
  return newest.newestFirst().map((item) => item.name)
}

const items = (spec: string): Row[] => spec.split(' ').map((pair) => {
  const [name, key] = pair.split(':') as [string, string]
  return { name, key: Number(key) }
})

t.test('merge rows: newest first, capped at the limit', async (t) => {
  t.strictSame(collect(3, items('a:1 b:5 c:3 d:4 e:2')), ['b', 'd', 'c'])
  t.strictSame(collect(10, items('a:1 b:5 c:3')), ['b', 'c', 'a'])
  t.strictSame(collect(1, items('a:1 b:5 c:3')), ['b'])
  t.strictSame(collect(2, []), [])
})

t.test('merge rows: equal instants keep reading order, a stable merge', async (t) => {
  t.strictSame(collect(5, items('a:2 b:2 c:3 d:2 e:1')), ['c', 'a', 'b', 'd', 'e'])
  t.strictSame(collect(2, items('a:2 b:2 c:2')), ['a', 'b'], 'the rows read first win the last places')
})

t.test('merge rows: the kept rows are those of a full stable sort', async (t) => {
  // 1000 items with many equal keys, kept 7 at a time: the same as a full stable sort.
  const many = Array.from({ length: 1000 }, (_, i) => ({ name: `n${i}`, key: (i * 7919) % 37 }))
  const expected = [...many].sort((a, b) => b.key - a.key).slice(0, 7).map((item) => item.name)
  t.strictSame(collect(7, many), expected)
})

t.test('merge rows: a bad limit is a bug', async (t) => {
  t.throws(() => new NewestN<Row>(0, (item) => item.key), RangeError)
})

t.test('push says whether the item is kept', async (t) => {
  const top = new NewestN<Item>(2, byTime)
  t.strictSame([10, 20, 5, 30, 20, 21].map((time) => top.push({ time, id: String(time) })), [true, true, false, true, true, true],
    'kept while there is room; then only what is newer than the oldest kept (a later equal time is newer)')
  t.strictSame(ids(top.newestFirst()), ['30', '21'])
})

t.test('placed: the kept items with their places, to be pushed into another', async (t) => {
  const heap = new NewestN<number>(2, (n) => n)
  heap.push(1, 10)
  heap.push(3, 30)
  heap.push(2, 20)
  const other = new NewestN<number>(2, (n) => n)
  for (const [item, place] of heap.placed()) other.push(item, place)
  other.push(3, 5)
  t.strictSame(heap.placed().sort(), [[2, 20], [3, 30]])
  t.strictSame(other.newestFirst(), [3, 3], 'an equal time placed earlier is older')
  t.strictSame(other.placed().map(([, place]) => place).sort((a, b) => a - b), [5, 30])
})
