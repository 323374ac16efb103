import t from 'tap'
import { COMBINED, COMMON, recogniser, STOCK_FORMATS } from '../../../src/parse/presets.js'
import { compileFormat } from '../../../src/parse/line-format.js'

const NGINX_COMBINED =
  '203.0.113.7 - - [12/Mar/2024:09:14:02 +0100] "GET /detail/0a1b2c3d?sw=1 HTTP/1.1" 200 15342 ' +
  '"https://shop.example/" "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 Safari/537.36"'
const NGINX_FIELDS = {
  ip: '203.0.113.7', ident: '-', user: '-', time: '12/Mar/2024:09:14:02 +0100',
  request: 'GET /detail/0a1b2c3d?sw=1 HTTP/1.1', status: '200', bytes: '15342',
  referer: 'https://shop.example/',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 Safari/537.36',
}
const APACHE_COMBINED =
  '198.51.100.23 - bob [10/Oct/2000:13:55:36 -0700] "POST /checkout HTTP/1.1" 302 - ' +
  '"https://shop.example/cart" "Mozilla/5.0 \\"Quoted\\" Agent"'
const APACHE_FIELDS = {
  ip: '198.51.100.23', ident: '-', user: 'bob', time: '10/Oct/2000:13:55:36 -0700',
  request: 'POST /checkout HTTP/1.1', status: '302', bytes: '-',
  referer: 'https://shop.example/cart', userAgent: 'Mozilla/5.0 \\"Quoted\\" Agent',
}
const COMMON_LINE = '192.0.2.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326'
const COMMON_FIELDS = {
  ip: '192.0.2.1', ident: '-', user: 'frank', time: '10/Oct/2000:13:55:36 -0700',
  request: 'GET /apache_pb.gif HTTP/1.0', status: '200', bytes: '2326',
}

t.test('the stock formats', async (t) => {
  t.equal(COMBINED.name, 'combined')
  t.equal(COMBINED.trailing, true)
  t.equal(COMMON.name, 'common')
  t.equal(COMMON.trailing, false)
  t.strictSame(STOCK_FORMATS.map((f) => f.name), ['combined', 'common'])
})

t.test('COMBINED parses nginx and Apache combined lines', async (t) => {
  const parse = compileFormat(COMBINED)
  t.strictSame(parse(NGINX_COMBINED), NGINX_FIELDS)
  t.strictSame(parse(APACHE_COMBINED), APACHE_FIELDS)
  t.strictSame(parse(`${NGINX_COMBINED} rt=0.003`), NGINX_FIELDS)
  t.equal(parse(COMMON_LINE), null)
})

t.test('COMMON parses common lines only', async (t) => {
  const parse = compileFormat(COMMON)
  t.strictSame(parse(COMMON_LINE), COMMON_FIELDS)
  t.equal(parse(NGINX_COMBINED), null)
  t.equal(parse(`${COMMON_LINE} rt=0.003`), null)
})

t.test('recogniser over the stock formats', async (t) => {
  const recognise = recogniser(STOCK_FORMATS)
  t.strictSame(recognise(NGINX_COMBINED), { format: 'combined', fields: NGINX_FIELDS })
  t.strictSame(recognise(APACHE_COMBINED), { format: 'combined', fields: APACHE_FIELDS })
  t.strictSame(recognise(COMMON_LINE), { format: 'common', fields: COMMON_FIELDS })
  t.strictSame(recognise(`${NGINX_COMBINED} rt=0.003`), { format: 'combined', fields: NGINX_FIELDS })
  t.strictSame(recognise('2001:db8::1 - - [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.1" 304 0'), {
    format: 'common',
    fields: {
      ip: '2001:db8::1', ident: '-', user: '-', time: '10/Oct/2000:13:55:36 -0700',
      request: 'GET / HTTP/1.1', status: '304', bytes: '0',
    },
  })
})

t.test('vhost_combined and junk are not recognised', async (t) => {
  const recognise = recogniser(STOCK_FORMATS)
  t.equal(recognise(`shop.example:80 ${NGINX_COMBINED}`), null)
  t.equal(recognise(`${COMMON_LINE} rt=0.003`), null)
  t.equal(recognise('hello world'), null)
  t.equal(recognise(''), null)
})

t.test('alternating formats give the right name each time', async (t) => {
  const recognise = recogniser(STOCK_FORMATS)
  const lines: [string, string][] = [
    [NGINX_COMBINED, 'combined'], [COMMON_LINE, 'common'], [APACHE_COMBINED, 'combined'],
    [COMMON_LINE, 'common'], [COMMON_LINE, 'common'], [NGINX_COMBINED, 'combined'],
    [NGINX_COMBINED, 'combined'], [COMMON_LINE, 'common'],
  ]
  lines.forEach(([line, format], i) => {
    t.equal(recognise(line)?.format, format, `line ${i + 1}`)
  })
  // a combined line right after a common one keeps its referer and User-Agent
  recognise(COMMON_LINE)
  t.strictSame(recognise(APACHE_COMBINED)?.fields, APACHE_FIELDS)
})
