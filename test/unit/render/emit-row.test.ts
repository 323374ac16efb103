import t from 'tap'
import type { ProfileRow } from '../../../src/record.js'
import { isoTimestamp, toEmittedRow } from '../../../src/render/emit-row.js'
import { ROW_KEYS } from '../../../src/row-format.js'
import { makeRecord } from '../../helpers/record.js'

// 2026-11-22T09:05:07Z = 1795338307 s
const T = 1_795_338_307_000

t.test('the timestamp is the instant in the logged offset, or in --tz', async (t) => {
  t.equal(isoTimestamp(T, 60, null, null), '2026-11-22T10:05:07+01:00')
  t.equal(isoTimestamp(T, -300, null, null), '2026-11-22T04:05:07-05:00')
  t.equal(isoTimestamp(T, 0, null, null), '2026-11-22T09:05:07+00:00')
  t.equal(isoTimestamp(T, 345, null, null), '2026-11-22T14:50:07+05:45')
  t.equal(isoTimestamp(T, 60, null, 'UTC'), '2026-11-22T09:05:07+00:00', 'UTC is written +00:00, not Z')
  t.equal(isoTimestamp(T, 60, null, 'America/New_York'), '2026-11-22T04:05:07-05:00')
  t.equal(isoTimestamp(Date.UTC(2026, 6, 1, 12), 0, null, 'Europe/Berlin'), '2026-07-01T14:00:00+02:00', 'summer time')
})

t.test('the fraction: microseconds when logged, else milliseconds when any, else none', async (t) => {
  t.equal(isoTimestamp(T + 123, 60, 123_456, null), '2026-11-22T10:05:07.123456+01:00')
  t.equal(isoTimestamp(T, 60, 7, null), '2026-11-22T10:05:07.000007+01:00')
  t.equal(isoTimestamp(T, 60, 0, null), '2026-11-22T10:05:07.000000+01:00', 'zero microseconds are still known')
  t.equal(isoTimestamp(T + 5, 60, null, null), '2026-11-22T10:05:07.005+01:00')
  t.equal(isoTimestamp(T + 999, 60, null, 'UTC'), '2026-11-22T09:05:07.999+00:00')
})

t.test('the fraction has as many digits as the log gave: 3 for milliseconds, 6 for microseconds', async (t) => {
  t.equal(isoTimestamp(T + 123, 60, 123_000, null, 3), '2026-11-22T10:05:07.123+01:00', '$msec, %{msec}t, %{msec_frac}t')
  t.equal(isoTimestamp(T, 60, 0, null, 3), '2026-11-22T10:05:07.000+01:00', 'zero milliseconds are still known')
  t.equal(isoTimestamp(T + 5, 60, 5_000, 'UTC', 3), '2026-11-22T09:05:07.005+00:00')
  t.equal(isoTimestamp(T + 123, 60, 123_000, null, 6), '2026-11-22T10:05:07.123000+01:00', '%{usec}t that happens to end in 000')
  t.equal(isoTimestamp(T + 123, 60, 123_456, null, 6), '2026-11-22T10:05:07.123456+01:00')
  t.equal(isoTimestamp(T, 60, null, null, null), '2026-11-22T10:05:07+01:00')
  const ms = makeRecord({ time: T + 42, offset: 60, micros: 42_000, subsecondDigits: 3 })
  const row: ProfileRow = { status: 200, ip: '', method: 'GET', url: '/', date: '22.11.2026', clock: '10:05:07', token: '6b02b0430a410', record: ms }
  t.equal(toEmittedRow(row, null).timestamp, '2026-11-22T10:05:07.042+01:00', 'a row of a millisecond log')
  t.equal(toEmittedRow({ ...row, record: { ...ms, subsecondDigits: 6 } }, null).timestamp, '2026-11-22T10:05:07.042000+01:00')
  t.equal(toEmittedRow({ ...row, record: { ...ms, subsecondDigits: null } }, null).timestamp, '2026-11-22T10:05:07.042000+01:00',
    'a row without the digits (merged from ndjson) keeps 6 for known microseconds')
})

t.test('a row carries the six columns and every logged field', async (t) => {
  const record = makeRecord({
    ip: '203.0.113.9',
    loggedIp: '10.0.0.2',
    user: 'alice',
    time: T,
    offset: 60,
    micros: 42,
    request: 'GET http://shop.example/moebel/?x=1 HTTP/1.1',
    method: 'GET',
    target: 'http://shop.example/moebel/?x=1',
    status: 200,
    bytes: 512,
    referer: 'https://www.google.de/',
    userAgent: 'curl/8.0\n',
    host: 'shop.example',
    port: 443,
    forwardedFor: '203.0.113.9, 10.0.0.2',
    duration: 1500,
    raw: 'the line',
    source: 'access.log',
    line: 7,
  })
  const row: ProfileRow = {
    status: 200, ip: 'shown ip', method: 'GET', url: 'shown url', date: '22.11.2026', clock: '10:05:07', token: '6b02b0430002a', record,
  }
  const emitted = toEmittedRow(row, null)
  t.strictSame(emitted, {
    status: 200,
    ip: '203.0.113.9',
    method: 'GET',
    url: '/moebel/?x=1',
    time: '22.11.2026 10:05:07',
    token: '6b02b0430002a',
    timestamp: '2026-11-22T10:05:07.000042+01:00',
    referer: 'https://www.google.de/',
    userAgent: 'curl/8.0\n',
    bytes: 512,
    duration: 1500,
    host: 'shop.example',
    port: 443,
    forwardedFor: '203.0.113.9, 10.0.0.2',
    loggedIp: '10.0.0.2',
    user: 'alice',
    request: 'GET http://shop.example/moebel/?x=1 HTTP/1.1',
    raw: 'the line',
    source: 'access.log',
    line: 7,
    byteOffset: null,
  }, 'values are the decoded log values, not the page\'s visible forms')
  t.strictSame(Object.keys(emitted), [...ROW_KEYS], 'keys in output order')
})

t.test('a line read from the end of a file has a byte offset instead of a line number', async (t) => {
  const record = makeRecord({ time: T, source: 'big.log', line: null, byteOffset: 4_194_304 })
  const row: ProfileRow = { status: 200, ip: '', method: 'GET', url: '/', date: '22.11.2026', clock: '9:05:07', token: '6b02b04300000', record }
  const emitted = toEmittedRow(row, 'UTC')
  t.equal(emitted.source, 'big.log')
  t.equal(emitted.line, null)
  t.equal(emitted.byteOffset, 4_194_304)
  t.strictSame(Object.keys(emitted).slice(-3), ['source', 'line', 'byteOffset'], 'byteOffset is the last key')
})

t.test('a request line that is not a request gives an empty method and URL', async (t) => {
  const record = makeRecord({ method: null, target: null, request: '-', time: T })
  const row: ProfileRow = { status: 400, ip: '', method: '', url: '', date: '22.11.2026', clock: '9:05:07', token: '6b02b04300000', record }
  const emitted = toEmittedRow(row, 'UTC')
  t.equal(emitted.method, '')
  t.equal(emitted.url, '')
  t.equal(emitted.request, '-')
  t.equal(emitted.timestamp, '2026-11-22T09:05:07+00:00')
})
