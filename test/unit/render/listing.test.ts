import t from 'tap'
import type { Notice } from '../../../src/notices/php-notice.js'
import { toProfileRows } from '../../../src/profile/rows.js'
import { listingKey, listingOf, type Listing } from '../../../src/render/listing.js'
import { makeRecord } from '../../helpers/record.js'

const rows = (...raws: string[]) =>
  toProfileRows(raws.map((raw, i) => makeRecord({ time: 1795338307_000 - i * 1000, raw, target: '/moebel/', line: i + 1 })), 'UTC')
const notice = (message: string): Notice => ({ message, file: '/a.php', line: '1' })
const pageKey = (rows: Listing['rows'], notices: Listing['notices']): string => listingKey({ rows, notices, search: null, refresh: null })

t.test('the same listing gives the same key; anything the page shows changes it', async (t) => {
  const base = pageKey(rows('a', 'b'), [notice('n')])
  t.equal(pageKey(rows('a', 'b'), [notice('n')]), base, 'made again from the same records')
  const changed = {
    'a row more': pageKey(rows('a', 'b', 'c'), [notice('n')]),
    'another raw line (token, details)': pageKey(rows('a', 'x'), [notice('n')]),
    'rows in another order': pageKey(rows('b', 'a'), [notice('n')]),
    'another notice': pageKey(rows('a', 'b'), [notice('m')]),
    'no notices': pageKey(rows('a', 'b'), []),
    'read at another place': pageKey(toProfileRows([makeRecord({ time: 1795338307_000, raw: 'a', target: '/moebel/', line: null, byteOffset: 7 })], 'UTC'), []),
  }
  for (const [what, key] of Object.entries(changed)) t.not(key, base, what)
  t.equal(new Set(Object.values(changed)).size, Object.keys(changed).length, 'all different')
})

t.test('listingOf: the rows as the options show them, the rest as given', async (t) => {
  const row = { status: 200, ip: '192.0.2.57', method: 'GET', url: '/', date: '22.11.2026', clock: '10:00:00', token: '6b028abd16b54', record: makeRecord({ ip: '192.0.2.57' }) }
  const parts = { search: null, notices: [], refresh: 5, details: { hideRaw: true, fullPaths: false }, stamp: null }
  const shown = listingOf([row], { ...parts, anonymizeIp: true })
  t.strictSame([shown.rows[0]?.ip, shown.rows[0]?.record.ip], ['192.0.2.0', '192.0.2.0'], '--anonymize-ip: the host part zeroed')
  t.strictSame({ ...shown, rows: [] }, { ...parts, rows: [] })
  t.equal(listingOf([row], { ...parts, anonymizeIp: false }).rows[0], row, 'else the rows as they are')
})
