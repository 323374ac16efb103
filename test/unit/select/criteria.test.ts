import t from 'tap'
import { UserError } from '../../../src/errors.js'
import {
  checkCriteria, CRITERION_PARSERS, DEFAULT_CRITERIA, InvalidCriterion, type Criteria,
} from '../../../src/select/criteria.js'
import { parseTimeBound } from '../../../src/select/filters/time-range.js'

const withCriteria = (changes: Partial<Criteria> = {}): Criteria => ({ ...DEFAULT_CRITERIA, ...changes })

t.test('the defaults are the original listing', async (t) => {
  t.strictSame(DEFAULT_CRITERIA, {
    ip: null,
    method: 'GET',
    status: { kind: 'code', code: 200 },
    url: null,
    token: null,
    from: null,
    until: null,
    anyUrl: false,
    crawlers: 'include',
    server: null,
  })
  t.ok(Object.isFrozen(DEFAULT_CRITERIA))
})

t.test('one parser per criterion, by its option name in camelCase', async (t) => {
  t.strictSame(Object.keys(CRITERION_PARSERS), ['ip', 'method', 'status', 'url', 'token', 'from', 'until', 'crawlers', 'server'])
  t.strictSame(CRITERION_PARSERS.server('web1'), ['web1'], 'a list: --server adds to it')
  t.strictSame(CRITERION_PARSERS.ip('10.0.0.0/8'), { kind: 'cidr', text: '10.0.0.0/8' })
  t.equal(CRITERION_PARSERS.method('post'), 'POST')
  t.strictSame(CRITERION_PARSERS.status('4xx'), { kind: 'class', hundreds: 4 })
  t.strictSame(CRITERION_PARSERS.url('!robots'), { text: 'robots', exclude: true })
  t.equal(CRITERION_PARSERS.token('6ADD69A80FDD7'), '6add69a80fdd7')
  t.equal(CRITERION_PARSERS.from('2026-10-25').start, Date.UTC(2026, 9, 25))
  t.equal(CRITERION_PARSERS.until('2026-10-25').end, Date.UTC(2026, 9, 26))
  t.equal(CRITERION_PARSERS.crawlers('only'), 'only')
  for (const [name, parse] of Object.entries(CRITERION_PARSERS)) {
    if (name === 'url') t.strictSame(parse('\u0000'), { text: '\u0000', exclude: false }, 'url: any text, it is only compared')
    else t.throws(() => parse('\u0000'), InvalidCriterion, `${name} refuses a NUL`)
  }
})

t.test('checkCriteria: --from after --until is a usage error', async (t) => {
  const criteria = withCriteria({ from: parseTimeBound('2026-10-26'), until: parseTimeBound('2026-10-25T23:59:59') })
  t.throws(() => checkCriteria(criteria), new UserError('--from 2026-10-26 is after --until 2026-10-25T23:59:59', 2, 'give a --from that is not later than the --until'))
  t.doesNotThrow(() => checkCriteria(withCriteria({ from: parseTimeBound('2026-10-25T10:00:30'), until: parseTimeBound('2026-10-25T10:00') })), 'inside the minute')
  t.doesNotThrow(() => checkCriteria(DEFAULT_CRITERIA))
})
