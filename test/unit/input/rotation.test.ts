/** The age order of inputs (src/input/rotation.ts): logrotate's names, oldest first within a set, other inputs where they were named. */

import t from 'tap'
import { generation, isRotatedName, oldestFirst } from '../../../src/input/rotation.js'

const dated = (digits: string): number => 1e12 - Number(digits.padEnd(10, '0'))

t.test('a name\'s place in its rotated set', async (t) => {
  t.strictSame(generation('access.log'), { base: 'access.log', age: 0 })
  t.strictSame(generation('access.log.gz'), { base: 'access.log', age: 0 }, 'a compressed live name is still the live one')
  t.strictSame(generation('access.log.1'), { base: 'access.log', age: 1 })
  t.strictSame(generation('access.log.2.gz'), { base: 'access.log', age: 2 })
  t.strictSame(generation('/var/log/nginx/access.log.14.gz'), { base: '/var/log/nginx/access.log', age: 14 })
  t.strictSame(generation('access.log-20261121'), { base: 'access.log', age: dated('20261121') })
  t.strictSame(generation('access.log-20261121.gz'), { base: 'access.log', age: dated('20261121') })
  t.strictSame(generation('access.log-2026-11-21'), { base: 'access.log', age: dated('20261121') })
  t.strictSame(generation('access.log-2026112105'), { base: 'access.log', age: dated('2026112105') })
  t.strictSame(generation('x.log.1234567'), { base: 'x.log.1234567', age: 0 }, 'more than six digits is no generation')
  t.strictSame(generation('-'), { base: '-', age: 0 })
})

t.test('ages: a dated generation is older than the live file, an earlier date older still', async (t) => {
  const age = (name: string): number => generation(name).age
  t.ok(age('access.log-20261121') > age('access.log'))
  t.ok(age('access.log-20261120') > age('access.log-20261121'))
  t.ok(age('access.log-2026112023') > age('access.log-2026112100'), 'by the hour too')
  t.ok(age('access.log.3') > age('access.log.2'))
})

t.test('isRotatedName: an older generation, not the live one', async (t) => {
  t.strictSame(['access.log', 'access.log.gz', 'access.log.1', 'access.log.2.gz', 'access.log-20261121', 'error.log'].map(isRotatedName),
    [false, false, true, true, true, false])
})

t.test('oldestFirst: a set oldest first where its first member was named; stdin and other files keep their place', async (t) => {
  const order = (names: string[]): string[] => oldestFirst(names).map((i) => names[i] as string)
  t.strictSame(order(['access.log', 'access.log.1', 'access.log.2.gz']), ['access.log.2.gz', 'access.log.1', 'access.log'])
  t.strictSame(order(['access.log.1', 'access.log.10', 'access.log.2', 'access.log']), ['access.log.10', 'access.log.2', 'access.log.1', 'access.log'], 'by number, not as text')
  t.strictSame(order(['other.log', 'access.log', '-', 'access.log-20261120.gz', 'access.log-20261121']),
    ['other.log', 'access.log-20261120.gz', 'access.log-20261121', 'access.log', '-'])
  t.strictSame(order(['b.log', 'a.log', 'a.log.1']), ['b.log', 'a.log.1', 'a.log'])
  t.strictSame(order(['-', 'x.log']), ['-', 'x.log'])
  t.strictSame(oldestFirst(['a', 'b', 'c']), [0, 1, 2], 'unrelated names: as named')
  t.strictSame(oldestFirst(['a.log', 'a.log']), [0, 1], 'the same name twice: as named')
  t.strictSame(oldestFirst([]), [])
})
