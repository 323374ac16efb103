import t from 'tap'
import type { AccessRecord } from '../../../src/record.js'
import { ArrivalPlaces, InputPlaces } from '../../../src/source/batch.js'
import { DEFAULT_CRITERIA } from '../../../src/select/criteria.js'
import { recordFilter } from '../../../src/select/record-filter.js'
import { NewestItems, NewestRecords, TokenRecords } from '../../../src/select/selection.js'
import { defaultRowRule } from '../../../src/select/shapes.js'
import { emptyLineFacts } from '../../../src/parse/record/access-record.js'
import { makeRecord } from '../../helpers/record.js'

const FILTER = recordFilter(DEFAULT_CRITERIA, { rule: defaultRowRule(), zone: null })

const listed = (time: number, raw: string, line: number | null = 1): AccessRecord => makeRecord({ time, raw, target: '/moebel/', line })

/** Hands the selection each record at its place; says how many it kept. */
const keepAll = <T>(selection: { keep(item: T, place: number): boolean }, items: T[], places: number[]): number =>
  items.filter((item, i) => selection.keep(item, places[i] as number)).length

/** What a source says of its lines not read yet: written before `before` (none read: null), placed below `placesBelow`. */
const unread = (before: number | null, placesBelow = 0) => ({ before: before ?? Infinity, placesBelow })

const facts = (time: number, target = '/moebel/') => ({ ...emptyLineFacts(), time, status: 200, method: 'GET', target })

t.test('NewestRecords keeps the newest N; between equal times the larger place wins', async (t) => {
  const selection = new NewestRecords(FILTER, 2, 0)
  const input0 = new InputPlaces(0)
  const input1 = new InputPlaces(1)
  t.equal(keepAll(selection, [listed(5000, 'input 1, line 9', 9)], [input1.of(9)]), 1)
  t.equal(keepAll(selection, [listed(5000, 'input 0, line 1000000', 1_000_000), listed(9000, 'newest')], [input0.of(1_000_000), input0.of(5)]), 2,
    'both kept as they came')
  t.strictSame(selection.newestFirst().map((r) => r.raw), ['newest', 'input 1, line 9'], 'the equal time of an older input went first')
  t.equal(keepAll(selection, [listed(5000, 'input 0 again', 2)], [input0.of(2)]), 0, 'an equal time of an older input does not get in')
  t.equal(selection.size, 2)
})

t.test('lines read after the scan are placed after all of its lines, in the order they arrive', async (t) => {
  const selection = new NewestRecords(FILTER, 3, 0)
  const scan = new InputPlaces(1)
  keepAll(selection, [listed(5000, 'scanned, input 1, line 9', 9)], [scan.of(9)])
  keepAll(selection, [listed(5000, 'scanned, input 0', 1_000_000)], [new InputPlaces(0).of(1_000_000)])
  const arrivals = new ArrivalPlaces(2)
  t.equal(keepAll(selection, [listed(5000, 'arrived first', null), listed(1000, 'arrived, older than all kept', null)], [arrivals.of(), arrivals.of()]), 1,
    'told only of what it kept')
  t.strictSame(selection.newestFirst().map((r) => r.raw), ['arrived first', 'scanned, input 1, line 9', 'scanned, input 0'],
    'between equal times the line read later wins')
  keepAll(selection, [listed(5000, 'arrived second', null)], [arrivals.of()])
  t.strictSame(selection.newestFirst().map((r) => r.raw).slice(0, 2), ['arrived second', 'arrived first'])
  t.equal(arrivals.of(), 2 * 2 ** 40 + 3, 'one place per record')
})

t.test('NewestRecords admits a line worth building: its facts pass and its time can still get in', async (t) => {
  const selection = new NewestRecords(FILTER, 1, 0)
  t.equal(selection.admits(facts(1000)), true)
  t.equal(selection.admits(facts(1000, '/checkout/')), false, 'not a storefront shape')
  keepAll(selection, [listed(5000, 'kept')], [1])
  t.equal(selection.admits(facts(4999)), false, 'older than the N-th newest')
  t.equal(selection.admits(facts(5000)), true, 'the same time may still win on its place')
})

t.test('NewestRecords is decided once a line is stamped the tolerance before the N-th newest', async (t) => {
  const selection = new NewestRecords(FILTER, 2, 60_000)
  t.equal(selection.isDecidedBy(unread(0)), false, 'fewer than N kept: anything can still get in')
  keepAll(selection, [listed(200_000, 'a'), listed(100_000, 'b')], [2, 7])
  t.equal(selection.isDecidedBy(unread(null)), false, 'no line read')
  t.equal(selection.isDecidedBy(unread(40_001)), false)
  t.equal(selection.isDecidedBy(unread(39_999, 1e15)), true, '39.999 s + 60 s tolerance is before the 2nd newest at 100 s, whatever its place')
  t.equal(selection.isDecidedBy(unread(40_000, 7)), true, 'the same time as the 2nd newest, placed below it: older')
  t.equal(selection.isDecidedBy(unread(40_000, 8)), false, 'the same time, placed above it (a line of another input): it may be newer')
})

t.test('TokenRecords keeps the lines of the token\'s second, decided once no line not read can be of it', async (t) => {
  const token = '6add69a80fdd7'
  const filter = recordFilter({ ...DEFAULT_CRITERIA, token }, { rule: defaultRowRule(), zone: null })
  const selection = new TokenRecords(filter, token, 60_000)
  const second = 0x6add69a8 * 1000
  t.equal(selection.admits(facts(second + 500)), true)
  t.equal(selection.admits(facts(second + 1000)), false, 'the next second')
  t.equal(keepAll(selection, [listed(second + 1, 'x')], [1]), 1)
  t.equal(selection.isDecidedBy(unread(null)), false, 'no line read')
  t.equal(selection.isDecidedBy(unread(second + 1)), false, 'lines of the second may come')
  t.equal(selection.isDecidedBy(unread(second - 60_000)), false, 'a line written before may be stamped the tolerance later: in the second')
  t.equal(selection.isDecidedBy(unread(second - 60_001, 1e15)), true, 'every line written before is stamped before the second, wherever placed')
  t.equal(selection.certainty, 'no line not read can be of the token\'s second')
  t.strictSame(selection.newestFirst().map((r) => r.raw), ['x'])
})

t.test('NewestItems: the newest N of any items, as they come', async (t) => {
  const selection = new NewestItems<number>(2, (n) => n)
  t.equal(keepAll(selection, [3, 1, 2], [0, -1, -2]), 3)
  t.strictSame(selection.newestFirst(), [3, 2])
  t.equal(selection.isDecidedBy(), false, 'merge reads every row')
})

t.test('a part of the run (a worker): NewestRecords under a floor takes nothing older; placed() hands the kept on with their places', async (t) => {
  const part = new NewestRecords(FILTER, 2, 0, 5000)
  t.equal(part.admits(facts(4999)), false, 'under the floor: not worth building')
  t.equal(part.admits(facts(5000)), true)
  t.equal(keepAll(part, [listed(4999, 'old'), listed(5000, 'a'), listed(7000, 'b'), listed(6000, 'c')], [1, 2, 3, 4]), 3)
  t.strictSame(part.placed().sort((x, y) => x[1] - y[1]).map(([record, place]) => [record.raw, place]), [['b', 3], ['c', 4]])
  t.equal(part.floor, 6000, 'the floor now: the oldest kept, once the limit is')
  const run = new NewestRecords(FILTER, 2, 0)
  t.equal(run.floor, -Infinity, 'nothing kept: any time gets in')
  for (const [record, place] of part.placed()) run.keep(record, place)
  t.strictSame(run.newestFirst().map((r) => r.raw), ['b', 'c'])
  const token = '6add69a80fdd7'
  const search = new TokenRecords(recordFilter({ ...DEFAULT_CRITERIA, token }, { rule: defaultRowRule(), zone: null }), token, 0)
  keepAll(search, [listed(0x6add69a8 * 1000 + 1, 'x')], [7])
  t.strictSame(search.placed().map(([record, place]) => [record.raw, place]), [['x', 7]])
  t.equal(search.floor, -Infinity, 'a token: any time')
})
