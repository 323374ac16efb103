import t from 'tap'
import { splitRequestLine } from '../../../src/parse/request-line.js'

const none = { method: null, target: null, protocol: null }

t.test('method, target and protocol', async (t) => {
  t.strictSame(splitRequestLine('GET /x HTTP/1.1'), { method: 'GET', target: '/x', protocol: 'HTTP/1.1' })
  t.strictSame(splitRequestLine('POST /checkout?step=2 HTTP/2.0'),
    { method: 'POST', target: '/checkout?step=2', protocol: 'HTTP/2.0' })
  t.strictSame(splitRequestLine('GET / HTTP/2'), { method: 'GET', target: '/', protocol: 'HTTP/2' })
})

t.test('HTTP/0.9 has no protocol', async (t) => {
  t.strictSame(splitRequestLine('GET /robots.txt'), { method: 'GET', target: '/robots.txt', protocol: null })
})

t.test('absolute-form and authority-form targets are kept as is', async (t) => {
  t.strictSame(splitRequestLine('GET http://shop.example/x?y=1 HTTP/1.1'),
    { method: 'GET', target: 'http://shop.example/x?y=1', protocol: 'HTTP/1.1' })
  t.strictSame(splitRequestLine('CONNECT shop.example:443 HTTP/1.1'),
    { method: 'CONNECT', target: 'shop.example:443', protocol: 'HTTP/1.1' })
})

t.test('not a request', async (t) => {
  t.strictSame(splitRequestLine('-'), none)
  t.strictSame(splitRequestLine(''), none)
  t.strictSame(splitRequestLine('\u0016\u0003\u0001\u0002\u0000\u0001\u0000\u0001\u00fc\u0003\u0003'), none)
  t.strictSame(splitRequestLine('\u0016\u0003\u0001 \u0000\u0001 HTTP/1.1'), none, 'junk with spaces')
  t.strictSame(splitRequestLine(' /x HTTP/1.1'), none, 'leading space')
  t.strictSame(splitRequestLine('GET'), none, 'method only')
  t.strictSame(splitRequestLine('GET '), none, 'empty target')
  t.strictSame(splitRequestLine('1GET /x HTTP/1.1'), none, 'method starting with a digit')
})

t.test('a target containing a space', async (t) => {
  t.strictSame(splitRequestLine('GET /a b HTTP/1.1'), { method: 'GET', target: '/a b', protocol: 'HTTP/1.1' })
  t.strictSame(splitRequestLine('GET /a b'), { method: 'GET', target: '/a b', protocol: null })
})

t.test('a lower-case method is kept as is', async (t) => {
  t.strictSame(splitRequestLine('get /x HTTP/1.1'), { method: 'get', target: '/x', protocol: 'HTTP/1.1' })
  t.strictSame(splitRequestLine('M-SEARCH * HTTP/1.1'), { method: 'M-SEARCH', target: '*', protocol: 'HTTP/1.1' })
})
