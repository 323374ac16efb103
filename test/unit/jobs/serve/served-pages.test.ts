/** The pages serve answers with: the search's page (form, note, links that carry the search) and a token's page leading back. */

import t from 'tap'
import { searchQuery } from '../../../../src/jobs/serve/search-query.js'
import { listingPage, NOT_RUN_NOTE, notRunPage, profilePage } from '../../../../src/jobs/serve/served-pages.js'
import { pageStamp } from '../../../../src/profile/page-stamp.js'
import { toProfileRows } from '../../../../src/profile/rows.js'
import { DEFAULT_CRITERIA } from '../../../../src/select/criteria.js'
import { joined } from '../../../helpers/pieces.js'
import { makeRecord } from '../../../helpers/record.js'
import { tableRows, tokenLinks } from '../../../helpers/page.js'
import { buildOptions } from '../../../helpers/build-options.js'

const rows = toProfileRows([
  makeRecord({ time: Date.UTC(2026, 10, 22, 12, 0, 2), target: '/moebel/', raw: 'b' }),
  makeRecord({ time: Date.UTC(2026, 10, 22, 12, 0, 1), target: '/lampen/', raw: 'a' }),
], null)

const STAMP = pageStamp(Date.UTC(2026, 10, 22, 12, 50), { time: Date.UTC(2026, 10, 22, 12, 0, 2), offset: 60 }, null, 'line')

t.test('a search\'s page: its rows, the form with its values, token links and Latest carrying the search', async (t) => {
  const search = searchQuery(new URLSearchParams('method=&limit=50'), DEFAULT_CRITERIA)
  const html = await joined(listingPage(search, rows, null, STAMP, buildOptions()))
  t.strictSame(tableRows(html).map((cells) => cells[3]), ['/moebel/', '/lampen/'])
  t.strictSame(tokenLinks(html), rows.map((row) => `/profiles/${row.token}.html?method=&limit=50`))
  t.match(html, `<a class="btn btn-sm" href="/profiles/${rows[0]?.token as string}.html?method&#x3D;&amp;limit&#x3D;50">Latest</a>`)
  t.match(html, '<option value="" selected>Any</option>')
  t.notMatch(html, 'search-stopped', 'no note')
  t.match(html, '<h2>2 results found</h2>\n<p class="page-stamp">Generated 22.11.2026 13:50:00 +01:00; newest line read: 22.11.2026 13:00:02 +01:00</p>', 'the stamp under the count')
})

t.test('not run: Latest leads nowhere; no count and no table, but each field\'s message; the server\'s --any-url in its field', async (t) => {
  const search = searchQuery(new URLSearchParams('start=bad&limit=0'), { ...DEFAULT_CRITERIA, anyUrl: true })
  const html = await joined(notRunPage(search, STAMP, buildOptions({ tz: 'Europe/Berlin' })))
  t.match(html, '<span class="btn btn-sm btn-disabled">Latest</span>')
  t.match(html, `<h2>No search was run</h2>\n<p class="page-stamp">Generated 22.11.2026 13:50:00 +01:00; newest line read: 22.11.2026 13:00:02 +01:00</p>\n` +
    `<p class="search-stopped" role="status">${NOT_RUN_NOTE} From: ${search.problems.start as string}. Results: give a number of results from 1 to 1000.</p>\n<p class="to-search"><a href="#sidebar">Search form</a></p>\n</div>`)
  t.notMatch(html, 'results found')
  t.notMatch(html, '<table')
  t.match(html, '<option value="any" selected>Every URL</option>', 'the server\'s --any-url, the URLs field\'s value')
  t.match(html, '<p class="search-note">From and Until are read in Europe/Berlin.</p>')
})

t.test('a token\'s page leads back to its search', async (t) => {
  const html = await profilePage(rows[0] as (typeof rows)[number], searchQuery(new URLSearchParams('ip=127.'), DEFAULT_CRITERIA), buildOptions())
  t.match(html, '<p class="back"><a href="/?ip&#x3D;127.">Back to the results</a></p>')
  const plain = await profilePage(rows[0] as (typeof rows)[number], searchQuery(new URLSearchParams(''), DEFAULT_CRITERIA), buildOptions())
  t.match(plain, '<p class="back"><a href="/">Back to the results</a></p>')
})

t.test('--anonymize-ip, --hide-raw: the served pages show what build would publish', async (t) => {
  const options = buildOptions({ anonymizeIp: true, details: { hideRaw: true, fullPaths: false } })
  const search = searchQuery(new URLSearchParams(''), DEFAULT_CRITERIA)
  const html = await joined(listingPage(search, rows, null, STAMP, options))
  t.strictSame(tableRows(html).map((cells) => cells[1]), [rows[0]?.ip.replace(/\.\d+$/, '.0'), rows[1]?.ip.replace(/\.\d+$/, '.0')])
  const profile = await profilePage(rows[0] as (typeof rows)[number], search, options)
  t.notMatch(profile, rows[0]?.ip, 'no full address')
  t.notMatch(profile, '>b<', 'no raw line')
  const shown = await profilePage(rows[0] as (typeof rows)[number], search, buildOptions())
  t.match(shown, rows[0]?.ip)
  t.match(shown, '>b<', 'the raw line, without --hide-raw')
})
