/**
 * A served page's query string → the search: the original form's parameter
 * names, build's parsers and defaults, a message per bad field, the search
 * as a query string again.
 */

import t from 'tap'
import { DEFAULT_CRITERIA } from '../../../../src/select/criteria.js'
import { DEFAULT_SEARCH_LIMIT, isRunnable, SEARCH_FIELDS, searchQuery } from '../../../../src/jobs/serve/search-query.js'
import { FORM_FIELDS } from '../../../../src/render/search-form.js'

const query = (text: string, base = DEFAULT_CRITERIA) => searchQuery(new URLSearchParams(text), base)

t.test('no parameter: build\'s default page, and the form shows its values', async (t) => {
  const search = query('')
  t.strictSame(search.criteria, DEFAULT_CRITERIA)
  t.equal(search.limit, DEFAULT_SEARCH_LIMIT)
  t.strictSame(search.values, { ip: '', server: '', method: 'GET', status_code: '200', url: '', urls: 'storefront', crawlers: 'include', token: '', start: '', end: '', limit: '10' })
  t.strictSame(search.problems, {})
  t.equal(search.query, '')
  t.ok(isRunnable(search))
})

t.test('the form as sent unchanged is the default page again', async (t) => {
  const search = query('ip=&server=&method=GET&status_code=200&url=&urls=storefront&crawlers=include&token=&start=&end=&limit=10')
  t.strictSame(search.criteria, DEFAULT_CRITERIA)
  t.equal(search.query, '', 'nothing differs from the defaults')
})

t.test('each parameter through build\'s parser; an empty method or status is any', async (t) => {
  const search = query('ip=10.0.0.0/8&method=&status_code=&url=!/robots.txt&token=6B02E3F426E8D&start=2026-11-22&end=2026-11-22T10:00&limit=250')
  t.strictSame(search.criteria.ip, { kind: 'cidr', text: '10.0.0.0/8' })
  t.equal(search.criteria.method, null)
  t.equal(search.criteria.status, null)
  t.strictSame(search.criteria.url, { text: '/robots.txt', exclude: true })
  t.equal(search.criteria.token, '6b02e3f426e8d')
  t.match(search.criteria.from, { kind: 'wall', text: '2026-11-22' })
  t.match(search.criteria.until, { kind: 'wall', text: '2026-11-22T10:00' })
  t.equal(search.limit, 250)
  t.equal(search.query, '?ip=10.0.0.0%2F8&method=&status_code=&url=%21%2Frobots.txt&token=6B02E3F426E8D&start=2026-11-22&end=2026-11-22T10%3A00&limit=250',
    'in the form\'s order, as given')
  t.equal(query('method=post&status_code=4XX').criteria.method, 'POST')
  t.strictSame(query('status_code=4xx').criteria.status, { kind: 'class', hundreds: 4 })
  t.strictSame(query('method=any').values.method, '', 'any is the list\'s Any')
  t.equal(query('method=any').query, '?method=')
  t.strictSame(query('ip=+10.1%20').criteria.ip, { kind: 'substring', text: '10.1' }, 'spaces around a value are dropped')
})

t.test('URLs and Crawlers: by default as serve was started (--any-url, --crawlers); the form can change them', async (t) => {
  const started = { ...DEFAULT_CRITERIA, anyUrl: true, crawlers: 'exclude' as const }
  const search = query('ip=10.', started)
  t.equal(search.criteria.anyUrl, true)
  t.equal(search.criteria.crawlers, 'exclude')
  t.strictSame([search.values.urls, search.values.crawlers], ['any', 'exclude'], 'the form shows them')
  t.equal(query('ip=10.&urls=any&crawlers=exclude', started).query, '?ip=10.', 'as started: not in the query')
  t.equal(query('urls=&crawlers=', started).query, '', 'empty: as started')
  const other = query('urls=storefront&crawlers=only', started)
  t.strictSame([other.criteria.anyUrl, other.criteria.crawlers, other.query], [false, 'only', '?urls=storefront&crawlers=only'])
  t.strictSame([query('urls=any').criteria.anyUrl, query('urls=any').query], [true, '?urls=any'], 'started with the shapes: every URL asked for')
  t.strictSame(query('urls=all&crawlers=some').problems, {
    urls: 'give storefront (the shop\'s URL shapes) or any (every URL)', crawlers: 'give one of include, exclude, only',
  })
})

t.test('server: one name as the rows carry it; empty is every server', async (t) => {
  t.strictSame(query('server=web1').criteria.server, ['web1'])
  t.equal(query('server=web1').query, '?server=web1')
  t.equal(query('server=').criteria.server, null)
  t.match(query('server=web%091').problems, { server: /^give the name a server's rows carry/ })
})

t.test('limit: 1 to 1000; empty is 10', async (t) => {
  t.equal(query('limit=1').limit, 1)
  t.equal(query('limit=1000').limit, 1000)
  t.equal(query('limit=').limit, 10)
  t.equal(query('limit=').values.limit, '10')
  for (const bad of ['0', '1001', '-5', '10.5', 'ten', '01', '99999']) {
    t.strictSame(query(`limit=${bad}`).problems, { limit: 'give a number of results from 1 to 1000' }, bad)
  }
})

t.test('a bad value is a message for its field, the value kept to be shown again', async (t) => {
  const search = query('ip=x y&start=yesterday&status_code=20x&token=abc&limit=5')
  t.notOk(isRunnable(search))
  t.strictSame(search.problems, {
    ip: 'give part of an address such as 203.0.113 or 2001:db8, or a CIDR range such as 10.0.0.0/8 or 2001:db8::/32',
    status_code: 'give a status code such as 404, a class such as 2xx or 4xx, or any for every status',
    token: 'give a token as the page shows it: 13 hex digits such as 6b02dee3758df',
    start: 'give an ISO date such as 2026-11-22 or a date-time such as 2026-11-22T10:00 or 2026-11-22T10:00:30, optionally with a zone offset such as +01:00, +0100 or Z',
  })
  t.strictSame(search.values, {
    ip: 'x y', server: '', method: 'GET', status_code: '20x', url: '', urls: 'storefront', crawlers: 'include', token: 'abc', start: 'yesterday', end: '', limit: '5',
  })
  t.strictSame(query('end=2026-02-30').problems, { end: 'February 2026 has no day 30; give an ISO date such as 2026-11-22 or a date-time such as 2026-11-22T10:00 or 2026-11-22T10:00:30, optionally with a zone offset such as +01:00, +0100 or Z' })
})

t.test('From after Until: a message beside Until', async (t) => {
  t.strictSame(query('start=2026-11-22T10:00&end=2026-11-22T09:59').problems, {
    end: 'Until 2026-11-22T09:59 is before From 2026-11-22T10:00: give an Until that is not earlier than the From',
  })
  t.strictSame(query('start=2026-11-22&end=2026-11-22').problems, {}, 'one day is a range')
  t.strictSame(query('start=bad&end=2026-11-22').problems.end, undefined, 'no comparison with a bad bound')
})

t.test('a parameter given twice is a problem; one not of the form is left', async (t) => {
  t.strictSame(query('ip=10.&ip=11.').problems, { ip: 'given more than once: give it once' })
  t.strictSame(query('utm_source=mail&q=x').problems, {})
  t.equal(query('utm_source=mail').query, '')
})

t.test('the form\'s fields are the query\'s parameters', async (t) => {
  t.strictSame(FORM_FIELDS.map((field) => field.name), [...SEARCH_FIELDS])
})
