import t from 'tap'
import { assignTokens, uniqid } from '../../../src/profile/token.js'
import { fnv1a, type TokenSource } from '../../../src/select/token-slots.js'
import { seeded } from '../../helpers/seeded.js'

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

/** The rule as it was first written (bump by one until free), for inputs where it ends: the new one must agree. */
const bumpUntilFree = (rows: readonly TokenSource[]): string[] => {
  const used = new Set<string>()
  return rows.map((r) => {
    const seconds = Math.floor(r.time / 1000)
    let micros = r.micros ?? fnv1a(r.raw) % 1_000_000
    while (used.has(uniqid(seconds, micros))) micros = (micros + 1) % 1_000_000
    used.add(uniqid(seconds, micros))
    return uniqid(seconds, micros)
  })
}

t.test('the same tokens as bumping one by one, on crowded pages of a few seconds', async (t) => {
  const random = seeded(15)
  let disagreements = 0
  for (let n = 0; n < 2000; n++) {
    const rows: TokenSource[] = []
    for (let k = Math.floor(random() * 60); k > 0; k--) {
      const second = SEC + Math.floor(random() * 3)
      // microseconds around the wrap and a few derived ones, so runs of bumps meet and wrap
      const micros = random() < 0.2 ? null : (999_995 + Math.floor(random() * 12)) % 1_000_000
      rows.push(row(second * 1000 + Math.floor(random() * 1000), micros, `line ${Math.floor(random() * 4)}`))
    }
    if (JSON.stringify(assignTokens(rows)) !== JSON.stringify(bumpUntilFree(rows))) {
      disagreements++
      t.fail(JSON.stringify(rows))
    }
  }
  t.equal(disagreements, 0)
})

t.test('the same tokens as bumping one by one when a second holds thousands of rows (kept in an array then)', async (t) => {
  const random = seeded(16)
  // 6,000 rows (past the 4,096 kept in a Map) on 8,000 microseconds around the wrap: runs of bumps meet and wrap
  const rows = Array.from({ length: 6_000 }, () => row(SEC * 1000, (996_000 + Math.floor(random() * 8_000)) % 1_000_000))
  const tokens = assignTokens(rows)
  t.strictSame(tokens, bumpUntilFree(rows))
  t.ok(tokens.some((token) => token.endsWith('00000')) && tokens.some((token) => token.endsWith('f423f')), 'runs wrap')
})

t.test('1,000,001 rows in one second: all tokens differ, in time linear in the rows; the row past the millionth gets f4240', async (t) => {
  const rows: TokenSource[] = Array.from({ length: 1_000_001 }, () => row(SEC * 1000, 5))
  // bumping each row past the tokens taken one by one: half a million million steps, hours (past the suite's timeout)
  const tokens = assignTokens(rows)
  t.equal(new Set(tokens).size, 1_000_001, 'no two rows share a token')
  t.strictSame([tokens[0], tokens[1], tokens[999_994], tokens[999_995], tokens[999_999], tokens[1_000_000]], [
    '6380c8e300005', '6380c8e300006', '6380c8e3f423f', '6380c8e300000', '6380c8e300004', '6380c8e3f4240',
  ], 'bumped up to f423f, wrapped to 00000 up to 00004, then the first value above the microseconds')
  for (const token of tokens) if (!/^6380c8e3[0-9a-f]{5}$/.test(token)) t.fail(token)
})

t.test('a full second of identical lines (derived microseconds), and a row of the next second after it', async (t) => {
  const start = fnv1a('GET /moebel/') % 1_000_000 // 0x17c1bfb1 % 1e6
  t.equal(start, 573_489)
  const rows = Array.from({ length: 1_000_002 }, () => row(SEC * 1000 + 999, null, 'GET /moebel/'))
  rows.push(row((SEC + 1) * 1000, null, 'GET /moebel/'))
  const tokens = assignTokens(rows)
  t.strictSame([tokens[0], tokens[426_510], tokens[426_511], tokens[999_999], tokens[1_000_000], tokens[1_000_001], tokens[1_000_002]], [
    '6380c8e38c031', '6380c8e3f423f', '6380c8e300000', '6380c8e38c030', '6380c8e3f4240', '6380c8e3f4241', '6380c8e48c031',
  ], 'the next second starts afresh at its own derived microseconds')
})

t.test('past 1,048,576 rows in one second no token is left: an error, not a loop', async (t) => {
  const rows = Array.from({ length: 1_048_576 }, () => row(SEC * 1000, 0))
  const tokens = assignTokens(rows)
  t.equal(tokens.at(-1), '6380c8e3fffff', 'the last 13-digit token of the second')
  rows.push(row(SEC * 1000 + 1, 0))
  t.throws(() => assignTokens(rows), {
    message: 'cannot give each row a token of its own: more than 1,048,576 rows fall in the second 2022-11-25T13:53:39Z (tokens 6380c8e3…), and 5 hex digits hold no more',
    hint: 'give a smaller --limit, or narrow the search with --from, --until or --url',
    exitCode: 1,
  })
})
