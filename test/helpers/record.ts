/** A complete AccessRecord for unit tests; give only the fields a test is about. */

import type { AccessRecord } from '../../src/record.js'

export const makeRecord = (fields: Partial<AccessRecord> = {}): AccessRecord => ({
  ip: fields.loggedIp ?? '192.0.2.1',
  loggedIp: fields.ip ?? '192.0.2.1',
  user: null,
  time: 0,
  offset: 0,
  micros: null,
  request: '-',
  method: 'GET',
  target: '/',
  protocol: 'HTTP/1.1',
  status: 200,
  bytes: null,
  referer: null,
  userAgent: null,
  host: null,
  port: null,
  forwardedFor: null,
  duration: null,
  raw: '',
  source: 'test.log',
  line: 1,
  byteOffset: null,
  server: null,
  ...fields,
})
