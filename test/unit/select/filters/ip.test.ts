import t from 'tap'
import { InvalidCriterion } from '../../../../src/select/filters/invalid-criterion.js'
import { ipMatcher, parseIp } from '../../../../src/select/filters/ip.js'

const RANGE_HINT = 'give a CIDR range as an address and a prefix length, such as 10.0.0.0/8, 192.0.2.7/32 or 2001:db8::/32'
const TEXT_HINT = 'give part of an address such as 203.0.113 or 2001:db8, or a CIDR range such as 10.0.0.0/8 or 2001:db8::/32'

t.test('parseIp: substrings and ranges', async (t) => {
  t.strictSame(parseIp('203.0.113.7'), { kind: 'substring', text: '203.0.113.7' })
  t.strictSame(parseIp('2001:db8'), { kind: 'substring', text: '2001:db8' })
  t.strictSame(parseIp('.113.'), { kind: 'substring', text: '.113.' })
  t.strictSame(parseIp('10.0.0.0/8'), { kind: 'cidr', text: '10.0.0.0/8' })
  t.strictSame(parseIp('10.1.2.3/8'), { kind: 'cidr', text: '10.1.2.3/8' }, 'host bits are allowed')
  t.strictSame(parseIp('2001:db8::/32'), { kind: 'cidr', text: '2001:db8::/32' })
  t.strictSame(parseIp('::ffff:10.0.0.0/104'), { kind: 'cidr', text: '::ffff:10.0.0.0/104' })
  t.throws(() => ipMatcher({ kind: 'cidr', text: '10.0.0.0/33' }), new RangeError('not a CIDR range: 10.0.0.0/33'), 'a bug, not a user error')
})

t.test('parseIp: what is refused', async (t) => {
  for (const bad of ['10.0.0.0/33', '10.0.0/8', '10/8', '0x0a.0.0.0/8', '10.0.0.0/', '/8', '10.0.0.0/8/8', '2001:db8::/129', 'fe80::%eth0/10', 'x/8']) {
    t.throws(() => parseIp(bad), new InvalidCriterion(RANGE_HINT), bad)
  }
  for (const bad of ['', ' ', '10.0.0.1 ', '<script>', 'a,b', '10.0.0.1;']) {
    t.throws(() => parseIp(bad), new InvalidCriterion(TEXT_HINT), JSON.stringify(bad))
  }
})

t.test('parseIp: dotted digits no IPv4 address can hold are refused, not left to match nothing', async (t) => {
  for (const bad of ['999.1.1.1', '1.2.3.4.5', '256.', '.256', '1.256.3', '1.1000', '1..2', '10.0.0.0.']) {
    t.throws(() => parseIp(bad), new InvalidCriterion(`${bad} can match no address: IPv4 addresses are four numbers of 0 to 255; ${TEXT_HINT}`), bad)
  }
  for (const good of ['99.1.1.1', '203.0.113.', '.7', '25.', '255.255.255.255', '0.0', '.', '10', '9999', '::ffff:999.1']) {
    t.equal(parseIp(good).text, good, `${good}: part of some address (or not judged)`)
  }
})

t.test('a substring matches anywhere in the address as logged', async (t) => {
  const matches = ipMatcher(parseIp('203.0.113.7'))
  t.strictSame(['203.0.113.7', '203.0.113.70', '::ffff:203.0.113.7', '203.0.113.8', '2001:db8::7'].map(matches),
    [true, true, true, false, false])
  const v6 = ipMatcher(parseIp('2001:db8'))
  t.strictSame(['2001:db8:0:1::5', '2001:4860::1', '2001:DB8::1'].map(v6), [true, false, false], 'as logged: case matters, as in the original')
})

t.test('an IPv4 range', async (t) => {
  const matches = ipMatcher(parseIp('10.0.0.0/8'))
  const cases: [string, boolean][] = [
    ['10.1.2.3', true],
    ['10.255.255.255', true],
    ['::ffff:10.9.8.7', true],
    ['::FFFF:10.9.8.7', true],
    ['11.0.0.1', false],
    ['9.255.255.255', false],
    ['::ffff:11.0.0.1', false],
    ['::a01:203', false],
    ['2001:db8::1', false],
    ['10.1', false],
    ['0x0a.1.2.3', false],
    ['10.1.2.3.4', false],
    ['unix:', false],
    ['', false],
  ]
  for (const [client, expected] of cases) t.equal(matches(client), expected, client)
  t.equal(matches('10.1.2.3'), true, 'asked again (remembered)')
  const one = ipMatcher(parseIp('192.0.2.7/32'))
  t.strictSame(['192.0.2.7', '192.0.2.70', '192.0.2.6'].map(one), [true, false, false])
  const all = ipMatcher(parseIp('0.0.0.0/0'))
  t.strictSame(['1.2.3.4', '::ffff:1.2.3.4', '::1'].map(all), [true, true, false])
  const ipv6All = ipMatcher(parseIp('::/0'))
  t.strictSame(['::1', '2001:db8::1', '1.2.3.4'].map(ipv6All), [true, true, false], 'an IPv6 range takes no IPv4 client')
})

t.test('an IPv6 range', async (t) => {
  const matches = ipMatcher(parseIp('2001:db8::/32'))
  const cases: [string, boolean][] = [
    ['2001:db8:0:1::5', true],
    ['2001:DB8::1', true],
    ['[2001:db8::1]', true],
    ['2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', true],
    ['2001:db9::1', false],
    ['2001:4860:4801::1', false],
    ['10.1.2.3', false],
    ['2001:db8::1 ', false],
  ]
  for (const [client, expected] of cases) t.equal(matches(client), expected, client)
  const mapped = ipMatcher(parseIp('::ffff:10.0.0.0/104'))
  t.strictSame(['10.1.2.3', '::ffff:10.1.2.3', '11.1.2.3'].map(mapped), [true, true, false], 'an IPv4 client is in an IPv4-mapped range')
})

t.test('anonymized (serve --anonymize-ip): matched against the address as the page shows it', async (t) => {
  const whole = ipMatcher({ ...parseIp('203.0.113.7'), anonymized: true })
  t.strictSame(['203.0.113.7', '203.0.113.0'].map(whole), [false, false], 'a whole address tells no zeroed row apart')
  const shown = ipMatcher({ ...parseIp('203.0.113.0'), anonymized: true })
  t.strictSame(['203.0.113.7', '203.0.113.200', '203.0.114.7', '::ffff:203.0.113.9'].map(shown), [true, true, false, true])
  const range = ipMatcher({ ...parseIp('203.0.113.0/32'), anonymized: true })
  t.strictSame(['203.0.113.7', '203.0.114.7'].map(range), [true, false], 'a range holds the zeroed address')
  t.strictSame(['203.0.113.7', '203.0.114.7'].map(ipMatcher(parseIp('203.0.113.0/32'))), [false, false], 'as logged, it does not')
  t.equal(ipMatcher({ ...parseIp('shop'), anonymized: true })('shop-client.example.net'), false, 'a host name is shown as -')
})
