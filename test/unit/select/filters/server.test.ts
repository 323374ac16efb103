import t from 'tap'
import { rowsOfServer, serverNameProblem } from '../../../src/profile/server-name.js'
import type { ProfileRow } from '../../../src/record.js'
import { makeRecord } from '../../helpers/record.js'

t.test('a server name: any text of 1 to 253 characters without control characters', async (t) => {
  for (const name of ['web1', 'web1.shop.example', 'Web 1 (Frankfurt)', 'x'.repeat(253)]) t.equal(serverNameProblem(name), undefined, name)
  for (const name of ['', '  ', 'web\n1', 'a\u0000', 'x'.repeat(254)]) {
    t.equal(serverNameProblem(name), 'give a name for this server, such as web1 or web1.shop.example (at most 253 characters, no control characters)', JSON.stringify(name))
  }
})

t.test('each row names the server; nothing else changes', async (t) => {
  const row: ProfileRow = { status: 200, ip: '192.0.2.1', method: 'GET', url: '/', date: '22.11.2026', clock: '13:45:40', token: '6b02e3f426e8d', record: makeRecord() }
  t.strictSame(rowsOfServer([row], 'web1'), [{ ...row, record: { ...row.record, server: 'web1' } }])
  t.equal(row.record.server, undefined, 'the row given is left as it was')
})
