import t from 'tap'
import type { AccessRecord, ProfileRow } from '../../../src/record.js'
import { stylesheet } from '#compiled-templates'
import { renderProfilePage, renderSite, SITE_STYLESHEET } from '../../../src/render/page.js'
import { formatDuration, profileDetail, TOKEN_PATTERN, type DetailOptions } from '../../../src/render/profile-detail.js'
import { joined } from '../../helpers/pieces.js'
import { renderedPage } from '../../helpers/page.js'
import { makeRecord } from '../../helpers/record.js'

const RAW = '203.0.113.5 - - [22/Nov/2026:10:05:07 +0100] "GET /moebel/ HTTP/1.1" 200 512 "-" "curl/8.5.0"'

const row = (record = makeRecord({ ip: '203.0.113.5', raw: RAW, request: 'GET /moebel/ HTTP/1.1', line: 7 })): ProfileRow => ({
  status: 200,
  ip: record.ip,
  method: 'GET',
  url: '/moebel/',
  date: '22.11.2026',
  clock: '10:05:07',
  token: '6b02af1b4c6f3',
  record,
})

t.test('the summary is what the original detail header showed', async (t) => {
  const detail = profileDetail(row())
  t.equal(detail.token, '6b02af1b4c6f3')
  t.equal(detail.url, '/moebel/')
  t.equal(detail.status, 200)
  t.strictSame(detail.summary, [
    { label: 'Method', value: 'GET' },
    { label: 'HTTP Status', value: '200' },
    { label: 'IP', value: '203.0.113.5' },
    { label: 'Profiled on', value: '22.11.2026 10:05:07' },
    { label: 'Token', value: '6b02af1b4c6f3' },
  ])
})

t.test('a common-format line: only the fields it had', async (t) => {
  t.strictSame(profileDetail(row()).log, [
    { label: 'Request line', value: 'GET /moebel/ HTTP/1.1' },
    { label: 'Raw line', value: RAW },
    { label: 'Source', value: 'test.log:7' },
  ])
})

t.test('every log-only field, labelled, in order', async (t) => {
  const record = makeRecord({
    ip: '198.51.100.7',
    loggedIp: '10.0.0.2',
    user: 'anna',
    request: 'GET http://shop.example/moebel/ HTTP/2.0',
    referer: 'https://www.google.de/',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64)',
    bytes: 51234,
    duration: 1_234_500,
    host: 'shop.example',
    port: 443,
    forwardedFor: '198.51.100.7, 10.0.0.1',
    raw: 'the raw line',
    source: '/var/log/nginx/access.log.1',
    line: 4711,
  })
  t.strictSame(profileDetail(row(record)).log, [
    { label: 'Request line', value: 'GET http://shop.example/moebel/ HTTP/2.0' },
    { label: 'Remote user', value: 'anna' },
    { label: 'Referer', value: 'https://www.google.de/' },
    { label: 'User agent', value: 'Mozilla/5.0 (X11; Linux x86_64)' },
    { label: 'Bytes sent', value: '51234' },
    { label: 'Request time', value: '1234.5 ms' },
    { label: 'Virtual host', value: 'shop.example' },
    { label: 'Server port', value: '443' },
    { label: 'X-Forwarded-For', value: '198.51.100.7, 10.0.0.1' },
    { label: 'Logged peer address', value: '10.0.0.2' },
    { label: 'Raw line', value: 'the raw line' },
    { label: 'Source', value: 'access.log.1:4711' },
  ])
})

t.test('the Source: an absolute path by its file name unless full paths are asked for; --hide-raw leaves it and the raw line out', async (t) => {
  const source = (changes: Partial<AccessRecord>, options?: DetailOptions): string | undefined =>
    profileDetail(row(makeRecord({ raw: 'the raw line', ...changes })), options).log.find((f) => f.label === 'Source')?.value
  t.equal(source({ source: '/var/log/nginx/access.log', line: 401 }), 'access.log:401', 'no server path by default')
  t.equal(source({ source: '/var/log/nginx/access.log', line: null, byteOffset: 227 }), 'access.log@byte 227')
  t.equal(source({ source: '../data/access.log', line: 401 }), '../data/access.log:401', 'a relative path as given')
  t.equal(source({ source: 'stdin', line: 3 }), 'stdin:3')
  t.equal(source({ source: '/var/log/nginx/access.log', line: 401 }, { hideRaw: false, fullPaths: true }), '/var/log/nginx/access.log:401', '--full-paths')
  // a table's row: its server, then its file, at the line's byte offset in it
  const tableRow = { source: 'web2:/var/log/nginx/access.log', server: 'web2', line: null, byteOffset: 412_667 }
  t.equal(source(tableRow), 'web2:access.log@byte 412667', 'a table\'s row: its server, no server path')
  t.equal(source(tableRow, { hideRaw: false, fullPaths: true }), 'web2:/var/log/nginx/access.log@byte 412667', 'a table\'s row, --full-paths')
  t.equal(source({ source: 'web2:/x/access.log', server: 'web1', line: 3 }), 'web2:/x/access.log:3', 'a source of another server: as given')
  const hidden = profileDetail(row(makeRecord({ raw: 'the raw line', source: '/var/log/a.log', line: 1 })), { hideRaw: true, fullPaths: true }).log
  t.strictSame(hidden.filter((f) => f.label === 'Raw line' || f.label === 'Source'), [], '--hide-raw: neither')
  t.ok(hidden.length > 0, 'the other fields stay')
})

t.test('zero bytes and a zero duration are values, not absent', async (t) => {
  const labels = profileDetail(row(makeRecord({ bytes: 0, duration: 0, port: 0 }))).log
  t.strictSame(labels.filter((f) => ['Bytes sent', 'Request time', 'Server port'].includes(f.label)), [
    { label: 'Bytes sent', value: '0' },
    { label: 'Request time', value: '0 ms' },
    { label: 'Server port', value: '0' },
  ])
})

t.test('the logged peer address is shown only when it differs from IP', async (t) => {
  const same = profileDetail(row(makeRecord({ ip: '10.0.0.2', loggedIp: '10.0.0.2' }))).log
  t.notOk(same.some((f) => f.label === 'Logged peer address'))
})

t.test('control and bidi characters in log values are made visible', async (t) => {
  const record = makeRecord({
    raw: 'a\u0000b\u202Ec\td',
    userAgent: 'x\u001b[31my',
    referer: '\u2066r\u2069',
    source: 'weird\nname.log',
    line: 3,
  })
  const log = profileDetail(row(record)).log
  t.strictSame(log.find((f) => f.label === 'Raw line'), { label: 'Raw line', value: 'a\u2400b<U+202E>c\u2409d' })
  t.strictSame(log.find((f) => f.label === 'User agent'), { label: 'User agent', value: 'x\u241b[31my' })
  t.strictSame(log.find((f) => f.label === 'Referer'), { label: 'Referer', value: '<U+2066>r<U+2069>' })
  t.strictSame(log.find((f) => f.label === 'Source'), { label: 'Source', value: 'weird\u240aname.log:3' })
})

t.test('request time: microseconds shown as milliseconds, exact', async (t) => {
  t.strictSame([0, 1, 10, 999, 1000, 1500, 123_456, 2_000_000, 1_234_567.4].map(formatDuration), [
    '0 ms', '0.001 ms', '0.01 ms', '0.999 ms', '1 ms', '1.5 ms', '123.456 ms', '2000 ms', '1234.567 ms',
  ])
})

t.test('tokens that may name a section or a file', async (t) => {
  t.ok(TOKEN_PATTERN.test('6b02af1b4c6f3'))
  for (const bad of ['6B02AF1B4C6F3', '6b02af1b4c6f', '6b02af1b4c6f33', '../../etc/pas', '6b02af1b4c6f\n']) {
    t.notOk(TOKEN_PATTERN.test(bad), JSON.stringify(bad))
  }
})

t.test('single page: the token links to its section, which holds the detail and links back', async (t) => {
  const html = await renderedPage({ rows: [row()] })
  t.match(html, '<td class="nowrap" data-label="Token"><a href="#profile-6b02af1b4c6f3">6b02af1b4c6f3</a></td>')
  t.match(html, [
    '</table>',
    '</div>',
    '<div id="profiles">',
    '<section id="profile-6b02af1b4c6f3" class="profile-detail">',
    '<h3 class="break-long-words">/moebel/</h3>',
    '<dl class="metadata">',
    '<div><dt>Method</dt> <dd>GET</dd></div>',
    '<div><dt>HTTP Status</dt> <dd>200</dd></div>',
    '<div><dt>IP</dt> <dd>203.0.113.5</dd></div>',
    '<div><dt>Profiled on</dt> <dd>22.11.2026 10:05:07</dd></div>',
    '<div><dt>Token</dt> <dd>6b02af1b4c6f3</dd></div>',
    '</dl>',
    '<dl class="log-fields">',
    '<dt>Request line</dt>',
    '<dd>GET /moebel/ HTTP/1.1</dd>',
    '<dt>Raw line</dt>',
    `<dd>${RAW.replaceAll('"', '&quot;')}</dd>`,
    '<dt>Source</dt>',
    '<dd>test.log:7</dd>',
    '</dl>',
    '<p class="back"><a href="#search-results">Back to the results</a></p>',
    '</section>',
    '</div>',
  ].join('\n'))
  t.match(html, `style-src 'unsafe-inline'`)
  t.notMatch(html, /<link|profiles\//)
})

t.test('an empty listing has no detail sections', async (t) => {
  t.notMatch(await renderedPage({ rows: [] }), /id="profiles"|<section/)
})

t.test('log values in a section are escaped', async (t) => {
  const record = makeRecord({ raw: '"><script>alert(1)</script>', userAgent: '</dd></dl><img src=x onerror=alert(1)>' })
  const html = await renderedPage({ rows: [row(record)] })
  t.notMatch(html, /<script|<img/)
  t.match(html, '<dd>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;</dd>')
  t.match(html, '<dd>&lt;/dd&gt;&lt;/dl&gt;&lt;img src&#x3D;x onerror&#x3D;alert(1)&gt;</dd>')
})

t.test('site: the listing, one page per token, one stylesheet', async (t) => {
  const second = { ...row(), token: '6b02af1b00001', url: '/robots.txt' }
  const files: Array<{ path: string; content: string }> = []
  for await (const { path, content } of renderSite({ rows: [row(), second] })) files.push({ path, content: await joined(content) })
  t.strictSame(files.map((f) => f.path), [
    'index.html', SITE_STYLESHEET, 'profiles/6b02af1b4c6f3.html', 'profiles/6b02af1b00001.html',
  ])
  const [index, css, profile] = files.map((f) => f.content) as [string, string, string]
  t.equal(css, `${stylesheet}\n`)
  t.match(index, `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'self'; base-uri 'none'; form-action 'none'">`)
  t.match(index, '<title>Profile Search</title>\n<link rel="stylesheet" href="profile-search.css">\n</head>')
  t.notMatch(index, /<style|<section|id="profiles"/)
  t.match(index, '<td class="nowrap" data-label="Token"><a href="profiles/6b02af1b4c6f3.html">6b02af1b4c6f3</a></td>')
  t.match(index, '<td class="nowrap" data-label="Token"><a href="profiles/6b02af1b00001.html">6b02af1b00001</a></td>')
  t.equal(profile, await renderProfilePage(row()))
  t.match(profile, `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'self'; base-uri 'none'; form-action 'none'">`)
  t.match(profile, '<title>Profile 6b02af1b4c6f3</title>\n<link rel="stylesheet" href="../profile-search.css">')
  t.match(profile, [
    '<div id="summary">',
    '<div class="status status-success">',
    '<div class="container">',
    '<h2 class="break-long-words">/moebel/</h2>',
    '<dl class="metadata">',
    '<div><dt>Method</dt> <dd>GET</dd></div>',
  ].join('\n'))
  t.match(profile, '<h2>Request log</h2>\n<dl class="log-fields">\n<dt>Request line</dt>\n<dd>GET /moebel/ HTTP/1.1</dd>')
  t.match(profile, '<p class="back"><a href="../index.html">Back to the results</a></p>')
  t.notMatch(profile, /<script|<style|src=/)
})

t.test('the profile page header takes the status colour', async (t) => {
  t.match(await renderProfilePage({ ...row(), status: 404 }), '<div class="status status-error">')
})

t.test('site: a token that cannot name a file is refused', async (t) => {
  t.throws(() => renderSite({ rows: [{ ...row(), token: '../../x' }] }), {
    message: 'cannot make a profile page for token "../../x": not 13 lower-case hex digits',
    exitCode: 1,
  }, 'at once, before any page is made')
  t.throws(() => renderSite({ rows: [row(), row()] }), {
    message: 'cannot make a profile page for token "6b02af1b4c6f3": two rows share it',
    exitCode: 1,
  })
})
