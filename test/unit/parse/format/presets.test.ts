import t from 'tap'
import type { TextFormatSpec } from '../../../../src/parse/format/format-spec.js'
import { isPresetName, preset, PRESET_NAMES, probeCandidates } from '../../../../src/parse/format/presets.js'

const text = (name: 'combined' | 'common' | 'vhost_combined'): TextFormatSpec => {
  const spec = preset(name)
  if (spec.kind !== 'text') throw new Error('not a text format')
  return spec
}

const NGINX_COMBINED =
  '203.0.113.7 - - [12/Mar/2024:09:14:02 +0100] "GET /detail/0a1b2c3d?sw=1 HTTP/1.1" 200 15342 ' +
  '"https://shop.example/" "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 Safari/537.36"'
const NGINX_SLOTS = [
  '203.0.113.7', '-', '12/Mar/2024:09:14:02 +0100', 'GET /detail/0a1b2c3d?sw=1 HTTP/1.1', '200', '15342',
  'https://shop.example/',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 Safari/537.36',
]
const APACHE_COMBINED =
  '198.51.100.23 - bob [10/Oct/2000:13:55:36 -0700] "POST /checkout HTTP/1.1" 302 - ' +
  '"https://shop.example/cart" "Mozilla/5.0 \\"Quoted\\" Agent"'
const APACHE_SLOTS = [
  '198.51.100.23', 'bob', '10/Oct/2000:13:55:36 -0700', 'POST /checkout HTTP/1.1', '302', '-',
  'https://shop.example/cart', 'Mozilla/5.0 \\"Quoted\\" Agent',
]
const COMMON_LINE = '192.0.2.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326'
const COMMON_SLOTS = ['192.0.2.1', 'frank', '10/Oct/2000:13:55:36 -0700', 'GET /apache_pb.gif HTTP/1.0', '200', '2326']

t.test('the preset names', async (t) => {
  t.strictSame(PRESET_NAMES, ['combined', 'common', 'vhost_combined', 'json'])
  t.ok(isPresetName('vhost_combined'))
  t.notOk(isPresetName('COMBINED'))
  t.strictSame(probeCandidates().map((c) => c.name), ['vhost_combined', 'combined', 'common', 'json'], 'most specific first')
})

t.test('the fields of each text preset, in slot order', async (t) => {
  const roles = (name: 'combined' | 'common' | 'vhost_combined') => text(name).fields.map((f) => `${f.role}=${f.name}`)
  t.strictSame(roles('common'), ['ip=%h', 'user=%u', 'time=%t', 'request=%r', 'status=%>s', 'bytes=%b'])
  t.strictSame(roles('combined'), [...roles('common'), 'referer=%{Referer}i', 'userAgent=%{User-Agent}i'],
    'common is a prefix of combined, so a common line fills the same slots')
  t.strictSame(roles('vhost_combined'), [
    'host=%v', 'port=%p', 'ip=%h', 'user=%u', 'time=%t', 'request=%r', 'status=%>s', 'bytes=%O',
    'referer=%{Referer}i', 'userAgent=%{User-Agent}i',
  ])
})

t.test('combined reads nginx and Apache combined lines, extra fields, and common lines', async (t) => {
  const parse = text('combined').parse
  t.strictSame(parse(NGINX_COMBINED), NGINX_SLOTS)
  t.strictSame(parse(APACHE_COMBINED), APACHE_SLOTS)
  t.strictSame(parse(`${NGINX_COMBINED} rt=0.003`), NGINX_SLOTS)
  t.strictSame(parse(COMMON_LINE), COMMON_SLOTS)
  t.equal(parse(`${COMMON_LINE} rt=0.003`), null)
  t.equal(parse(`shop.example:80 ${NGINX_COMBINED}`), null)
  t.equal(parse('hello world'), null)
  t.equal(parse(''), null)
})

t.test('common reads common lines only', async (t) => {
  const parse = text('common').parse
  t.strictSame(parse(COMMON_LINE), COMMON_SLOTS)
  t.equal(parse(NGINX_COMBINED), null)
  t.equal(parse(`${COMMON_LINE} rt=0.003`), null)
  t.strictSame(parse('2001:db8::1 - - [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.1" 304 0'),
    ['2001:db8::1', '-', '10/Oct/2000:13:55:36 -0700', 'GET / HTTP/1.1', '304', '0'])
})

t.test('vhost_combined: Apache\'s %v:%p prefix', async (t) => {
  const parse = text('vhost_combined').parse
  t.strictSame(parse(`shop.example:443 ${APACHE_COMBINED}`), ['shop.example', '443', ...APACHE_SLOTS])
  t.strictSame(parse(`shop.example:80 ${NGINX_COMBINED} extra`), ['shop.example', '80', ...NGINX_SLOTS])
  t.equal(parse(NGINX_COMBINED), null)
  t.equal(parse('::1 - - [10/Oct/2000:13:55:36 -0700] "GET / HTTP/1.1" 200 5 "-" "-"'), null)
})

t.test('the strict combined used for probing does not read common lines', async (t) => {
  const combined = probeCandidates().find((c) => c.name === 'combined')
  if (combined?.probe.kind !== 'text') throw new Error('no combined')
  t.equal(combined.probe.parse(COMMON_LINE), null)
  t.strictSame(combined.probe.parse(NGINX_COMBINED), NGINX_SLOTS)
})

const TRAEFIK = '203.0.113.8 - - [22/Nov/2026:12:45:32 +0000] "GET /moebel/12/sofa-bergen HTTP/2.0" 200 2048 - - 102 "shop@docker" "http://172.18.0.3:80" 3ms'
const TRAEFIK_SLOTS = ['203.0.113.8', '-', '22/Nov/2026:12:45:32 +0000', 'GET /moebel/12/sofa-bergen HTTP/2.0', '200', '2048', '-', '-']

t.test('combined reads Traefik\'s CLF: bare - for Referer and User-Agent, its fields after them ignored', async (t) => {
  t.strictSame(text('combined').parse(TRAEFIK), TRAEFIK_SLOTS)
  const combined = probeCandidates().find((c) => c.name === 'combined')
  if (combined?.probe.kind !== 'text') throw new Error('no combined')
  t.strictSame(combined.probe.parse(TRAEFIK), TRAEFIK_SLOTS, 'auto probes it as combined')
  t.strictSame(text('combined').parse(TRAEFIK.replace(' - - 102', ' "https://x/" "curl/8" 102'))?.slice(6), ['https://x/', 'curl/8'])
  t.equal(text('common').parse(TRAEFIK), null)
  t.strictSame(text('vhost_combined').parse(`shop.example:443 ${TRAEFIK}`), ['shop.example', '443', ...TRAEFIK_SLOTS])
})

t.test('a combined line cut off inside its User-Agent: the rest of the line', async (t) => {
  t.strictSame(text('combined').parse(NGINX_COMBINED.slice(0, -20)), [...NGINX_SLOTS.slice(0, 7), (NGINX_SLOTS[7] as string).slice(0, -19)])
  t.strictSame(text('vhost_combined').parse(`shop.example:80 ${APACHE_COMBINED.slice(0, -9)}`), ['shop.example', '80', ...APACHE_SLOTS.slice(0, 7), 'Mozilla/5.0 \\"Quoted'])
  t.equal(text('combined').parse(NGINX_COMBINED.slice(0, 70)), null, 'cut inside the request: not read')
  t.equal(text('combined').parse(NGINX_COMBINED.slice(0, 100)), null, 'cut inside the Referer: not read')
})
