/**
 * How lines become records, as the options ask (src/source/read-settings.ts):
 * auto's candidates or one fixed format, --json-fields, --client-ip
 * forwarded and its proxies, and the zone of times logged without an offset.
 */

import t from 'tap'
import { parseCidr, type Cidr } from '../../../src/parse/record/client-ip.js'
import { parseJsonFields } from '../../../src/parse/format/json-fields.js'
import { parseLogFormat } from '../../../src/parse/format/log-format-option.js'
import type { AccessRecord } from '../../../src/record.js'
import { CLIENT_IP_MODES, DEFAULT_READ_OPTIONS, noForwardedFor, readSettings, type ReadOptions } from '../../../src/source/read-settings.js'

const settings = (options: Partial<ReadOptions>, env: Record<string, string> = { TZ: 'UTC' }) => readSettings({ ...DEFAULT_READ_OPTIONS, ...options }, env)

/** The fixed format's record of `line`, or the reason it is none. */
const record = (options: Partial<ReadOptions>, line: string, env?: Record<string, string>): AccessRecord | string => {
  const fixed = settings(options, env).fixed
  if (fixed === null) throw new Error('no fixed format')
  return fixed.read(line, { source: 'x.log', line: 1 })
}

const refusal = (options: Partial<ReadOptions>): string => {
  try {
    settings(options)
    return 'accepted'
  } catch (e) {
    const { message, hint, exitCode } = e as { message: string; hint?: string; exitCode: number }
    return `${exitCode}: ${message} (${hint})`
  }
}

const JSON_LINE = JSON.stringify({ remote_addr: '10.0.0.2', time_iso8601: '2026-11-22T10:00:01+01:00', request: 'GET / HTTP/1.1', status: 200, http_x_forwarded_for: '203.0.113.9' })

t.test('the defaults: auto, logged client addresses', async (t) => {
  t.strictSame(CLIENT_IP_MODES, ['logged', 'forwarded'])
  t.strictSame(DEFAULT_READ_OPTIONS, { logFormat: { kind: 'auto' }, jsonFields: null, logTz: null, clientIp: 'logged', trustedProxies: null })
})

t.test('auto: no fixed format; the presets, most specific first, each made once when chosen', async (t) => {
  const auto = settings({})
  t.equal(auto.fixed, null)
  t.equal(auto.forwarded, false)
  t.strictSame(auto.candidates.map((candidate) => candidate.name), ['vhost_combined', 'combined', 'common', 'json'])
  const combined = auto.candidates[1]
  t.equal(combined?.reader(), combined?.reader(), 'made once')
  t.equal(combined?.reader().name, 'combined')
  t.match(combined?.probe.read('192.0.2.1 - - [22/Nov/2026:10:00:00 +0000] "GET / HTTP/1.1" 200 3 "-" "curl"', { source: 'x', line: 1 }), { ip: '192.0.2.1', status: 200 })
})

t.test('a fixed format: one reader for every input, no candidates', async (t) => {
  const fixed = settings({ logFormat: parseLogFormat('combined') })
  t.equal(fixed.fixed?.name, 'combined')
  t.strictSame(fixed.candidates, [])
  t.equal(record({ logFormat: parseLogFormat('combined') }, 'junk'), 'not a log line')
})

t.test('--json-fields: on the json preset under auto, on a JSON --log-format, refused with any other', async (t) => {
  const mapped = settings({ jsonFields: parseJsonFields('ip=client,time=ts,request=req,status=code') })
  t.equal(mapped.fixed?.name, 'json')
  t.equal(mapped.fixed?.spec.kind, 'json')
  t.match(record({ jsonFields: parseJsonFields('ip=client,time=ts,request=req,status=code') },
    JSON.stringify({ client: '192.0.2.9', ts: '2026-11-22T10:00:01+00:00', req: 'GET /x HTTP/1.1', code: 404 })), { ip: '192.0.2.9', status: 404, target: '/x' })
  t.equal(refusal({ logFormat: parseLogFormat('combined'), jsonFields: parseJsonFields('ip=a') }),
    '2: --json-fields is for JSON lines, but --log-format is combined (use --log-format json, an nginx JSON log_format, or leave --log-format at auto)')
  t.equal(refusal({ logFormat: parseLogFormat('json'), jsonFields: parseJsonFields('ip=a') }), 'accepted')
})

t.test('--client-ip forwarded: needs X-Forwarded-For in the format; the client is the first untrusted address', async (t) => {
  t.equal(refusal({ clientIp: 'forwarded', logFormat: parseLogFormat('combined') }),
    '2: --client-ip forwarded needs X-Forwarded-For in the log, but --log-format combined has no such field (log $http_x_forwarded_for or %{X-Forwarded-For}i, or use --client-ip logged)')
  t.equal(settings({ clientIp: 'forwarded' }).forwarded, true, 'auto: checked per input, when the format is chosen')
  t.match(record({ clientIp: 'forwarded', logFormat: parseLogFormat('json') }, JSON_LINE), { ip: '203.0.113.9', loggedIp: '10.0.0.2' }, '10.0.0.2 is a default trusted proxy')
  t.match(record({ clientIp: 'forwarded', logFormat: parseLogFormat('json'), trustedProxies: [] }, JSON_LINE), { ip: '10.0.0.2' }, 'no proxy trusted: the logged address')
  t.match(record({ clientIp: 'forwarded', logFormat: parseLogFormat('json'), trustedProxies: [parseCidr('10.0.0.0/24') as Cidr] }, JSON_LINE), { ip: '203.0.113.9' })
  t.match(record({ logFormat: parseLogFormat('json') }, JSON_LINE), { ip: '10.0.0.2' }, 'logged: the address as logged')
  const error = noForwardedFor('the format of x.log')
  t.equal(error.message, '--client-ip forwarded needs X-Forwarded-For in the log, but the format of x.log has no such field')
})

t.test('times logged without an offset: in --log-tz, else the zone TZ names', async (t) => {
  const local = parseLogFormat('%h %{%Y-%m-%d %H:%M:%S}t "%r" %>s')
  const line = '192.0.2.1 2026-11-22 10:00:00 "GET / HTTP/1.1" 200'
  const at = (logTz: string | null, env: Record<string, string>): string => {
    const read = record({ logFormat: local, logTz }, line, env)
    return typeof read === 'string' ? read : `${new Date(read.time).toISOString()} ${read.offset}`
  }
  t.equal(at(null, { TZ: 'UTC' }), '2026-11-22T10:00:00.000Z 0')
  t.equal(at('Europe/Berlin', { TZ: 'UTC' }), '2026-11-22T09:00:00.000Z 60')
  t.equal(at(null, { TZ: 'Asia/Tokyo' }), '2026-11-22T01:00:00.000Z 540')
})
