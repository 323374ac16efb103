/** Rows as `--emit` writes them, for the tests of the data formats (render/emit-*.ts, row-format.ts). */

import type { EmittedRow } from '../../src/row-format.js'

export const BASE_ROW: EmittedRow = {
  status: 200, ip: '::1', method: 'GET', url: '/robots.txt', time: '22.11.2026 9:05:07', token: '6b02b04300001',
  timestamp: '2026-11-22T09:05:07+00:00', referer: null, userAgent: null, bytes: 3, duration: null, host: null,
  port: null, forwardedFor: null, loggedIp: '::1', user: null, request: 'GET /robots.txt HTTP/1.1', raw: 'r', source: '-', line: 3, byteOffset: null,
}

/** A row whose user agent holds a control character and a bidi override. */
export const ROW_A: EmittedRow = { ...BASE_ROW, userAgent: 'a\u0000b\u202e' }

/** Values JSON writes in every way it can: escapes, line breaks, U+2028, astral characters, empty text, zero. */
export const ODD_ROWS: EmittedRow[] = [
  BASE_ROW,
  { ...BASE_ROW, url: '/a\nb\r\u2028\u2029"\\', userAgent: 'a\u0000b\u202e\u{1F600}', referer: '', bytes: 0, duration: 1500, line: null, byteOffset: 4_194_304 },
  { ...BASE_ROW, status: 404, host: 'shop.example', port: 8443, forwardedFor: '203.0.113.7, 10.0.0.1', user: 'émile', raw: '\t' },
]
