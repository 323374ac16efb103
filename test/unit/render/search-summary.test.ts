import t from 'tap'
import { searchSummary } from '../../../src/render/search-summary.js'
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
    ['ip', 'IP', ''], ['method', 'Method', 'GET'], ['status', 'Status', '200'], ['url', 'URL', ''],
    ['token', 'Token', ''], ['from', 'From', ''], ['until', 'Until', ''], ['limit', 'Results', '10'],
  ])
  t.strictSame(summary.switches, [])
  t.equal(summary.zoneNote, null)
})

t.test('every criterion and switch', async (t) => {
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
  }), 100, 'UTC')
  t.strictSame(values(summary), [
    ['ip', 'IP', '2001:db8::/32'], ['method', 'Method', 'Any'], ['status', 'Status', 'Any'], ['url', 'URL', '!sofa'],
    ['token', 'Token', '6add69a80fdd7'], ['from', 'From', '2026-10-25T02:00'], ['until', 'Until', ''], ['limit', 'Results', '100'],
  ])
  t.strictSame(summary.switches, ['Every URL, not only the storefront shapes (--any-url)', 'Crawlers left out (--crawlers exclude)'])
  t.equal(summary.zoneNote, 'From and Until are read in UTC.')
  t.equal(searchSummary(withCriteria({ until: parseTimeBound('2026-10-25') }), 10, null).zoneNote,
    'From and Until are read in the offset each line was logged with.')
  t.strictSame(searchSummary(withCriteria({ crawlers: 'only' }), 10, null).switches, ['Crawlers only (--crawlers only)'])
})

t.test('control and bidi characters in a value are made visible', async (t) => {
  const summary = searchSummary(withCriteria({ url: { text: 'a\u0000b\u202e', exclude: false } }), 10, null)
  t.equal(summary.fields[3]?.value, 'a\u2400b<U+202E>')
})

t.test('the page draws the sidebar after the results, escaped, and only when given', async (t) => {
  const search = searchSummary(withCriteria({ url: { text: '"><script>x</script>', exclude: false } }), 10, null)
  const html = await renderedPage({ rows: [], search })
  t.match(html, [
    '</table>\n</div>\n</div>\n</div>\n<div id="sidebar">\n<div id="sidebar-search">\n<h3>Search</h3>\n',
    '<div class="form-group">\n<label for="search-ip">IP</label>\n<input type="text" id="search-ip" value="" readonly disabled>\n</div>\n',
  ].join(''))
  t.match(html, '<input type="text" id="search-url" value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;" readonly disabled>')
  t.notMatch(html, /<script|<form|<button/)
  t.notMatch(await renderedPage({ rows: [] }), 'id="sidebar"', 'no search, no sidebar (e.g. merge)')
})
