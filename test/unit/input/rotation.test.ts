/** The age order of inputs (src/input/rotation.ts): logrotate's names, oldest first within a set, the sets by name whatever order they were named in. */

import t from 'tap'
import { generation, isRotatedName, rotatedSets } from '../../../src/input/rotation.js'

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

t.test('rotatedSets: each set oldest first, the sets by their live name, stdin first', async (t) => {
  const sets = (names: string[]): string[][] => rotatedSets(names).map((set) => set.map((i) => names[i] as string))
  t.strictSame(sets(['access.log', 'access.log.1', 'access.log.2.gz']), [['access.log.2.gz', 'access.log.1', 'access.log']])
  t.strictSame(sets(['access.log.1', 'access.log.10', 'access.log.2', 'access.log']), [['access.log.10', 'access.log.2', 'access.log.1', 'access.log']],
    'by number, not as text')
  t.strictSame(sets(['other.log', 'access.log', '-', 'access.log-20261120.gz', 'access.log-20261121']),
    [['-'], ['access.log-20261120.gz', 'access.log-20261121', 'access.log'], ['other.log']])
  t.strictSame(sets(['b.log', 'a.log', 'a.log.1']), [['a.log.1', 'a.log'], ['b.log']])
  t.strictSame(sets(['web2/access.log', 'web1/access.log.1', 'web1/access.log']), [['web1/access.log.1', 'web1/access.log'], ['web2/access.log']],
    'one name in two folders: two sets')
  t.strictSame(rotatedSets(['a', 'b', 'c']), [[0], [1], [2]])
  t.strictSame(rotatedSets(['c', 'a', 'b']), [[1], [2], [0]], 'unrelated names: by name, not as named')
  t.strictSame(sets(['access.log.gz', 'access.log']), [['access.log', 'access.log.gz']], 'two of one age: by name')
  t.strictSame(rotatedSets(['a.log', 'a.log']), [[0, 1]], 'the same name twice: one set')
  t.strictSame(rotatedSets([]), [])
})

t.test('rotatedSets: every order of the same names gives the same sets', async (t) => {
  const names = ['x.log', 'access.log.2.gz', '-', 'access.log', 'b/access.log', 'access.log.1', 'a.log-20261121']
  const expected = rotatedSets(names).map((set) => set.map((i) => names[i]))
  let order = names.slice()
  for (let k = 0; k < 20; k++) {
    // a fixed walk through orders: rotate, then swap two
    order = [...order.slice(1), order[0] as string]
    ;[order[k % order.length], order[(3 * k + 1) % order.length]] = [order[(3 * k + 1) % order.length] as string, order[k % order.length] as string]
    t.strictSame(rotatedSets(order).map((set) => set.map((i) => order[i])), expected, order.join(' '))
  }
})
