import t from 'tap'
import type { ProfileRow } from '../../../src/record.js'
import { statusClass } from '../../../src/render/page.js'
import { renderedPage } from '../../helpers/page.js'
import { makeRecord } from '../../helpers/record.js'

const record = makeRecord()

const row = (over: Partial<ProfileRow>): ProfileRow => ({
  status: 200,
  ip: '203.0.113.5',
  method: 'GET',
  url: '/moebel/',
  date: '22.11.2026',
  clock: '9:05:07',
  token: '6b02af1b4c6f3',
  record,
  ...over,
})

t.test('status classes follow Symfony', async (t) => {
  t.strictSame([100, 200, 299, 300, 304, 399, 400, 404, 500].map(statusClass), [
    'status-success', 'status-success', 'status-success', 'status-warning', 'status-warning',
    'status-warning', 'status-error', 'status-error', 'status-error',
  ])
})

t.test('a row is drawn with the original structure and classes', async (t) => {
  const html = await renderedPage({ rows: [row({})] })
  t.ok(html.startsWith('<!DOCTYPE html>\n<html lang="en">\n'), 'standards mode')
  t.match(html, '<title>Profile Search</title>')
  // landmarks: the banner inside the #header bar, everything after it in <main> (axe: landmark-one-main, region)
  t.match(html, '<div id="header">\n<header class="container">\n<h1><span>Profiler</span></h1>\n</header>\n</div>\n<main>\n<div id="summary">')
  t.match(html, '<div id="summary">\n<div class="status">\n<div class="container">\n<h2>Profile Search</h2>')
  t.match(html, '<div id="content" class="container">\n<div id="main">\n<div id="collector-wrapper">\n<div id="collector-content">\n<h2>1 results found</h2>')
  t.ok(html.endsWith('</div>\n</div>\n</main>\n</body>\n</html>\n'), '<main> closes after #content')
  t.match(html, [
    '<tr>',
    '<th scope="col" class="text-center">Status</th>',
    '<th scope="col">IP</th>',
    '<th scope="col">Method</th>',
    '<th scope="col">URL</th>',
    '<th scope="col">Time</th>',
    '<th scope="col">Token</th>',
    '</tr>',
  ].join('\n'))
  t.match(html, [
    '<tr>',
    '<td class="text-center"><span class="label status-success">200</span></td>',
    '<td><span class="nowrap">203.0.113.5</span></td>',
    '<td>GET</td>',
    '<td class="break-long-words">/moebel/</td>',
    '<td class="text-small"><span class="nowrap">22.11.2026</span> <span class="nowrap newline">9:05:07</span></td>',
    '<td class="nowrap"><a href="#profile-6b02af1b4c6f3">6b02af1b4c6f3</a></td>',
    '</tr>',
  ].join('\n'))
})

t.test('self-contained: inline style, no script, no external load', async (t) => {
  const html = await renderedPage({ rows: [] })
  t.match(html, /<style>\n[\s\S]*\.label\.status-success \{ background: #4f805d; \}[\s\S]*<\/style>/)
  t.match(html, `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'">`)
  t.notMatch(html, /<script|<link|<img|src=|href=|@import|url\(/i)
  t.match(html, '<h2>0 results found</h2>')
  t.match(html, '<tbody>\n</tbody>')
})

t.test('every log-derived value is HTML-escaped', async (t) => {
  const html = await renderedPage({
    rows: [row({
      ip: '<b>1.2.3.4</b>',
      method: 'G"ET',
      url: '/x?a=<script>alert(1)</script>&b=\'"`</style></title>',
      token: '<i>t</i>',
      date: '&amp;',
      clock: '<',
    })],
  })
  t.notMatch(html, '<script>')
  t.notMatch(html, '<b>1.2.3.4')
  t.match(html, '<td><span class="nowrap">&lt;b&gt;1.2.3.4&lt;/b&gt;</span></td>')
  t.match(html, '<td>G&quot;ET</td>')
  t.match(html, '<td class="break-long-words">/x?a&#x3D;&lt;script&gt;alert(1)&lt;/script&gt;&amp;b&#x3D;&#x27;&quot;&#x60;&lt;/style&gt;&lt;/title&gt;</td>')
  t.match(html, '<a href="#profile-&lt;i&gt;t&lt;/i&gt;">&lt;i&gt;t&lt;/i&gt;</a>')
  t.match(html, '<span class="nowrap">&amp;amp;</span> <span class="nowrap newline">&lt;</span>')
  t.equal(html.match(/<\/style>/g)?.length, 1, 'only our own style element closes')
})

t.test('status labels get their colour class', async (t) => {
  const html = await renderedPage({ rows: [row({ status: 404 }), row({ status: 301 })] })
  t.match(html, '<span class="label status-error">404</span>')
  t.match(html, '<span class="label status-warning">301</span>')
})
