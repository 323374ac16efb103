import t from 'tap'
import { consumeDigits, consumeNumber, epochIntegerReader, fractionReader, readEpochSeconds } from '../../../../src/parse/time/epoch-time.js'
import { emptyTimeParts, type TimeReader } from '../../../../src/parse/time/time-parts.js'

/** What a reader puts into empty parts (only the fields it sets), or false. */
const reads = (read: TimeReader, text: string) => {
  const parts = emptyTimeParts()
  if (!read(text, parts)) return false
  const { epochMicros, epochDigits, fraction, fractionDigits } = parts
  return { epochMicros, epochDigits, fraction, fractionDigits }
}

t.test('where a number ends in a line', async (t) => {
  t.equal(consumeNumber('1795338307.123 200', 0), 14)
  t.equal(consumeNumber('x 1795338307 200', 2), 12)
  t.equal(consumeNumber('12. ', 0), 2, 'a dot without digits after it is not part of it')
  t.equal(consumeNumber('.5', 0), -1)
  t.equal(consumeNumber('', 0), -1)
  t.equal(consumeDigits(3)('a123b', 1), 4)
  t.equal(consumeDigits(3)('a1234', 1), 4, 'exactly that many')
  t.equal(consumeDigits(3)('a12b', 1), -1)
  t.equal(consumeDigits(6)('12345', 0), -1, 'past the end')
})

t.test('epoch seconds: digits read exactly, the fraction kept to the microsecond', async (t) => {
  t.strictSame(reads(readEpochSeconds, '1795338307.123'), { epochMicros: 1_795_338_307_123_000, epochDigits: 3, fraction: null, fractionDigits: 6 },
    'nginx $msec')
  t.strictSame(reads(readEpochSeconds, '1795338307'), { epochMicros: 1_795_338_307_000_000, epochDigits: 0, fraction: null, fractionDigits: 6 })
  t.strictSame(reads(readEpochSeconds, '1.123456789'), { epochMicros: 1_123_456, epochDigits: 6, fraction: null, fractionDigits: 6 }, 'cut, not rounded')
  t.strictSame(reads(readEpochSeconds, '0.5'), { epochMicros: 500_000, epochDigits: 3, fraction: null, fractionDigits: 6 })
  for (const text of ['', '-1', '1.', '.5', '1e9', '1.1234567890', '1234567890123', ' 1', '1,5']) t.equal(reads(readEpochSeconds, text), false, JSON.stringify(text))
})

t.test('epoch milliseconds and microseconds: whole numbers', async (t) => {
  t.strictSame(reads(epochIntegerReader(1000), '1795338307123'), { epochMicros: 1_795_338_307_123_000, epochDigits: 3, fraction: null, fractionDigits: 6 })
  t.strictSame(reads(epochIntegerReader(1), '1795338307123456'), { epochMicros: 1_795_338_307_123_456, epochDigits: 6, fraction: null, fractionDigits: 6 })
  for (const text of ['', '1.5', '-1', '12345678901234567']) t.equal(reads(epochIntegerReader(1), text), false, JSON.stringify(text))
})

t.test('the fraction of a second: exactly 3 or 6 digits', async (t) => {
  t.strictSame(reads(fractionReader(3), '042'), { epochMicros: null, epochDigits: 0, fraction: 42_000, fractionDigits: 3 })
  t.strictSame(reads(fractionReader(6), '000042'), { epochMicros: null, epochDigits: 0, fraction: 42, fractionDigits: 6 })
  for (const text of ['42', '0420', '04a', '']) t.equal(reads(fractionReader(3), text), false, JSON.stringify(text))
  t.equal(reads(fractionReader(6), '042'), false)
})
