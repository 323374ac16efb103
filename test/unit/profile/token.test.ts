import t from 'tap'
import { assignTokens, fnv1a, uniqid, type TokenSource } from '../../../src/profile/token.js'

// 0x6380c8e3 = 1669384419 seconds
const SEC = 0x6380c8e3
const row = (time: number, micros: number | null, raw = 'line'): TokenSource => ({ time, micros, raw })

t.test('uniqid layout', async (t) => {
  t.equal(uniqid(0x6380c8e3, 342599), '6380c8e353a47')
  t.equal(uniqid(0, 0), '0000000000000')
  t.equal(uniqid(1, 999999), '00000001f423f')
  t.equal(uniqid(0x10, 0x10), '0000001000010')
  t.equal(uniqid(0xffffffff, 15), 'ffffffff0000f')
})

t.test('fnv1a known vectors', async (t) => {
  t.equal(fnv1a(''), 0x811c9dc5)
  t.equal(fnv1a('a'), 0xe40c292c)
  t.equal(fnv1a('b'), 0xe70c2de5)
  t.equal(fnv1a('foobar'), 0xbf9cf968)
})

t.test('assignTokens: layout, seconds and micros', async (t) => {
  const tokens = assignTokens([
    row(SEC * 1000 + 999, 342599),
    row(SEC * 1000, null, 'a'), // 0xe40c292c % 1e6 = 2220 = 0x8ac
    row(SEC * 1000 + 500, null, 'foobar'), // 0xbf9cf968 % 1e6 = 735720 = 0xb39e8
    row(999, null, ''), // 0x811c9dc5 % 1e6 = 136261 = 0x21445
    row((SEC + 1) * 1000, 0),
  ])
  t.strictSame(tokens, ['6380c8e353a47', '6380c8e3008ac', '6380c8e3b39e8', '0000000021445', '6380c8e400000'])
  for (const token of tokens) t.match(token, /^[0-9a-f]{13}$/)
})

t.test('assignTokens is deterministic and per row', async (t) => {
  const rows = [row(SEC * 1000, null, 'GET /a'), row(SEC * 1000, null, 'GET /b'), row(SEC * 1000 + 7, 12, 'x')]
  const first = assignTokens(rows)
  t.strictSame(assignTokens(rows), first)
  t.strictSame(assignTokens(rows.map((r) => ({ ...r }))), first)
  t.equal(assignTokens([rows[1] as TokenSource])[0], first[1], 'same token without the rows before it')
  t.equal(new Set(first).size, 3)
  t.strictSame(assignTokens([]), [])
})

t.test('collisions are bumped by one microsecond', async (t) => {
  t.strictSame(assignTokens([row(SEC * 1000, 5), row(SEC * 1000 + 1, 5), row(SEC * 1000 + 2, 5)]), [
    '6380c8e300005',
    '6380c8e300006',
    '6380c8e300007',
  ])
  t.strictSame(assignTokens([row(SEC * 1000, 6), row(SEC * 1000, 5), row(SEC * 1000, 5)]), [
    '6380c8e300006',
    '6380c8e300005',
    '6380c8e300007',
  ], 'skips a token already taken')
  t.strictSame(assignTokens([row(SEC * 1000, 2220), row(SEC * 1000, null, 'a')]), ['6380c8e3008ac', '6380c8e3008ad'],
    'given and derived micros collide too')
  t.strictSame(assignTokens([row(SEC * 1000, 5), row((SEC + 1) * 1000, 5)]), ['6380c8e300005', '6380c8e400005'],
    'same micros in other seconds do not collide')
})

t.test('a bump wraps 999999 to 0 within the same second', async (t) => {
  t.strictSame(assignTokens([row(SEC * 1000, 999999), row(SEC * 1000, 999999), row(SEC * 1000, 999999)]), [
    '6380c8e3f423f',
    '6380c8e300000',
    '6380c8e300001',
  ])
  t.strictSame(assignTokens([row(SEC * 1000, 0), row(SEC * 1000, 999999), row(SEC * 1000, 999999)]), [
    '6380c8e300000',
    '6380c8e3f423f',
    '6380c8e300001',
  ])
})
