import t from 'tap'
import { splitRequestLine } from '../../../../src/parse/record/request-line.js'
import { seeded } from '../../../helpers/seeded.js'

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

/** The rule as it reads in words, with regular expressions: the char-code version must agree. */
const reference = (request: string): { method: string | null; target: string | null; protocol: string | null } => {
  const firstSpace = request.indexOf(' ')
  if (firstSpace <= 0) return none
  const method = request.slice(0, firstSpace)
  if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(method)) return none
  const rest = request.slice(firstSpace + 1)
  const lastSpace = rest.lastIndexOf(' ')
  if (lastSpace > 0 && /^HTTP\/\d+(?:\.\d+)?$/.test(rest.slice(lastSpace + 1))) {
    return { method, target: rest.slice(0, lastSpace), protocol: rest.slice(lastSpace + 1) }
  }
  if (rest === '') return none
  return { method, target: rest, protocol: null }
}

t.test('agrees with the rule on random request lines', async (t) => {
  const random = seeded(11)
  const parts = ['GET', 'get', 'POST', 'HEAD', 'M-SEARCH', '1X', '_A', 'A_', ' ', ' ', '/x', '/a b', 'HTTP/1.1', 'HTTP/2',
    'HTTP/', 'HTTP/1.', 'HTTP/.1', 'HTTP/1.1x', 'http/1.1', '-', '', '\u0016', '.', '9', 'K', '\u212a']
  let disagreements = 0
  for (let i = 0; i < 50_000; i++) {
    let request = ''
    const count = Math.floor(random() * 6)
    for (let j = 0; j < count; j++) request += parts[Math.floor(random() * parts.length)]
    const got = splitRequestLine(request)
    const want = reference(request)
    if (got.method !== want.method || got.target !== want.target || got.protocol !== want.protocol) {
      disagreements++
      t.fail(JSON.stringify(request))
    }
  }
  t.equal(disagreements, 0)
})

t.test('the GET … HTTP/1.1 shortcut keeps the edge cases', async (t) => {
  t.strictSame(splitRequestLine('GET  HTTP/1.1'), { method: 'GET', target: ' HTTP/1.1', protocol: null }, 'no target: the protocol is the target')
  t.strictSame(splitRequestLine('GET a HTTP/1.1'), { method: 'GET', target: 'a', protocol: 'HTTP/1.1' })
  t.strictSame(splitRequestLine('GET /a HTTP/1.1 HTTP/1.1'), { method: 'GET', target: '/a HTTP/1.1', protocol: 'HTTP/1.1' })
  t.strictSame(splitRequestLine('GET HTTP/1.1'), { method: 'GET', target: 'HTTP/1.1', protocol: null })
})
