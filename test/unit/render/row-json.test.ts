import t from 'tap'
import type { EmittedRow } from '../../../src/row-format.js'
import { rowJson } from '../../../src/render/row-json.js'

const row: EmittedRow = {
  status: 200, ip: '127.0.0.22', method: 'GET', url: '/sofas/?q="\u0001"', time: '22.11.2026 13:24:03', token: '6b02dee3758df',
  timestamp: '2026-11-22T13:24:03+01:00', referer: null, userAgent: 'ua\n', bytes: 512, duration: 1.5, host: null, port: 443,
  forwardedFor: null, loggedIp: '127.0.0.22', user: null, request: 'GET /sofas/ HTTP/1.1', raw: 'r\\', source: 'access.log', line: 81, byteOffset: null,
}

t.test('a row with a number for bytes: exactly JSON.stringify', async (t) => {
  t.equal(rowJson(row), JSON.stringify(row))
  t.equal(rowJson(row, 2), JSON.stringify(row, null, 2))
  t.equal(rowJson({ ...row, bytes: null }), JSON.stringify({ ...row, bytes: null }))
})

t.test('a bigint for bytes: its digits, every other byte as JSON.stringify lays the row out', async (t) => {
  const digits = '123456789012345678901234567890'
  const big = { ...row, bytes: BigInt(digits) }
  t.equal(rowJson(big), JSON.stringify({ ...row, bytes: 0 }).replace('"bytes":0,', `"bytes":${digits},`))
  t.equal(rowJson(big, 2), JSON.stringify({ ...row, bytes: 0 }, null, 2).replace('"bytes": 0,', `"bytes": ${digits},`))
  t.same(JSON.parse(rowJson(big)), { ...row, bytes: Number(digits) }, 'JSON')
})
