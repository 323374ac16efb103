import t from 'tap'
import { mergedProfileRows, toAccessRecord } from '../../../src/merge/merged-rows.js'
import { readRow, type ReadRow } from '../../../src/merge/read-row.js'
import type { EmittedRow } from '../../../src/row-format.js'
import { toEmittedRow } from '../../../src/render/emit-row.js'
import { schemaValidators } from '../../../src/row-format.js'

const row: EmittedRow = {
  status: 200, ip: '203.0.113.9', method: 'GET', url: '/moebel/?x=1', time: '22.11.2026 13:24:03', token: 'aaaaaaaaaaaaa',
  timestamp: '2026-11-22T13:24:03.000250+01:00', referer: 'https://ref.example/', userAgent: 'bidi \u202e', bytes: 3, duration: 1500,
  host: 'shop.example', port: 443, forwardedFor: '203.0.113.9, 10.0.0.2', loggedIp: '10.0.0.2', user: 'alice',
  request: 'GET http://shop.example/moebel/?x=1 HTTP/1.1', raw: 'the raw line', source: 'web1:/var/log/access.log', line: 9, byteOffset: null,
}

const { row: isRow } = schemaValidators()
const read = (r: EmittedRow): ReadRow => readRow(JSON.stringify(r), isRow) as ReadRow

t.test('the access record is rebuilt from the row', async (t) => {
  t.strictSame(toAccessRecord(read(row)), {
    ip: '203.0.113.9', loggedIp: '10.0.0.2', user: 'alice', time: 1_795_350_243_000, offset: 60, micros: 250,
    request: 'GET http://shop.example/moebel/?x=1 HTTP/1.1', method: 'GET', target: '/moebel/?x=1', protocol: 'HTTP/1.1',
    status: 200, bytes: 3, referer: 'https://ref.example/', userAgent: 'bidi \u202e', host: 'shop.example', port: 443,
    forwardedFor: '203.0.113.9, 10.0.0.2', duration: 1500, raw: 'the raw line', source: 'web1:/var/log/access.log', line: 9,
    byteOffset: null, server: null,
  })
  t.equal(toAccessRecord(read({ ...row, server: 'web1' })).server, 'web1', 'the server the row names')
  t.equal(toAccessRecord(read({ ...row, method: '', request: '-' })).method, null, 'an empty method was no request')
  t.equal(toAccessRecord(read({ ...row, request: 'GET /moebel/' })).protocol, null, 'HTTP/0.9')
  const backward = toAccessRecord(read({ ...row, line: null, byteOffset: 4194304 }))
  t.strictSame([backward.line, backward.byteOffset], [null, 4194304], 'a line read from the end keeps its byte offset')
})

t.test('rows keep their tokens; the page columns are made visible again', async (t) => {
  const rows = mergedProfileRows([read(row), read({ ...row, token: 'bbbbbbbbbbbbb', ip: 'a\u0007b' })], null)
  t.strictSame(rows.map((r) => r.token), ['aaaaaaaaaaaaa', 'bbbbbbbbbbbbb'], 'even where build would have made another token')
  t.equal(rows[1]?.ip, 'a\u2407b')
  t.equal(`${rows[0]?.date} ${rows[0]?.clock}`, '22.11.2026 13:24:03')
})

t.test('a row round-trips: emitted again it is the same row', async (t) => {
  const [again] = mergedProfileRows([read(row)], null)
  t.strictSame(toEmittedRow(again!, null), row)
})

t.test('--tz shows the merged rows in one zone', async (t) => {
  const [utc] = mergedProfileRows([read(row)], 'UTC')
  t.equal(`${utc?.date} ${utc?.clock}`, '22.11.2026 12:24:03')
  t.equal(toEmittedRow(utc!, 'UTC').timestamp, '2026-11-22T12:24:03.000250+00:00')
})
