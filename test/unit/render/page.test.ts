/**
 * The Profile Search page (src/render/page.ts): its rows, classes and
 * escaping; and the page made piece by piece: the frame's parts, and each
 * notice, row and detail section on its own. No piece is larger than one
 * item or the frame, so a page of any size is written holding one row; the
 * pieces join to exactly the page.
 */

import t from 'tap'
import type { Notice } from '../../../src/notices/php-notice.js'
import type { ProfileRow } from '../../../src/record.js'
import { stylesheet } from '#compiled-templates'
import { renderPage, renderSite, statusClass, type PageData } from '../../../src/render/page.js'
import { pieceList } from '../../helpers/pieces.js'
import { renderedPage, tableRows } from '../../helpers/page.js'
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
    '<td class="text-center" data-label="Status"><span class="label status-success">200</span></td>',
    '<td data-label="IP"><span class="nowrap">203.0.113.5</span></td>',
    '<td data-label="Method">GET</td>',
    '<td class="break-long-words" data-label="URL">/moebel/</td>',
    '<td class="text-small" data-label="Time"><span class="nowrap">22.11.2026</span> <span class="nowrap newline">9:05:07</span></td>',
    '<td class="nowrap" data-label="Token"><a href="#profile-6b02af1b4c6f3">6b02af1b4c6f3</a></td>',
    '</tr>',
  ].join('\n'))
})

t.test('self-contained: inline style, no script, no external load', async (t) => {
  const html = await renderedPage({ rows: [] })
  t.match(html, /<style>\n[\s\S]*\.label\.status-success \{ background: #4f805d; \}[\s\S]*<\/style>/)
  t.match(html, `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'">`)
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
  t.match(html, '<td data-label="IP"><span class="nowrap">&lt;b&gt;1.2.3.4&lt;/b&gt;</span></td>')
  t.match(html, '<td data-label="Method">G&quot;ET</td>')
  t.match(html, '<td class="break-long-words" data-label="URL">/x?a&#x3D;&lt;script&gt;alert(1)&lt;/script&gt;&amp;b&#x3D;&#x27;&quot;&#x60;&lt;/style&gt;&lt;/title&gt;</td>')
  t.match(html, '<a href="#profile-&lt;i&gt;t&lt;/i&gt;">&lt;i&gt;t&lt;/i&gt;</a>')
  t.match(html, '<span class="nowrap">&amp;amp;</span> <span class="nowrap newline">&lt;</span>')
  t.equal(html.match(/<\/style>/g)?.length, 1, 'only our own style element closes')
})

t.test('status labels get their colour class', async (t) => {
  const html = await renderedPage({ rows: [row({ status: 404 }), row({ status: 301 })] })
  t.match(html, '<span class="label status-error">404</span>')
  t.match(html, '<span class="label status-warning">301</span>')
})

/** A row of the tests of the pieces, its record given apart. */
const pieceRow = (over: Partial<ProfileRow>, record: Parameters<typeof makeRecord>[0] = {}): ProfileRow => ({
  status: 200, ip: '203.0.113.5', method: 'GET', url: '/moebel/', date: '22.11.2026', clock: '10:05:07', token: '6b02af1b4c6f3',
  record: makeRecord({ ip: '203.0.113.5', ...record }),
  ...over,
})

const ROW_A = pieceRow({}, { raw: 'A', request: 'GET /moebel/ HTTP/1.1', line: 7 })
const ROW_B = pieceRow({ status: 404, ip: '::1', url: '/x?a=<b>', clock: '10:05:06', token: '6b02af1a4c6f3' },
  { ip: '::1', raw: 'B', request: 'GET /x?a=<b> HTTP/1.1', line: 6, userAgent: 'curl/8.5.0' })
const NOTICE: Notice = { message: 'Function strftime() is deprecated', file: '/var/www/a.php', line: '3' }

const HEAD = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="generator" content="profiler-search">
<title>Profile Search</title>
<style>
${stylesheet}
</style>
</head>
<body>
`

/** The page of ROW_A and ROW_B under NOTICE, in the pieces it is written in. */
const SMALL_PAGE = [
  `${HEAD}<section id="php-notices" aria-label="PHP Deprecated notices">
`,
  `<div class="php-notice"><b>Deprecated</b>: Function strftime() is deprecated in <b>/var/www/a.php</b> on line <b>3</b></div>
`,
  `</section>
<div id="header">
<header class="container">
<h1><span>Profiler</span></h1>
</header>
</div>
<main>
<div id="summary">
<div class="status">
<div class="container">
<h2>Profile Search</h2>
</div>
</div>
</div>
<div id="content" class="container">
<div id="main">
<div id="collector-wrapper">
<div id="collector-content">
<h2>2 results found</h2>
<div class="table-scroll">
<table id="search-results">
<thead>
<tr>
<th scope="col" class="text-center">Status</th>
<th scope="col">IP</th>
<th scope="col">Method</th>
<th scope="col">URL</th>
<th scope="col">Time</th>
<th scope="col">Token</th>
</tr>
</thead>
<tbody>
`,
  `<tr>
<td class="text-center" data-label="Status"><span class="label status-success">200</span></td>
<td data-label="IP"><span class="nowrap">203.0.113.5</span></td>
<td data-label="Method">GET</td>
<td class="break-long-words" data-label="URL">/moebel/</td>
<td class="text-small" data-label="Time"><span class="nowrap">22.11.2026</span> <span class="nowrap newline">10:05:07</span></td>
<td class="nowrap" data-label="Token"><a href="#profile-6b02af1b4c6f3">6b02af1b4c6f3</a></td>
</tr>
`,
  `<tr>
<td class="text-center" data-label="Status"><span class="label status-error">404</span></td>
<td data-label="IP"><span class="nowrap">::1</span></td>
<td data-label="Method">GET</td>
<td class="break-long-words" data-label="URL">/x?a&#x3D;&lt;b&gt;</td>
<td class="text-small" data-label="Time"><span class="nowrap">22.11.2026</span> <span class="nowrap newline">10:05:06</span></td>
<td class="nowrap" data-label="Token"><a href="#profile-6b02af1a4c6f3">6b02af1a4c6f3</a></td>
</tr>
`,
  `</tbody>
</table>
</div>
<div id="profiles">
`,
  `<section id="profile-6b02af1b4c6f3" class="profile-detail">
<h3 class="break-long-words">/moebel/</h3>
<dl class="metadata">
<div><dt>Method</dt> <dd>GET</dd></div>
<div><dt>HTTP Status</dt> <dd>200</dd></div>
<div><dt>IP</dt> <dd>203.0.113.5</dd></div>
<div><dt>Profiled on</dt> <dd>22.11.2026 10:05:07</dd></div>
<div><dt>Token</dt> <dd>6b02af1b4c6f3</dd></div>
</dl>
<dl class="log-fields">
<dt>Request line</dt>
<dd>GET /moebel/ HTTP/1.1</dd>
<dt>Raw line</dt>
<dd>A</dd>
<dt>Source</dt>
<dd>test.log:7</dd>
</dl>
<p class="back"><a href="#search-results">Back to the results</a></p>
</section>
`,
  `<section id="profile-6b02af1a4c6f3" class="profile-detail">
<h3 class="break-long-words">/x?a&#x3D;&lt;b&gt;</h3>
<dl class="metadata">
<div><dt>Method</dt> <dd>GET</dd></div>
<div><dt>HTTP Status</dt> <dd>404</dd></div>
<div><dt>IP</dt> <dd>::1</dd></div>
<div><dt>Profiled on</dt> <dd>22.11.2026 10:05:06</dd></div>
<div><dt>Token</dt> <dd>6b02af1a4c6f3</dd></div>
</dl>
<dl class="log-fields">
<dt>Request line</dt>
<dd>GET /x?a&#x3D;&lt;b&gt; HTTP/1.1</dd>
<dt>User agent</dt>
<dd>curl/8.5.0</dd>
<dt>Raw line</dt>
<dd>B</dd>
<dt>Source</dt>
<dd>test.log:6</dd>
</dl>
<p class="back"><a href="#search-results">Back to the results</a></p>
</section>
`,
  `</div>
</div>
</div>
</div>
</div>
</main>
</body>
</html>
`,
]

t.test('a small page: the frame up to the notices, each notice, the frame, each row, the frame, each detail, the end', async (t) => {
  t.strictSame(await pieceList(renderPage({ rows: [ROW_A, ROW_B], notices: [NOTICE], details: { hideRaw: false, fullPaths: true } })), SMALL_PAGE)
})

t.test('by default a notice\'s absolute FILE shows as …/ and its name', async (t) => {
  const pieces = await pieceList(renderPage({ rows: [], notices: [NOTICE] }))
  t.ok(pieces.includes('<div class="php-notice"><b>Deprecated</b>: Function strftime() is deprecated in <b>…/a.php</b> on line <b>3</b></div>\n'), pieces.join(''))
})

t.test('no notices and no rows: the frame alone, cut where the rows would go', async (t) => {
  const pieces = await pieceList(renderPage({ rows: [] }))
  t.equal(pieces.length, 2)
  t.ok(pieces[0]?.startsWith(`${HEAD}<div id="header">\n`), 'no notices section')
  t.ok(pieces[0]?.endsWith('<h2>0 results found</h2>\n<div class="table-scroll">\n<table id="search-results">\n<thead>\n<tr>\n<th scope="col" class="text-center">Status</th>\n<th scope="col">IP</th>\n<th scope="col">Method</th>\n<th scope="col">URL</th>\n<th scope="col">Time</th>\n<th scope="col">Token</th>\n</tr>\n</thead>\n<tbody>\n'))
  t.equal(pieces[1], '</tbody>\n</table>\n</div>\n</div>\n</div>\n</div>\n</div>\n</main>\n</body>\n</html>\n', 'no details section')
})

/** A row of a long URL, all of it escaped (`=` is written `&#x3D;`): its text on the page is about 24 times the URL. */
const longRow = (i: number, length: number): ProfileRow => {
  const url = `/p?${'='.repeat(length)}`
  const token = (0x6b02af1b00000 + i).toString(16)
  return pieceRow({ url, token }, { raw: `192.0.2.1 - - [22/Nov/2026:10:05:07 +0000] "GET ${url} HTTP/1.1" 200 5 "-" "-"`, request: `GET ${url} HTTP/1.1`, line: i + 1 })
}
const longNotice = (i: number, length: number): Notice => ({ message: `${'<'.repeat(length)} ${i}`, file: '/var/www/a.php', line: String(i + 1) })

/** What one item adds to a page: the page with it, less the page without. */
const addedBy = async (data: PageData, empty: PageData): Promise<number> => (await renderedPage(data)).length - (await renderedPage(empty)).length

t.test('a page of many long rows and notices: no piece is larger than twice the largest item, and all of it is there', async (t) => {
  const lengths = Array.from({ length: 100 }, (_, i) => 100 + (i * 7919) % 8000)
  const longest = lengths.indexOf(Math.max(...lengths))
  const rows = lengths.map((length, i) => longRow(i, length))
  const notices = lengths.map((length, i) => longNotice(i, length))
  const largestItem = Math.max(
    await addedBy({ rows: [rows[longest] as ProfileRow] }, { rows: [] }),
    await addedBy({ rows: [], notices: [notices[longest] as Notice] }, { rows: [] }))
  t.ok(largestItem > 190_000, `the largest item adds ${largestItem} characters`)

  const pieces = await pieceList(renderPage({ rows, notices }))
  const largestPiece = Math.max(...pieces.map((piece) => piece.length))
  const page = pieces.join('')
  t.ok(largestPiece < 2 * largestItem, `largest piece ${largestPiece} < 2 × ${largestItem} (the largest item), of a page of ${page.length}`)
  t.equal(pieces.length, 4 + notices.length + 2 * rows.length, 'the frame in four parts, each notice, row and detail on its own')
  t.equal(tableRows(page).length, 100)
  t.match(page, '<h2>100 results found</h2>')
  t.equal(page.match(/<div class="php-notice">/g)?.length, 100)
  t.equal(page.match(/<section id="profile-/g)?.length, 100)
  t.ok(page.endsWith('</main>\n</body>\n</html>\n'))
})

t.test('the site: the listing in pieces of one row, a page per token made as it is asked for', async (t) => {
  const rows = Array.from({ length: 50 }, (_, i) => longRow(i, 8000))
  const largestRow = await addedBy({ rows: [rows[0] as ProfileRow], links: 'site' }, { rows: [], links: 'site' })
  const files = renderSite({ rows })[Symbol.asyncIterator]()
  const index = await files.next()
  if (index.done) throw new Error('no index')
  t.equal(index.value.path, 'index.html')
  const pieces = await pieceList(index.value.content)
  t.ok(Math.max(...pieces.map((piece) => piece.length)) < 2 * largestRow, 'no piece of the listing is larger than twice a row')
  t.equal(tableRows(pieces.join('')).length, 50)
  const paths: string[] = []
  for (let file = await files.next(); !file.done; file = await files.next()) paths.push(file.value.path)
  t.equal(paths.length, 51, 'the stylesheet, then a page per token')
  t.equal(paths[1], 'profiles/6b02af1b00000.html')
})

t.test('a served page (serve): the stylesheet from the server, forms sent there, token links that carry the search, a note', async (t) => {
  const { searchForm } = await import('../../../src/render/search-form.js')
  const values = { ip: '', server: '', method: 'GET', status_code: '200', url: '', urls: 'storefront', crawlers: 'include', token: '', start: '', end: '', limit: '10' }
  const form = searchForm({ values, problems: {}, latest: null, zone: null })
  const html = await renderedPage({ rows: [row({})], links: { served: '?ip=10.' }, form, note: 'cut short' })
  t.match(html, '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'self\'; base-uri \'none\'; form-action \'self\'">')
  t.match(html, '<link rel="stylesheet" href="/profile-search.css">')
  t.notMatch(html, '<style>')
  t.match(html, '<a href="/profiles/6b02af1b4c6f3.html?ip&#x3D;10.">6b02af1b4c6f3</a>')
  t.match(html, '<h2>1 results found</h2>\n<p class="search-stopped" role="status">cut short</p>\n<p class="to-search"><a href="#sidebar">Search form</a></p>\n',
    'a way to the form above the rows (shown where the form is below them)')
  t.match(html, '<form id="search-form" action="/" method="get">')
  t.notMatch(html, 'id="profiles"', 'no detail sections: each token has its page')
  const staticPage = await renderedPage({ rows: [row({})] })
  t.match(staticPage, 'form-action \'none\'">', 'a static page sends no form')
  t.notMatch(staticPage, 'search-stopped')
  t.notMatch(staticPage, 'to-search')
})

t.test('a served message page and a token\'s page leading back to its search', async (t) => {
  const { renderMessagePage, renderProfilePage, servedStylesheetFile, stylesheetFile } = await import('../../../src/render/page.js')
  const message = await renderMessagePage('404 Not Found', 'There is <no> page here.')
  t.match(message, '<title>404 Not Found</title>')
  t.match(message, '<p class="message">There is &lt;no&gt; page here.</p>')
  t.match(message, '<link rel="stylesheet" href="/profile-search.css">')
  t.match(await renderProfilePage(row({})), '<p class="back"><a href="../index.html">Back to the results</a></p>', 'the site\'s way back')
  t.match(await renderProfilePage(row({}), undefined, '/?ip=10.'), '<p class="back"><a href="/?ip&#x3D;10.">Back to the results</a></p>')
  t.equal(stylesheetFile(), `${stylesheet}\n`)
  t.ok(servedStylesheetFile().startsWith(stylesheetFile()) && servedStylesheetFile().includes('#search-form'), 'the site\'s rules, then the form\'s')
})
