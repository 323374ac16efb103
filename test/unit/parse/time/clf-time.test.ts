import t from 'tap'
import { parseClfTime, readClfTimeInto } from '../../../../src/parse/time/clf-time.js'

t.test('offsets: epoch ms and minutes east of UTC', async (t) => {
  // 2000-10-10T20:55:36Z
  t.strictSame(parseClfTime('10/Oct/2000:13:55:36 -0700'), { time: 971211336000, offset: -420 })
  // 2023-12-31T23:00:00Z
  t.strictSame(parseClfTime('01/Jan/2024:00:00:00 +0100'), { time: 1704063600000, offset: 60 })
  // 2023-03-15T13:30:00Z
  t.strictSame(parseClfTime('15/Mar/2023:08:30:00 -0500'), { time: 1678887000000, offset: -300 })
  // 2023-11-26T13:15:10Z
  t.strictSame(parseClfTime('26/Nov/2023:18:45:10 +0530'), { time: 1701004510000, offset: 330 })
  t.strictSame(parseClfTime('01/Jan/1970:00:00:00 +0000'), { time: 0, offset: 0 })
  t.strictSame(parseClfTime('31/Dec/1969:23:59:59 +0000'), { time: -1000, offset: 0 })
})

t.test('every month name', async (t) => {
  const firsts: [string, number][] = [
    ['Jan', 1609459200000], ['Feb', 1612137600000], ['Mar', 1614556800000],
    ['Apr', 1617235200000], ['May', 1619827200000], ['Jun', 1622505600000],
    ['Jul', 1625097600000], ['Aug', 1627776000000], ['Sep', 1630454400000],
    ['Oct', 1633046400000], ['Nov', 1635724800000], ['Dec', 1638316800000],
  ]
  for (const [month, time] of firsts) {
    t.strictSame(parseClfTime(`01/${month}/2021:00:00:00 +0000`), { time, offset: 0 }, month)
  }
})

t.test('month lengths and leap years', async (t) => {
  t.equal(parseClfTime('31/Apr/2023:00:00:00 +0000'), null)
  t.equal(parseClfTime('31/Jun/2023:00:00:00 +0000'), null)
  t.strictSame(parseClfTime('30/Apr/2023:00:00:00 +0000'), { time: 1682812800000, offset: 0 })
  t.equal(parseClfTime('29/Feb/2023:00:00:00 +0000'), null)
  t.strictSame(parseClfTime('29/Feb/2024:00:00:00 +0000'), { time: 1709164800000, offset: 0 })
  t.equal(parseClfTime('30/Feb/2024:00:00:00 +0000'), null)
  t.equal(parseClfTime('29/Feb/1900:00:00:00 +0000'), null)
  t.strictSame(parseClfTime('29/Feb/2000:00:00:00 +0000'), { time: 951782400000, offset: 0 })
  t.equal(parseClfTime('00/Jan/2024:00:00:00 +0000'), null)
})

t.test('years 0-99 are not read as 1900-1999', async (t) => {
  // 0085-01-01 is 688481 days before 1970-01-01
  t.strictSame(parseClfTime('01/Jan/0085:00:00:00 +0000'), { time: -688481 * 86400000, offset: 0 })
  // year 0 is a leap year (1900 is not); 0000-02-29 is 719469 days before 1970
  t.strictSame(parseClfTime('29/Feb/0000:00:00:00 +0000'), { time: -719469 * 86400000, offset: 0 })
})

t.test('a leap second is read as :59', async (t) => {
  t.strictSame(parseClfTime('31/Dec/2016:23:59:60 +0000'), { time: 1483228799000, offset: 0 })
  t.equal(parseClfTime('31/Dec/2016:23:59:61 +0000'), null)
})

t.test('rejects', async (t) => {
  t.equal(parseClfTime('10/Oct/2000:13:55:36'), null, 'no offset')
  t.equal(parseClfTime('1/Oct/2000:13:55:36 -0700'), null, 'one-digit day')
  t.equal(parseClfTime('10/Oct/2000:13:55:36 -0700 '), null, 'trailing space')
  t.equal(parseClfTime('10/oct/2000:13:55:36 -0700'), null, 'lower-case month')
  t.equal(parseClfTime('10/OCT/2000:13:55:36 -0700'), null, 'upper-case month')
  t.equal(parseClfTime('10/Okt/2000:13:55:36 -0700'), null, 'unknown month')
  t.equal(parseClfTime('10/Oct/2000:24:00:00 -0700'), null, 'hour 24')
  t.equal(parseClfTime('10/Oct/2000:13:60:00 -0700'), null, 'minute 60')
  t.equal(parseClfTime('10/Oct/2000:13:55:36  0700'), null, 'missing sign')
  t.equal(parseClfTime('10/Oct/2000:13:55:36 *0700'), null, 'bad sign')
  t.equal(parseClfTime('10/Oct/2000:13:55:36 +2400'), null, 'offset hours 24')
  t.equal(parseClfTime('10/Oct/2000:13:55:36 +0060'), null, 'offset minutes 60')
  t.equal(parseClfTime('10/Oct/2000 13:55:36 -0700'), null, 'space for colon')
  t.equal(parseClfTime('1a/Oct/2000:13:55:36 -0700'), null, 'letter in day')
  t.equal(parseClfTime('10/Oct/20x0:13:55:36 -0700'), null, 'letter in year')
  t.equal(parseClfTime('xxxxxxxxxxxxxxxxxxxxxxxxxx'), null, 'garbage of the right length')
  t.equal(parseClfTime(''), null, 'empty')
  t.equal(parseClfTime('-'), null, 'dash')
})

t.test('the date kept from the last line never answers for another date', async (t) => {
  // each line after the first shares something with the one before: day, month, year or offset
  const sequence: [string, { time: number; offset: number } | null][] = [
    ['30/Apr/2023:10:00:00 +0000', { time: 1682848800000, offset: 0 }],
    ['31/Apr/2023:10:00:00 +0000', null],
    ['30/Apr/2023:10:00:01 +0000', { time: 1682848801000, offset: 0 }],
    ['30/May/2023:10:00:01 +0000', { time: 1685440801000, offset: 0 }],
    ['30/May/2024:10:00:01 +0000', { time: 1717063201000, offset: 0 }],
    ['30/May/2024:10:00:01 +0200', { time: 1717056001000, offset: 120 }],
    ['30/May/2024:10:00:01 +0260', null],
    ['30/May/2024:10:00:01 -0130', { time: 1717068601000, offset: -90 }],
    ['29/Feb/2023:00:00:00 +0000', null],
    ['29/Feb/2024:00:00:00 +0000', { time: 1709164800000, offset: 0 }],
    ['33/Jan/2024:00:00:00 +0000', null], // 33 January must not be read as 1 February
    ['01/Feb/2024:00:00:00 +0000', { time: 1706745600000, offset: 0 }],
    ['33/Jan/2024:00:00:00 +0000', null],
  ]
  for (const [text, expected] of sequence) t.strictSame(parseClfTime(text), expected, text)
})

t.test('readClfTimeInto fills the given object and makes none', async (t) => {
  const into = { time: 0, offset: 0 }
  t.equal(readClfTimeInto('10/Oct/2000:13:55:36 -0700', into), true)
  t.strictSame(into, { time: 971211336000, offset: -420 })
  t.equal(readClfTimeInto('10/Oct/2000:13:55:36 *0700', into), false)
  t.strictSame(into, { time: 971211336000, offset: -420 }, 'left as it was when the text is not a time')
})
