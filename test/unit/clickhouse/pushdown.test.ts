/**
 * The pushed-down conditions: each necessary, never sufficient. The shapes'
 * regex (run here in re2js, RE2 as ClickHouse's match() is) matches every
 * line of the fixtures whose request has a listed shape.
 */

import { readFileSync } from 'node:fs'
import { RE2JS } from 're2js'
import t from 'tap'
import { DEFAULT_COLUMNS } from '../../../src/clickhouse/clickhouse-url.js'
import { pushdown, reservedRegex, shapesRegex, timeSpan } from '../../../src/clickhouse/pushdown.js'
import { DEFAULT_CRITERIA, type Criteria } from '../../../src/select/criteria.js'
import { parseTimeBound } from '../../../src/select/filters/time-range.js'
import { DEFAULT_SHAPES, defaultRowRule, hasListedShape } from '../../../src/select/shapes.js'
import { fixture, runCli } from '../../helpers/run-cli.js'

const CONTEXT = { columns: DEFAULT_COLUMNS, shapes: null, toleranceS: 60, requestFirst: true }

t.test('each criterion as a condition on the raw line or the time column', async (t) => {
  const criteria: Criteria = {
    ...DEFAULT_CRITERIA, anyUrl: true, status: { kind: 'class', hundreds: 4 }, url: { text: '/moebel/', exclude: false },
    ip: { kind: 'cidr', text: '10.0.0.0/8' }, from: parseTimeBound('2026-11-22T10:00Z'), until: parseTimeBound('2026-11-22'), token: '6b02e3f426e8d',
  }
  t.strictSame(pushdown(criteria, CONTEXT), [
    "position(`message`, 'GET') > 0",
    "match(`message`, '(?:^|[^0-9])4[0-9][0-9](?:[^0-9]|$)')",
    "position(`message`, '/moebel/') > 0",
    "arrayExists(a -> bitAnd(IPv4StringToNum(a), 4278190080) = 167772160, extractAll(`message`, '[0-9]{1,3}\\\\.[0-9]{1,3}\\\\.[0-9]{1,3}\\\\.[0-9]{1,3}'))",
    // the bounds of --from, --until and the token's second, the narrowest
    '`time` >= 1795351480',
    '`time` <= 1795351600',
  ])
  t.strictSame(timeSpan({ ...criteria, token: null }, 60), { from: 1795341540, until: 1795478460 }, 'an instant exact, wall-clock time widened by a day, both by the tolerance')
  // left to the re-check: an excluded URL, text a log line escapes, IPv6 ranges, any method or status
  t.strictSame(pushdown({ ...DEFAULT_CRITERIA, anyUrl: true, method: null, status: null, url: { text: 'a"b', exclude: false }, ip: { kind: 'cidr', text: '2001:db8::/32' } }, CONTEXT), [])
  t.strictSame(pushdown({ ...DEFAULT_CRITERIA, anyUrl: true, url: { text: '/x', exclude: true } }, CONTEXT).length, 2)
  t.strictSame(pushdown({ ...DEFAULT_CRITERIA, anyUrl: true, method: null, status: null, ip: { kind: 'substring', text: '10.0.7.0', anonymized: true } }, CONTEXT), [],
    'an address as --anonymize-ip shows it is no text of the line')
  t.strictSame(pushdown({ ...DEFAULT_CRITERIA, anyUrl: true, method: null, status: null, ip: { kind: 'substring', text: '10.0.7.0' } }, CONTEXT), ["position(`message`, '10.0.7.0') > 0"])
})

t.test('--server: the host column is one of the names, the column as the URL names it; not for a name holding U+FFFD', async (t) => {
  const any = { ...DEFAULT_CRITERIA, anyUrl: true, method: null, status: null }
  t.strictSame(pushdown({ ...any, server: ['web1', "o'brien é"] }, CONTEXT), ["`host` IN ('web1', 'o\\'brien \\xC3\\xA9')"])
  t.strictSame(pushdown({ ...any, server: ['web2'] }, { ...CONTEXT, columns: { ...DEFAULT_COLUMNS, host: 'server_name' } }), ["`server_name` IN ('web2')"])
  t.strictSame(pushdown({ ...any, server: ['web1', 'web\ufffd'] }, CONTEXT), [], 'a name of bytes that are not UTF-8 is left to the re-check')
})

t.test('the shapes regex matches every line whose request has a listed shape; the reserved regex none of them', async (t) => {
  const regex = RE2JS.compile(shapesRegex(DEFAULT_SHAPES))
  const reserved = RE2JS.compile(reservedRegex(null) ?? '')
  const rule = defaultRowRule()
  let listed = 0
  for (const name of ['nginx/access.log', 'apache/access.log', 'nginx/json.log', 'hostile/access.log', 'apache/vhost_combined.log']) {
    let text: string
    try {
      text = readFileSync(fixture(name), 'utf8')
    } catch {
      continue
    }
    const rows = await runCli(['build', fixture(name), '--any-url', '--status', 'any', '--method', 'any', '-n', '100000', '--emit', 'ndjson'])
    for (const line of rows.stdout.split('\n').filter(Boolean)) {
      const row = JSON.parse(line) as { raw: string; request: string }
      const target = row.request.split(' ')[1] ?? ''
      if (!hasListedShape(rule, target)) continue
      listed++
      if (!regex.matcher(row.raw).find()) t.fail(`${name}: ${row.raw}`)
      if (reserved.matcher(row.raw).find()) t.fail(`reserved: ${name}: ${row.raw}`)
    }
    t.ok(text.length > 0)
  }
  t.ok(listed > 50, `${listed} listed lines checked`)
  t.notOk(regex.matcher('1.2.3.4 - - [x] "GET /moebel/extra/ HTTP/1.1" 200 1').find(), 'two segments where the shape has one')
  t.ok(regex.matcher('{"request":"GET http://shop.example/moebel/ HTTP/1.1"}').find(), 'an absolute target')
  const line = (request: string, userAgent = 'x'): string => `1.2.3.4 - - [22/Nov/2026:10:00:00 +0100] "${request}" 200 1 "https://shop/checkout/" "${userAgent}"`
  t.ok(reserved.matcher(line('GET /checkout/cart HTTP/1.1')).find(), 'a reserved first segment in the request')
  t.ok(reserved.matcher(line('GET http://shop/widgets/x HTTP/1.1')).find(), 'absolute form')
  t.notOk(reserved.matcher(line('GET /forms/index/id/5 HTTP/1.1')).find(), 'written out by a pattern: not excluded')
  t.notOk(reserved.matcher(line('GET /moebel/ HTTP/1.1', 'a /checkout/')).find(), 'a reserved path in the referer or a hostile User-Agent hides no row')
  t.notOk(reserved.matcher('{"time":"x","request":"GET /checkout/ HTTP/1.1"}').find(), 'a JSON line: its first quoted field is a key')
})

t.test('reserved segments are excluded only where that is sure', async (t) => {
  t.equal(reservedRegex({ patterns: ['/{c:slug}/'], segmentTypes: {}, reserved: ['checkout'] }), null, 'a first segment that may be a reserved word')
  t.equal(reservedRegex({ patterns: ['/checkout/{id:int}'], segmentTypes: {}, reserved: ['checkout'] }), null, 'every reserved word written out')
  t.equal(reservedRegex({ patterns: ['/{category}/', '/api/x'], segmentTypes: {}, reserved: ['api', 'media.x'] }), '^[^"]*"[A-Za-z]+ (?:[A-Za-z][A-Za-z0-9+.-]*://[^/?#" ]*)?/(?:media\\.x)(?:[/?#" ]|$)')
  const criteria = { ...DEFAULT_CRITERIA }
  t.equal(pushdown(criteria, CONTEXT).filter((c) => c.startsWith('NOT match')).length, 1)
  t.equal(pushdown(criteria, { ...CONTEXT, requestFirst: false }).filter((c) => c.startsWith('NOT match')).length, 0, 'a format of one\'s own')
})
