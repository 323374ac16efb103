import t from 'tap'
import { fnv1a, MICROS_PER_SECOND, SecondSlots, startMicros, TOKENS_PER_SECOND } from '../../../src/select/token-slots.js'

t.test('fnv1a known vectors', async (t) => {
  t.equal(fnv1a(''), 0x811c9dc5)
  t.equal(fnv1a('a'), 0xe40c292c)
  t.equal(fnv1a('b'), 0xe70c2de5)
  t.equal(fnv1a('foobar'), 0xbf9cf968)
})

t.test('a row starts at its logged microseconds, else at those of its line', async (t) => {
  t.equal(startMicros({ time: 0, micros: 123_456, raw: 'anything' }), 123_456)
  t.equal(startMicros({ time: 0, micros: null, raw: 'foobar' }), 0xbf9cf968 % MICROS_PER_SECOND)
})

t.test('a second gives each row the first free slot from its start, wrapping within the second', async (t) => {
  const slots = new SecondSlots()
  t.strictSame([slots.take(5), slots.take(5), slots.take(6), slots.take(999_999), slots.take(999_999), slots.take(999_999)], [5, 6, 7, 999_999, 0, 1])
  t.equal(slots.size, 6)
})

t.test('a full second gives the values past the microseconds, then none', async (t) => {
  const slots = new SecondSlots()
  for (let i = 0; i < MICROS_PER_SECOND; i++) slots.take(i)
  t.equal(slots.take(0), MICROS_PER_SECOND, 'f4240')
  for (let i = MICROS_PER_SECOND + 1; i < TOKENS_PER_SECOND; i++) slots.take(0)
  t.equal(slots.size, TOKENS_PER_SECOND)
  t.equal(slots.take(0), null)
})
