import t from 'tap'
import {
  anonymizeAddress, DEFAULT_TRUSTED_PROXIES, forwardedClient, inCidr, parseAddress, parseCidr, type Cidr,
} from '../../../../src/parse/record/client-ip.js'

const cidrs = (...texts: string[]): Cidr[] => texts.map((text) => {
  const cidr = parseCidr(text)
  if (!cidr) throw new Error(text)
  return cidr
})
const defaults = cidrs(...DEFAULT_TRUSTED_PROXIES)

t.test('addresses are read strictly', async (t) => {
  t.equal(parseAddress('192.0.2.1')?.toString(), '192.0.2.1')
  t.equal(parseAddress('2001:db8::1')?.toString(), '2001:db8::1')
  t.equal(parseAddress('::ffff:192.0.2.1')?.toString(), '192.0.2.1', 'IPv4-mapped counts as IPv4')
  for (const bad of ['1.2.3', '010.1.1.1', '1.2.3.4.5', '256.1.1.1', 'unknown', '', '-', 'example.com', '1.2.3.4:80']) {
    t.equal(parseAddress(bad), null, JSON.stringify(bad))
  }
})

t.test('CIDR ranges', async (t) => {
  const ten = parseCidr('10.0.0.0/8')
  t.strictSame(ten && [ten.address.toString(), ten.bits, ten.text], ['10.0.0.0', 8, '10.0.0.0/8'])
  t.strictSame(parseCidr('192.0.2.7') && [parseCidr('192.0.2.7')?.bits], [32], 'one address is /32')
  t.equal(parseCidr('2001:db8::1')?.bits, 128)
  t.equal(parseCidr('::ffff:10.0.0.0/104')?.bits, 8, 'an IPv4-mapped range is its IPv4 range')
  for (const bad of ['10.0.0.0/33', '2001:db8::/129', '10.0.0.0/', '10.0.0.0/x', '10.0.0/8', 'fd00::/-1', 'abc/8', '']) {
    t.equal(parseCidr(bad), null, JSON.stringify(bad))
  }
})

t.test('inCidr: IPv4, IPv6, IPv4-mapped, and non-addresses', async (t) => {
  const [ten, v6, v4only] = cidrs('10.0.0.0/8', '2001:db8::/32', '192.0.2.0/24')
  t.ok(inCidr('10.1.2.3', ten as Cidr))
  t.notOk(inCidr('11.1.2.3', ten as Cidr))
  t.ok(inCidr('::ffff:10.1.2.3', ten as Cidr), 'an IPv4-mapped client matches an IPv4 range')
  t.ok(inCidr('2001:db8:1::5', v6 as Cidr))
  t.notOk(inCidr('2001:db9::5', v6 as Cidr))
  t.notOk(inCidr('192.0.2.1', v6 as Cidr), 'IPv4 never matches an IPv6 range')
  t.notOk(inCidr('2001:db8::1', v4only as Cidr))
  t.notOk(inCidr('not an address', v4only as Cidr))
  const parsed = parseAddress('192.0.2.200')
  t.ok(parsed && inCidr(parsed, v4only as Cidr), 'a parsed address works too')
})

t.test('the default trusted proxies', async (t) => {
  t.strictSame(DEFAULT_TRUSTED_PROXIES, ['127.0.0.0/8', '::1/128', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7', '169.254.0.0/16', 'fe80::/10'])
  const trusted = (address: string) => defaults.some((cidr) => inCidr(address, cidr))
  for (const yes of ['127.0.0.1', '::1', '10.9.8.7', '172.31.255.255', '192.168.1.1', 'fd12::1', '169.254.1.1', 'fe80::1', '::ffff:127.0.0.1']) {
    t.ok(trusted(yes), yes)
  }
  for (const no of ['172.32.0.1', '192.0.2.1', '2001:db8::1', '8.8.8.8', '::2']) t.notOk(trusted(no), no)
})

t.test('--client-ip forwarded: walking X-Forwarded-For from the right', async (t) => {
  const choose = forwardedClient(defaults)
  t.equal(choose('10.0.0.2', '203.0.113.9'), '203.0.113.9', 'one hop')
  t.equal(choose('10.0.0.2', '203.0.113.9, 10.0.0.3'), '203.0.113.9', 'trusted addresses on the right are passed')
  t.equal(choose('10.0.0.2', '198.51.100.7, 203.0.113.9, 10.0.0.3'), '203.0.113.9',
    'the right-most untrusted one wins: anything left of it may be forged by the client')
  t.equal(choose('127.0.0.1', '10.0.0.5, 192.168.0.1'), '10.0.0.5', 'all trusted: the left-most')
  t.equal(choose('203.0.113.50', '198.51.100.7'), '203.0.113.50', 'an untrusted peer is the client; its header is not believed')
  t.equal(choose('10.0.0.2', null), '10.0.0.2', 'no header: the peer')
  t.equal(choose('10.0.0.2', '203.0.113.9, unknown, 10.0.0.3'), '10.0.0.3', 'an invalid entry stops the walk at the last trusted address')
  t.equal(choose('10.0.0.2', 'garbage'), '10.0.0.2')
  t.equal(choose('10.0.0.2', '203.0.113.9,,10.0.0.3'), '10.0.0.3', 'an empty entry is invalid')
  t.equal(choose('10.0.0.2', ' 203.0.113.9:4711 , [2001:db8::7]:443'), '2001:db8::7', 'ports and brackets are dropped')
  t.equal(choose('::1', '2001:db8::9, fd00::1'), '2001:db8::9', 'IPv6 proxies')
  t.equal(choose('::ffff:10.0.0.2', '203.0.113.9'), '203.0.113.9', 'an IPv4-mapped peer')
  t.equal(choose('proxy.local', '203.0.113.9'), 'proxy.local', 'a peer that is no address is not trusted')
})

t.test('--trusted-proxy replaces the defaults', async (t) => {
  const choose = forwardedClient(cidrs('198.51.100.0/24'))
  t.equal(choose('198.51.100.1', '203.0.113.9, 10.0.0.3'), '10.0.0.3', '10/8 is no longer trusted')
  t.equal(choose('10.0.0.2', '203.0.113.9'), '10.0.0.2')
})

// anonymizeAddress (--anonymize-ip)
t.test('IPv4: the last octet zeroed; IPv6: the last 80 bits; IPv4-mapped as IPv4', async (t) => {
  const cases: [string, string][] = [
    ['203.0.113.7', '203.0.113.0'],
    ['10.1.2.255', '10.1.2.0'],
    ['2001:db8:10:5::1', '2001:db8:10::'],
    ['2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', '2001:db8:ffff::'],
    ['2001:0:0:1::', '2001::'],
    ['::1', '::'],
    ['::ffff:203.0.113.7', '203.0.113.0'],
    ['[2001:db8::1]:443', '2001:db8::'],
    ['203.0.113.7:5555', '203.0.113.0'],
  ]
  t.strictSame(cases.map(([address]) => [address, anonymizeAddress(address)]), cases)
})

t.test('a value that is no address is shown as -', async (t) => {
  for (const text of ['unix:', 'shop-client.example.net', '999.1.1.1', '', '<script>']) t.equal(anonymizeAddress(text), '-', JSON.stringify(text))
})
