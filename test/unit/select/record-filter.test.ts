import t from 'tap'
import type { AccessRecord } from '../../../src/record.js'
import { DEFAULT_CRITERIA, type Criteria } from '../../../src/select/criteria.js'
import { recordFilter } from '../../../src/select/record-filter.js'
import { parseIp } from '../../../src/select/filters/ip.js'
import { parseTimeBound } from '../../../src/select/filters/time-range.js'
import { defaultRowRule } from '../../../src/select/shapes.js'
import { makeRecord } from '../../helpers/record.js'

/** The default criteria with some replaced. */
const withCriteria = (changes: Partial<Criteria> = {}): Criteria => ({ ...DEFAULT_CRITERIA, ...changes })

const rule = defaultRowRule()
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0'

const record = (target: string | null, method: string | null = 'GET', status = 200, more: Partial<AccessRecord> = {}): AccessRecord =>
  makeRecord({ time: 1_700_000_000_000, request: `${method ?? '-'} ${target ?? ''} HTTP/1.1`, method, target, status, ...more })

const accepts = (changes: Partial<Criteria>, zone: string | null = null) => recordFilter(withCriteria(changes), { rule, zone })

t.test('the default criteria are the original listing: GET, 200, storefront shapes', async (t) => {
  const listed = recordFilter(DEFAULT_CRITERIA, { rule, zone: null })
  const url = '/moebel/12/sofa'
  t.equal(listed(record(url, 'GET', 200)), true)
  for (const method of ['POST', 'HEAD', 'PUT', 'get', 'OPTIONS']) t.equal(listed(record(url, method, 200)), false, method)
  t.equal(listed(record(url, null, 200)), false, 'no method')
  for (const status of [404, 301, 304, 201, 206, 500]) t.equal(listed(record(url, 'GET', status)), false, String(status))
  t.equal(listed(record('/robots.txt', 'HEAD', 200)), false)
  t.equal(listed(record('/robots.txt', 'GET', 304)), false)
  t.equal(listed(record(null, 'GET', 200)), false, 'no target')
  t.equal(listed(record('/search?q=1', 'GET', 200)), false, 'not a shape')
  t.equal(listed(record('/robots.txt', 'GET', 200, { userAgent: GOOGLEBOT })), true, 'crawlers are included')
})

t.test('method and status', async (t) => {
  t.equal(accepts({ method: 'HEAD' })(record('/moebel/', 'HEAD')), true)
  t.equal(accepts({ method: 'HEAD' })(record('/moebel/', 'GET')), false)
  t.equal(accepts({ method: null })(record('/moebel/', 'DELETE')), true, 'any method')
  t.equal(accepts({ method: null, status: null, anyUrl: true })(record(null, null, 400)), false, 'a line without a request line (`"-"`) is never a row')
  t.equal(accepts({ status: { kind: 'class', hundreds: 3 } })(record('/moebel/', 'GET', 301)), true)
  t.equal(accepts({ status: { kind: 'class', hundreds: 3 } })(record('/moebel/', 'GET', 200)), false)
  t.equal(accepts({ status: null })(record('/moebel/', 'GET', 499)), true, 'any status')
})

t.test('--any-url lists every request target, still under the other criteria', async (t) => {
  const any = accepts({ anyUrl: true })
  t.equal(any(record('/search?q=<b>')), true)
  t.equal(any(record('*')), true)
  t.equal(any(record('/search?q=1', 'POST')), false, 'method still applies')
  t.equal(any(record(null)), false, 'no target')
})

t.test('url, ip, crawlers', async (t) => {
  t.equal(accepts({ url: { text: 'sofa', exclude: false } })(record('/moebel/12/sofa')), true)
  t.equal(accepts({ url: { text: 'sofa', exclude: true } })(record('/moebel/12/sofa')), false)
  t.equal(accepts({ url: { text: 'shop.example', exclude: false } })(record('http://shop.example/moebel/')), false,
    'the URL column has no host')
  t.equal(accepts({ url: { text: '/moebel/', exclude: false } })(record('http://shop.example/moebel/')), true)
  const v4 = accepts({ ip: parseIp('10.0.0.0/8') })
  t.equal(v4(record('/moebel/', 'GET', 200, { ip: '::ffff:10.9.8.7' })), true)
  t.equal(v4(record('/moebel/', 'GET', 200, { ip: '192.0.2.1' })), false)
  t.equal(accepts({ crawlers: 'exclude' })(record('/moebel/', 'GET', 200, { userAgent: GOOGLEBOT })), false)
  t.equal(accepts({ crawlers: 'exclude' })(record('/moebel/', 'GET', 200, { userAgent: FIREFOX })), true)
  t.equal(accepts({ crawlers: 'only' })(record('/moebel/', 'GET', 200, { userAgent: null })), false)
})

t.test('time, in the display zone', async (t) => {
  const at = { time: Date.UTC(2026, 9, 24, 23, 30), offset: 120 } // shown 25.10.2026 1:30:00 at +0200
  const from25 = { from: parseTimeBound('2026-10-25') }
  t.equal(accepts(from25)(record('/moebel/', 'GET', 200, at)), true, 'the logged offset')
  t.equal(accepts(from25, 'UTC')(record('/moebel/', 'GET', 200, at)), false, 'in --tz UTC it is the 24th')
})

t.test('a token narrows to its second; the page decides the rest', async (t) => {
  const second = Date.UTC(2026, 9, 25, 2, 30)
  const token = accepts({ token: '6add69a80fdd7' })
  t.equal(token(record('/moebel/', 'GET', 200, { time: second })), true)
  t.equal(token(record('/moebel/', 'GET', 200, { time: second + 999 })), true)
  t.equal(token(record('/moebel/', 'GET', 200, { time: second + 1000 })), false)
  t.equal(token(record('/moebel/', 'GET', 200, { time: second - 1 })), false)
  t.equal(token(record('/search', 'GET', 200, { time: second })), false, 'other criteria still apply')
})

t.test('all criteria together (AND)', async (t) => {
  const all = accepts({
    ip: parseIp('2001:db8::/32'),
    method: null,
    status: { kind: 'class', hundreds: 2 },
    url: { text: 'moebel', exclude: false },
    from: parseTimeBound('2026-10-24'),
    until: parseTimeBound('2026-10-25T01:45'),
    crawlers: 'exclude',
  })
  const base = { ip: '2001:db8:0:1::5', time: Date.UTC(2026, 9, 24, 23, 45), offset: 120, userAgent: FIREFOX }
  t.equal(all(record('/moebel/', 'HEAD', 200, base)), true)
  t.equal(all(record('/moebel/', 'HEAD', 200, { ...base, ip: '2001:db9::1' })), false, 'ip')
  t.equal(all(record('/moebel/', 'HEAD', 404, base)), false, 'status')
  t.equal(all(record('/robots.txt', 'HEAD', 200, base)), false, 'url')
  t.equal(all(record('/moebel/', 'HEAD', 200, { ...base, time: base.time + 60_000 })), false, 'until')
  t.equal(all(record('/moebel/', 'HEAD', 200, { ...base, userAgent: GOOGLEBOT })), false, 'crawlers')
  t.equal(all(record('/moebel/?x', 'HEAD', 200, base)), false, 'shape')
})

t.test('facts: the part of the test a line answers before its record is built', async (t) => {
  const criteriaList: Partial<Criteria>[] = [
    {},
    { method: 'HEAD' },
    { status: null, method: null },
    { status: { kind: 'class', hundreds: 3 } },
    { anyUrl: true },
    { url: { text: 'sofa', exclude: false } },
    { ip: parseIp('10.0.0.0/8') },
    { crawlers: 'exclude' },
    { token: '6553f10000000' },
    { from: parseTimeBound('2023-11-14T22:13'), until: parseTimeBound('2023-11-14T22:14') },
  ]
  const records = [
    record('/moebel/12/sofa'), record('/moebel/12/sofa', 'HEAD'), record('/moebel/', 'GET', 301), record(null, null, 400),
    record('/search?q=1'), record('/moebel/', 'GET', 200, { ip: '10.1.2.3', userAgent: GOOGLEBOT }),
    record('/moebel/', 'GET', 200, { time: 1_699_999_000_000 }), record('/robots.txt', 'GET', 200, { userAgent: FIREFOX }),
  ]
  let passed = 0
  for (const criteria of criteriaList) {
    const test = accepts(criteria)
    for (const r of records) {
      // necessary: a line the facts turn down can never pass
      t.equal(test(r) && !test.facts(r), false, `${JSON.stringify(criteria)} on ${r.request}`)
      if (test(r)) passed++
    }
  }
  t.equal(passed, 28, 'records that pass, over all the criteria: the check above is not empty')
  const listed = accepts({})
  const facts = { time: 1_700_000_000_000, offset: 0, status: 200, method: 'GET', target: '/moebel/' }
  t.equal(listed.facts(facts), true, 'time, offset, status, method and target are enough')
  t.equal(listed.facts({ ...facts, target: '/search' }), false)
  t.equal(listed.facts({ ...facts, status: 404 }), false)
  t.equal(listed.facts({ ...facts, method: null, target: null }), false)
  t.equal(accepts({ ip: parseIp('10.0.0.0/8') }).facts(facts), true, 'the address is not a fact: decided with the record')
  t.equal(accepts({ crawlers: 'only' }).facts(facts), true, 'nor is the User-Agent')
  t.equal(accepts({ token: '6553f10000000' }).facts(facts), true, 'the token second is')
  t.equal(accepts({ token: '6553f10100000' }).facts(facts), false)
})

t.test('afterFacts: the rest of the test, for a record whose facts passed', async (t) => {
  const ip = accepts({ ip: parseIp('10.0.0.0/8'), crawlers: 'exclude' })
  const inRange = record('/moebel/', 'GET', 200, { ip: '10.1.2.3', userAgent: FIREFOX })
  t.equal(ip.afterFacts(inRange), true)
  t.equal(ip.afterFacts({ ...inRange, ip: '192.0.2.1' }), false)
  t.equal(ip.afterFacts({ ...inRange, userAgent: GOOGLEBOT }), false)
  t.equal(ip.afterFacts({ ...inRange, target: '/search', status: 500 }), true, 'the facts are not tested again')
  t.equal(accepts({}).afterFacts(record('/search', 'POST', 500)), true, 'nothing left without ip and crawler criteria')
})

t.test('--server: a record of one of the servers, after its facts', async (t) => {
  const of = accepts({ server: ['web1', 'web2'] })
  t.equal(of(record('/moebel/', 'GET', 200, { server: 'web2' })), true)
  t.equal(of(record('/moebel/', 'GET', 200, { server: 'web3' })), false)
  t.equal(of(record('/moebel/', 'GET', 200, { server: null })), false, 'of no named server')
  t.equal(of.facts(record('/moebel/', 'GET', 200, { server: 'web3' })), true, 'not a fact of the line: the record tells')
  t.equal(accepts({})(record('/moebel/', 'GET', 200, { server: 'web3' })), true, 'no --server: every server')
})

t.test('counted: each line turned down counts against the criterion that turned it down, in the order they run', async (t) => {
  const filter = recordFilter(withCriteria({ method: 'POST', ip: parseIp('10.'), crawlers: 'exclude' }), { rule, zone: null }, true)
  t.strictSame(filter.ruledOut?.stages, ['request', 'method', 'status', 'shapes', 'ip', 'crawlers'], 'only the criteria that are on')
  const lines = [
    record(null, null), record('/moebel/', 'GET'), record('/moebel/', 'POST', 404), record('/cart', 'POST'),
    record('/moebel/', 'POST', 200, { ip: '192.0.2.1' }), record('/moebel/', 'POST', 200, { ip: '10.0.0.1', userAgent: GOOGLEBOT }),
    record('/moebel/', 'POST', 200, { ip: '10.0.0.2', userAgent: FIREFOX }),
  ]
  t.strictSame(lines.map((line) => filter(line)), [false, false, false, false, false, false, true])
  t.strictSame(filter.ruledOut?.counts, [1, 1, 1, 1, 1, 1])
  t.equal(recordFilter(DEFAULT_CRITERIA, { rule, zone: null }).ruledOut, null, 'not asked for: not counted')
})
