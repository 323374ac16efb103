/** The Host a request names must be this server's (DNS rebinding): names read, compared without port or case. */

import t from 'tap'
import { allowedHostNames, hostName, isArrivalAddress, parseAllowHost } from '../../../../src/jobs/serve/host-check.js'

t.test('a Host header → its name, lower-cased, without port, brackets or trailing dot', async (t) => {
  t.equal(hostName('127.0.0.1:8080'), '127.0.0.1')
  t.equal(hostName('LocalHost'), 'localhost')
  t.equal(hostName('[::1]:8080'), '::1')
  t.equal(hostName('Profiler.Example.com.:443'), 'profiler.example.com')
  t.equal(hostName(' localhost:80 '), 'localhost', 'spaces around are no part of it')
  for (const bad of [undefined, '', ':80', '[::1', '[zz]:80', 'a b', 'user@evil.example', 'evil.example/x', 'a:b:c']) t.equal(hostName(bad), null, String(bad))
})

t.test('the names taken: the listening address, localhost, and --allow-host', async (t) => {
  t.strictSame([...allowedHostNames('127.0.0.1', [])].sort(), ['127.0.0.1', 'localhost'])
  t.strictSame([...allowedHostNames('::1', ['profiler.example.com'])].sort(), ['::1', 'localhost', 'profiler.example.com'])
  t.notOk(allowedHostNames('0.0.0.0', []).has('evil.example'), 'a rebound name is not among them')
})

t.test('--allow-host: a DNS name or an IP address, nothing more', async (t) => {
  t.equal(parseAllowHost('Profiler.Example.com'), 'profiler.example.com')
  t.equal(parseAllowHost('profiler.example.com.'), 'profiler.example.com')
  t.equal(parseAllowHost('192.0.2.10'), '192.0.2.10')
  t.equal(parseAllowHost('2001:DB8::1'), '2001:db8::1')
  t.equal(parseAllowHost('[2001:db8::1]'), '2001:db8::1')
  t.equal(parseAllowHost('intranet'), 'intranet')
  for (const bad of ['', 'http://x.example', 'x.example:8080', 'a b', '-x.example', 'x..example', `${'a'.repeat(64)}.example`, '*.example']) {
    t.equal(parseAllowHost(bad), null, bad)
  }
})

t.test('the address a request came in on: as such, or IPv4 on a dual-stack socket; never a name', async (t) => {
  t.ok(isArrivalAddress('192.0.2.7', '192.0.2.7'))
  t.ok(isArrivalAddress('192.0.2.7', '::ffff:192.0.2.7'))
  t.ok(isArrivalAddress('2001:db8::1', '2001:DB8::1'))
  t.notOk(isArrivalAddress('192.0.2.8', '192.0.2.7'))
  t.notOk(isArrivalAddress('evil.example', 'evil.example'), 'a name can be made to resolve anywhere')
  t.notOk(isArrivalAddress('192.0.2.7', undefined))
})
