import t from 'tap'
import { searchSummary, shellWord } from '../../../src/render/search-summary.js'
import { DEFAULT_CRITERIA, type Criteria } from '../../../src/select/criteria.js'
import { parseIp } from '../../../src/select/filters/ip.js'
import { parseTimeBound } from '../../../src/select/filters/time-range.js'
import { renderedPage } from '../../helpers/page.js'

/** The default criteria with some replaced. */
const withCriteria = (changes: Partial<Criteria> = {}): Criteria => ({ ...DEFAULT_CRITERIA, ...changes })

const values = (summary: ReturnType<typeof searchSummary>): string[][] =>
  summary.fields.map((f) => [f.id, f.label, f.value])

t.test('the default search', async (t) => {
  const summary = searchSummary(DEFAULT_CRITERIA, 10, null)
  t.strictSame(values(summary), [
    ['ip', 'IP', ''], ['server', 'Server', ''], ['method', 'Method', 'GET'], ['status', 'Status', '200'], ['url', 'URL', ''],
    ['urls', 'URLs', 'storefront shapes'], ['crawlers', 'Crawlers', 'included'],
    ['token', 'Token', ''], ['from', 'From', ''], ['until', 'Until', ''], ['limit', 'Results', '10'],
  ])
  t.equal(summary.zoneNote, null)
  t.strictSame(summary.options, ['--method GET', '--status 200', '--limit 10'], 'the options that set it, defaults too')
})

t.test('every criterion', async (t) => {
  const summary = searchSummary(withCriteria({
    ip: parseIp('2001:db8::/32'),
    method: null,
    status: null,
    url: { text: 'sofa', exclude: true },
    token: '6add69a80fdd7',
    from: parseTimeBound('2026-10-25T02:00'),
    until: null,
    anyUrl: true,
    crawlers: 'exclude',
    server: ['web1', 'web 2'],
  }), 100, 'UTC')
  t.strictSame(values(summary), [
    ['ip', 'IP', '2001:db8::/32'], ['server', 'Server', 'web1, web 2'], ['method', 'Method', ''], ['status', 'Status', ''], ['url', 'URL', '!sofa'],
    ['urls', 'URLs', 'every URL'], ['crawlers', 'Crawlers', 'left out'],
    ['token', 'Token', '6add69a80fdd7'], ['from', 'From', '2026-10-25T02:00'], ['until', 'Until', ''], ['limit', 'Results', '100'],
  ])
  t.equal(summary.zoneNote, 'From and Until are read in UTC.')
  t.strictSame(summary.options, ['--ip 2001:db8::/32', '--server web1', "--server 'web 2'", '--method any', '--status any', "--url '!sofa'", '--token 6add69a80fdd7',
    '--from 2026-10-25T02:00', '--tz UTC', '--limit 100', '--any-url', '--crawlers exclude'])
  t.equal(searchSummary(withCriteria({ until: parseTimeBound('2026-10-25') }), 10, null).zoneNote,
    'From and Until are read in the offset each line was logged with.')
  t.equal(searchSummary(withCriteria({ crawlers: 'only' }), 10, null).fields[6]?.value, 'only')
})

t.test('control and bidi characters in a value are made visible', async (t) => {
  const summary = searchSummary(withCriteria({ url: { text: 'a\u0000b\u202e', exclude: false } }), 10, null)
  t.equal(summary.fields[4]?.value, 'a\u2400b<U+202E>')
  t.equal(summary.options[2], "--url 'a\u2400b<U+202E>'")
})

t.test('an option value as a shell reads it back', async (t) => {
  t.equal(shellWord('10.0.0.0/8'), '10.0.0.0/8')
  t.equal(shellWord('2026-10-25T02:00:00+01:00'), '2026-10-25T02:00:00+01:00')
  t.equal(shellWord('!/robots.txt'), "'!/robots.txt'")
  t.equal(shellWord("it's a $HOME `x`"), "'it'\\''s a $HOME `x`'")
  t.equal(shellWord(''), "''")
})

t.test('the page draws the sidebar after the results, escaped, and only when given', async (t) => {
  const search = searchSummary(withCriteria({ url: { text: '"><script>x</script>', exclude: false } }), 10, null)
  const html = await renderedPage({ rows: [], search })
  t.match(html, [
    '</table>\n</div>\n</div>\n</div>\n<div id="sidebar">\n<div id="sidebar-search">\n<h3>Search</h3>\n',
    '<dl class="search-fields">\n<dt>IP</dt>\n<dd>any</dd>\n<dt>Server</dt>\n<dd>any</dd>\n<dt>Method</dt>\n<dd>GET</dd>\n',
  ].join(''))
  t.match(html, '<dt>URL</dt>\n<dd>&quot;&gt;&lt;script&gt;x&lt;/script&gt;</dd>\n')
  t.match(html, '<p class="search-options">Set by the build options <code><span>--method GET</span> <span>--status 200</span> ' +
    '<span>--url &#x27;&quot;&gt;&lt;script&gt;x&lt;/script&gt;&#x27;</span> <span>--limit 10</span></code></p>\n</div>\n</div>\n')
  t.notMatch(html, /<input|<form|<button|disabled/, 'no form field to click')
  t.notMatch(html, /<script|<form|<button/)
  t.notMatch(await renderedPage({ rows: [] }), 'id="sidebar"', 'no search, no sidebar (e.g. merge)')
})
