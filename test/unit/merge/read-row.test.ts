import t from 'tap'
import { readRow as readWith } from '../../../src/merge/read-row.js'
import type { EmittedRow } from '../../../src/row-format.js'
import { schemaValidators } from '../../../src/row-format.js'

const { row: isRow } = schemaValidators()
const readRow = (text: string): ReturnType<typeof readWith> => readWith(text, isRow)

const row: EmittedRow = {
  status: 200, ip: '127.0.0.22', method: 'GET', url: '/sofas/', time: '22.11.2026 13:24:03', token: '6b02dee3758df',
  timestamp: '2026-11-22T13:24:03+01:00', referer: null, userAgent: null, bytes: 3, duration: null, host: null, port: null,
  forwardedFor: null, loggedIp: '127.0.0.22', user: null, request: 'GET /sofas/ HTTP/1.1', raw: 'r', source: 'access.log', line: 81, byteOffset: null,
}

t.test('a row written by build --emit ndjson', async (t) => {
  t.strictSame(readRow(JSON.stringify(row)), { row, at: { time: 1_795_350_243_000, offset: 60, micros: null, key: 1_795_350_243_000_000 } })
  t.strictSame(readRow(` ${JSON.stringify(row)}\r`), readRow(JSON.stringify(row)), 'surrounding white space is JSON white space')
})

t.test('lines that are not rows, each with its reason', async (t) => {
  t.equal(readRow('not json'), 'not JSON')
  t.equal(readRow('{"status": 200,'), 'not JSON')
  t.equal(readRow('[1, 2]'), 'not a row')
  t.equal(readRow('null'), 'not a row')
  t.equal(readRow(JSON.stringify({ ...row, status: 'OK' })), 'not a row')
  t.equal(readRow(JSON.stringify({ ...row, extra: true })), 'not a row')
  t.equal(readRow(JSON.stringify({ ...row, timestamp: '2026-02-30T13:24:03+01:00' })), 'bad timestamp')
  t.equal(readRow('{"__proto__": {"status": 200}}'), 'not a row', 'a __proto__ key is just a key')
})

t.test('bytes past 2^53 keep every digit (a bigint); a number it holds stays a number', async (t) => {
  const withBytes = (bytes: string): string => JSON.stringify({ ...row, bytes: 0 }).replace('"bytes":0,', `"bytes":${bytes},`)
  const bytesOf = (text: string): unknown => {
    const read = readRow(text)
    return typeof read === 'string' ? read : read.row.bytes
  }
  t.equal(bytesOf(withBytes('123456789012345678901234567890')), 123456789012345678901234567890n)
  t.equal(bytesOf(withBytes('9007199254740993')), 9007199254740993n, '2^53 + 1: a double would read 2^53')
  t.equal(bytesOf(withBytes('9'.repeat(400))), BigInt('9'.repeat(400)), 'beyond a double (Infinity): still a row')
  t.equal(bytesOf(withBytes('9007199254740991')), 9007199254740991, '2^53 - 1: a number')
  t.equal(bytesOf(withBytes('512')), 512)
  t.equal(bytesOf(withBytes('1.2345678901234568e+29')), 1.2345678901234568e+29, 'written as a double: read as one')
  t.equal(bytesOf(withBytes('1e400')), 'not a row', 'Infinity is no integer')
  t.equal(bytesOf(withBytes('-123456789012345678901234567890')), 'not a row', 'below 0')
  t.equal(bytesOf(withBytes('12.5')), 'not a row')
  t.equal(bytesOf(`${withBytes('123456789012345678901234567890').slice(0, -1)},"extra":1}`), 'not a row', 'the rest of the row is still checked')
})
