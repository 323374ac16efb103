import t from 'tap'
import type { Notice } from '../../../src/notices/php-notice.js'
import { createPicker, MAX_ALL_NOTICES } from '../../../src/notices/pick.js'
import { pickNotices } from '../../helpers/notices.js'

const n = (message: string, line = '1'): Notice => ({ message, file: '/a.php', line })
const messages = (notices: readonly Notice[]): string[] => notices.map((x) => `${x.message}:${x.line}`)

// A B A C B D E: first appearances A B C D E; latest occurrences A@2 B@4 C@3 D@5 E@6
const SEQ = [n('A'), n('B'), n('A'), n('C'), n('B'), n('D'), n('E')]

t.test('distinct notices in the order of their first appearance', async (t) => {
  t.strictSame(messages(pickNotices(SEQ, { limit: 10, all: false })), ['A:1', 'B:1', 'C:1', 'D:1', 'E:1'])
  t.strictSame(messages(pickNotices([n('A', '1'), n('A', '2'), n('A', '1')], { limit: 10, all: false })), ['A:1', 'A:2'], 'the line counts')
})

t.test('over the limit: the N seen most recently, still in first-appearance order', async (t) => {
  t.strictSame(messages(pickNotices(SEQ, { limit: 3, all: false })), ['B:1', 'D:1', 'E:1'])
  t.strictSame(messages(pickNotices(SEQ, { limit: 4, all: false })), ['B:1', 'C:1', 'D:1', 'E:1'])
  t.strictSame(messages(pickNotices(SEQ, { limit: 1, all: false })), ['E:1'])
})

t.test('all: every occurrence in order, the limit does not apply', async (t) => {
  t.strictSame(messages(pickNotices(SEQ, { limit: 1, all: true })), ['A:1', 'B:1', 'A:1', 'C:1', 'B:1', 'D:1', 'E:1'])
})

t.test('memory is bounded: at twice the memory, the least recently seen notices are forgotten', async (t) => {
  // memory 2: at 4 notices A B C D, A and B are forgotten; A seen again counts its first appearance from there
  t.strictSame(messages(pickNotices([n('A'), n('B'), n('C'), n('D'), n('A')], { limit: 2, all: false }, 2)), ['D:1', 'A:1'])
  t.strictSame(messages(pickNotices([n('A'), n('B'), n('C'), n('D'), n('A')], { limit: 2, all: false })), ['A:1', 'D:1'], 'exact with enough memory')
  // B seen again before D arrives: A and C are the least recent, not B
  t.strictSame(messages(pickNotices([n('A'), n('B'), n('C'), n('B'), n('D'), n('E')], { limit: 2, all: false }, 2)), ['D:1', 'E:1'])
  t.strictSame(messages(pickNotices([n('A'), n('B'), n('C'), n('B'), n('D'), n('C')], { limit: 2, all: false }, 2)), ['D:1', 'C:1'])
  const picker = createPicker({ limit: 10, all: false }, 2)
  for (const x of SEQ) picker.add(x)
  t.strictSame(messages(picker.picked()), ['A:1', 'B:1', 'C:1', 'D:1', 'E:1'], 'memory is at least the limit')
})

t.test('200,000 distinct notices: the newest 10 are kept', async (t) => {
  const picker = createPicker({ limit: 10, all: false })
  for (let i = 0; i < 200_000; i++) picker.add(n(`Implicit conversion from float ${1795351683 + i / 1e6} to int loses precision`, String(i + 1)))
  const picked = picker.picked()
  t.equal(picked.length, 10)
  t.equal(picked[9]?.message, `Implicit conversion from float ${1795351683 + 199_999 / 1e6} to int loses precision`)
  t.equal(picked[0]?.message, `Implicit conversion from float ${1795351683 + 199_990 / 1e6} to int loses precision`)
})

t.test('differing only in numbers in the message: one notice, the latest text, counted', async (t) => {
  const float = (value: string, line = '10'): Notice => n(`Implicit conversion from float ${value} to int loses precision`, line)
  const picked = pickNotices([float('1795685340.852084'), n('A'), float('1795685341.5'), float('-2'), float('1.0E+25', '11'), n('A')],
    { limit: 10, all: false })
  t.strictSame(picked, [
    { ...float('-2'), count: 3 },
    { ...n('A'), count: 2 },
    { ...float('1.0E+25', '11'), count: 1 },
  ], 'in first-appearance order; another line is another notice')
  t.strictSame(pickNotices([n('utf8_encode()'), n('utf16_encode()'), n('Model2::$x'), n('Model3::$x')], { limit: 10, all: false }).map((x) => x.message),
    ['utf8_encode()', 'utf16_encode()', 'Model2::$x', 'Model3::$x'], 'digits inside a name are part of it')
  t.strictSame(pickNotices([float('1'), float('2')], { limit: 10, all: true }), [float('1'), float('2')], 'all: every occurrence as it was, no count')
})

t.test('all: at most MAX_ALL_NOTICES are held; one more is a usage error, not gigabytes', async (t) => {
  t.equal(MAX_ALL_NOTICES, 1_000_000)
  const picker = createPicker({ limit: 10, all: true })
  const notice = n('A')
  for (let i = 0; i < MAX_ALL_NOTICES; i++) picker.add(notice)
  t.throws(() => picker.add(notice), {
    message: 'more than 1,000,000 notices to show with --all-notices, which holds each in memory',
    hint: 'leave out --all-notices to show the newest distinct ones, as many as --notices-limit; or give fewer --notices files',
    exitCode: 2,
  })
  t.equal(picker.picked().length, MAX_ALL_NOTICES)
})
