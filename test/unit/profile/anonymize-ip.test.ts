import t from 'tap'
import { anonymizedRecord, anonymizedRows } from '../../../src/profile/anonymize-ip.js'
import type { ProfileRow } from '../../../src/record.js'
import { makeRecord } from '../../helpers/record.js'

t.test('a record: the IP, the logged peer, each X-Forwarded-For address and the raw line', async (t) => {
  const raw = '10.0.0.2 - - [22/Nov/2026:13:45:40 +0100] "GET /203.0.113.7/ HTTP/1.1" 200 5 "-" "curl" "203.0.113.7, 203.0.113.70, unknown, 10.0.0.1"'
  const record = makeRecord({ ip: '203.0.113.7', loggedIp: '10.0.0.2', forwardedFor: '203.0.113.7, 203.0.113.70, unknown, 10.0.0.1', raw })
  const anonymized = anonymizedRecord(record)
  t.strictSame([anonymized.ip, anonymized.loggedIp, anonymized.forwardedFor], ['203.0.113.0', '10.0.0.0', '203.0.113.0, 203.0.113.0, -, 10.0.0.0'])
  t.equal(anonymized.raw,
    '10.0.0.0 - - [22/Nov/2026:13:45:40 +0100] "GET /203.0.113.0/ HTTP/1.1" 200 5 "-" "curl" "203.0.113.0, 203.0.113.0, -, 10.0.0.0"',
    'every whole address in the line; 203.0.113.7 is not replaced inside 203.0.113.70')
  t.strictSame({ ...anonymized, ip: '', loggedIp: '', forwardedFor: '', raw: '' }, { ...record, ip: '', loggedIp: '', forwardedFor: '', raw: '' }, 'nothing else changes')
  t.equal(anonymizedRecord(makeRecord({ ip: '2001:db8:10:5::1', loggedIp: '2001:db8:10:5::1', raw: '[2001:db8:10:5::1] x' })).raw, '[2001:db8:10::] x')
})

t.test('rows keep their tokens and order; the IP column shows the anonymized address', async (t) => {
  const row = (ip: string, token: string): ProfileRow => ({
    status: 200, ip, method: 'GET', url: '/', date: '22.11.2026', clock: '13:45:40', token, record: makeRecord({ ip, loggedIp: ip, raw: `${ip} -` }),
  })
  const rows = anonymizedRows([row('203.0.113.7', '6b02e3f426e8d'), row('2001:db8:10:5::1', '6b02e3f426e8c')])
  t.strictSame(rows.map((r) => [r.ip, r.token, r.record.raw]), [['203.0.113.0', '6b02e3f426e8d', '203.0.113.0 -'], ['2001:db8:10::', '6b02e3f426e8c', '2001:db8:10:: -']])
})
