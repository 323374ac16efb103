/** The served page's search form: the original's fields in its order, values kept, lists that take a value given otherwise, problems beside fields. */

import t from 'tap'
import { FORM_FIELDS, searchForm } from '../../../src/render/search-form.js'

const values = { ip: '10.', server: '', method: 'GET', status_code: '200', url: '', urls: 'storefront', crawlers: 'include', token: '', start: '', end: '', limit: '10' }

t.test('the original\'s fields and labels, in its order, and ours: Server, URLs, Crawlers', async (t) => {
  t.strictSame(FORM_FIELDS.map((field) => [field.name, field.label]), [
    ['ip', 'IP'], ['server', 'Server'], ['method', 'Method'], ['status_code', 'Status'], ['url', 'URL'], ['urls', 'URLs'], ['crawlers', 'Crawlers'],
    ['token', 'Token'], ['start', 'From'], ['end', 'Until'], ['limit', 'Results'],
  ])
})

t.test('values kept; Method and Results as the original\'s lists', async (t) => {
  const form = searchForm({ values, problems: {}, latest: '/profiles/6b02e3f426e8d.html', zone: null })
  t.equal(form.last10, '/?limit=10')
  t.equal(form.latest, '/profiles/6b02e3f426e8d.html')
  t.equal(form.fields[0]?.value, '10.')
  t.strictSame(form.fields[2]?.options?.map((o) => `${o.label}${o.selected ? '*' : ''}`), ['Any', 'DELETE', 'GET*', 'HEAD', 'PATCH', 'POST', 'PUT'])
  t.strictSame(form.fields[10]?.options?.map((o) => `${o.value}${o.selected ? '*' : ''}`), ['10*', '50', '100'])
  t.equal(form.fields[3]?.options, null, 'Status is text: codes and classes')
  t.strictSame(form.fields[5]?.options?.map((o) => `${o.label}${o.selected ? '*' : ''}`), ['Storefront shapes*', 'Every URL'])
  t.strictSame(form.fields[6]?.options?.map((o) => `${o.label}${o.selected ? '*' : ''}`), ['Included*', 'Left out', 'Only'])
  t.ok(form.fields.every((field) => field.problem === null))
  t.equal(form.zoneNote, 'From and Until are read in the offset each line was logged with.')
})

t.test('a method or number of results given otherwise is added and chosen; Any for no method', async (t) => {
  const form = searchForm({ values: { ...values, method: 'PROPFIND', limit: '250' }, problems: {}, latest: null, zone: 'UTC' })
  t.strictSame(form.fields[2]?.options?.filter((o) => o.selected).map((o) => o.value), ['PROPFIND'])
  t.strictSame(form.fields[10]?.options?.map((o) => `${o.value}${o.selected ? '*' : ''}`), ['10', '50', '100', '250*'])
  t.strictSame(searchForm({ values: { ...values, method: '' }, problems: {}, latest: null, zone: null }).fields[2]?.options?.filter((o) => o.selected).map((o) => o.label), ['Any'])
  t.equal(form.zoneNote, 'From and Until are read in UTC.')
})

t.test('a problem beside its field; values made visible', async (t) => {
  const form = searchForm({ values: { ...values, start: 'yesterday\u202e', limit: '0' }, problems: { start: 'give a date', limit: 'give 1 to 1000' }, latest: null, zone: null })
  t.equal(form.fields[8]?.problem, 'give a date')
  t.equal(form.fields[8]?.value, 'yesterday<U+202E>')
  t.equal(form.fields[10]?.problem, 'give 1 to 1000')
  t.equal(form.fields[0]?.problem, null)
})
