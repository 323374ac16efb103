/** `serve --listen`: HOST:PORT read, loopback told apart, the address as a URL. */

import t from 'tap'
import { DEFAULT_LISTEN, hostInUrl, isLoopback, listenUrl, parseListenAddress } from '../../../../src/jobs/serve/listen-address.js'

t.test('HOST:PORT with an IPv4 address, [IPv6] or localhost; port 0 to 65535', async (t) => {
  t.strictSame(parseListenAddress('127.0.0.1:8080'), { host: '127.0.0.1', port: 8080 })
  t.strictSame(parseListenAddress('[::1]:80'), { host: '::1', port: 80 })
  t.strictSame(parseListenAddress('[2001:DB8::1]:443'), { host: '2001:db8::1', port: 443 })
  t.strictSame(parseListenAddress('localhost:0'), { host: '127.0.0.1', port: 0 }, 'localhost is 127.0.0.1; port 0 is any free one')
  t.strictSame(parseListenAddress('LOCALHOST:65535'), { host: '127.0.0.1', port: 65535 })
  t.strictSame(parseListenAddress('0.0.0.0:8080'), { host: '0.0.0.0', port: 8080 })
  t.strictSame(DEFAULT_LISTEN, { host: '127.0.0.1', port: 8080 })
})

t.test('anything else is no address', async (t) => {
  for (const text of ['127.0.0.1', ':8080', '8080', 'example.com:80', '127.0.0.1:65536', '127.0.0.1:', '::1:80', '[::1]', '[fe80::1%eth0]:80',
    '[127.0.0.1]:80', '256.0.0.1:80', '127.0.0.1:80:80', ' 127.0.0.1:80', '127.0.0.1:123456']) {
    t.equal(parseListenAddress(text), null, text)
  }
})

t.test('loopback: 127.0.0.0/8, ::1 and IPv4-mapped 127.x; nothing else', async (t) => {
  for (const host of ['127.0.0.1', '127.1.2.3', '127.255.255.255', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1']) t.equal(isLoopback(host), true, host)
  for (const host of ['0.0.0.0', '::', '10.0.0.1', '192.168.1.1', '128.0.0.1', '::ffff:10.0.0.1', '::2', 'localhost']) t.equal(isLoopback(host), false, host)
})

t.test('the address in a URL: IPv6 in brackets', async (t) => {
  t.equal(hostInUrl('127.0.0.1'), '127.0.0.1')
  t.equal(hostInUrl('::1'), '[::1]')
  t.equal(listenUrl({ host: '::1', port: 8080 }), 'http://[::1]:8080/')
  t.equal(listenUrl(DEFAULT_LISTEN), 'http://127.0.0.1:8080/')
})
