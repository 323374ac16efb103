import t from 'tap'
import { toProfileRows } from '../../../src/profile/rows.js'
import { rowsWithToken } from '../../../src/profile/listed-rows.js'
import { TokenSearch } from '../../../src/select/token-search.js'
import type { AccessRecord } from '../../../src/record.js'
import { seeded } from '../../helpers/seeded.js'
import { makeRecord } from '../../helpers/record.js'

/** What --token finds with the search: the second's kept records, given page tokens, then picked. */
const searched = (records: Iterable<[AccessRecord, number]>, token: string): { found: AccessRecord[]; kept: number } => {
  const search = new TokenSearch(token)
  for (const [record, order] of records) search.push(record, order)
  const kept = search.newestFirst()
  return { found: rowsWithToken(toProfileRows(kept, null), token).map((row) => row.record), kept: kept.length }
}

t.test('TokenSearch finds what the page of all lines shows, whatever order the lines come in', async (t) => {
  const random = seeded(10)
  const SECOND = 0x6add69a8
  let disagreements = 0
  for (let n = 0; n < 300; n++) {
    // lines of one second (and a few of the next), crowded on a few microseconds and lines so tokens are bumped
    const records = Array.from({ length: 1 + Math.floor(random() * 40) }, (_, i) => makeRecord({
      time: (SECOND + (random() < 0.1 ? 1 : 0)) * 1000 + Math.floor(random() * 3),
      micros: random() < 0.5 ? null : 999_998 + Math.floor(random() * 4),
      raw: `line ${Math.floor(random() * 3)}`,
      line: i + 1,
    }))
    const page = toProfileRows([...records].sort((a, b) => b.time - a.time || (b.line as number) - (a.line as number)), null)
    const arrival = [...records].sort(() => random() - 0.5).map((record): [AccessRecord, number] => [record, record.line as number])
    for (const row of page) {
      const { found } = searched(arrival, row.token)
      if (found.length !== 1 || found[0] !== row.record) {
        disagreements++
        t.fail(`${row.token} in ${JSON.stringify(records.map((r) => [r.time, r.micros, r.raw]))}`)
      }
    }
    if (searched(arrival, '6add69a8fffff').found.length !== 0) t.fail('a token no row has')
  }
  t.equal(disagreements, 0)
})

/** 1,000,001 copies of one line in one second, as a log would hand them over (line numbers in order). */
function* floodOfOneSecond(): Generator<[AccessRecord, number]> {
  const raw = '203.0.113.9 - - [25/Oct/2026:03:30:00 +0100] "GET /moebel/ HTTP/1.1" 200 5120 "-" "-"'
  const time = 0x6add69a8 * 1000
  for (let line = 1; line <= 1_000_001; line++) yield [makeRecord({ time, raw, line }), line]
}

t.test('--token in a second of 1,000,001 identical lines: found in bounded time, records kept bounded by the token', async (t) => {
  // fnv1a of the line % 1e6 = 0x018f8 (6392): the newest line starts there, each older one is bumped by one more
  const newest = searched(floodOfOneSecond(), '6add69a8018f8')
  t.strictSame(newest.found.map((r) => r.line), [1_000_001], 'the newest line keeps the plain token')
  t.ok(newest.kept <= 4096, `kept ${newest.kept} of the records, not a million`)
  const third = searched(floodOfOneSecond(), '6add69a8018fa')
  t.strictSame(third.found.map((r) => r.line), [999_999])
  t.ok(third.kept <= 4096, `kept ${third.kept}`)
  // a search that bumped each older line past every token taken so far would not end before the suite's timeout
  const oldest = searched(floodOfOneSecond(), '6add69a8f4240')
  t.strictSame(oldest.found.map((r) => r.line), [1], 'the line past the millionth: the first value above the microseconds')
  t.equal(oldest.kept, 1_000_001, 'at worst the whole second, as many as its tokens')
})

t.test('a search per part (a worker\'s), handed on with the places: what one search of all the records finds', async (t) => {
  const random = seeded(99)
  const second = 0x6add69a8 * 1000
  const records: [AccessRecord, number][] = Array.from({ length: 3000 }, (_, i) => [makeRecord({ time: second + Math.floor(random() * 1000), raw: `line ${i % 50}`, target: '/x' }), i])
  const whole = searched(records, '6add69a80fdd7')
  for (const token of ['6add69a80fdd7', '6add69a800000', '6add69a8f4240']) {
    const parts = [new TokenSearch(token), new TokenSearch(token), new TokenSearch(token)]
    records.forEach(([record, order], i) => parts[i % 3]?.push(record, order))
    const joined = searched(parts.flatMap((part) => part.placed()), token)
    t.strictSame(joined.found, searched(records, token).found, token)
  }
  t.ok(whole.kept > 0)
})
