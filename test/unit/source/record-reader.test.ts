import t from 'tap'
import type { LineFacts } from '../../../src/parse/record/access-record.js'
import { preset } from '../../../src/parse/format/presets.js'
import { RecordReader } from '../../../src/source/record-reader.js'
import { logZone } from '../../../src/parse/time/log-zone.js'

const options = { zone: logZone('UTC'), client: null }
const at = (line: number) => ({ source: 'access.log', line })
const combined = () => new RecordReader('combined', preset('combined'), options)

const LINES = [
  '203.0.113.7 - - [12/Mar/2024:09:14:02 +0100] "GET /moebel/ HTTP/1.1" 200 15342 "https://shop.example/" "Mozilla/5.0 (X11)"',
  '203.0.113.8 - - [12/Mar/2024:09:14:03 +0100] "POST /checkout HTTP/1.1" 302 0 "-" "curl/8"',
  'not a log line at all',
  '203.0.113.9 - - [31/Apr/2024:09:14:03 +0100] "GET / HTTP/1.1" 200 1 "-" "-"',
  '203.0.113.9 - - [12/Mar/2024:09:14:04 +0100] "GET /a\\x22b HTTP/2.0" 404 - "-" "-"',
  '203.0.113.9 - - [12/Mar/2024:09:14:05 +0100] "-" 400 0 "-" "-"',
]

t.test('the facts of each log line, and why any other line is none', async (t) => {
  const reader = combined()
  const results = LINES.map((raw) => {
    const facts = reader.facts(raw)
    return typeof facts === 'string' ? facts : { ...facts }
  })
  t.strictSame(results, [
    { time: 1710231242000, offset: 60, micros: null, subsecondDigits: null, status: 200, request: 'GET /moebel/ HTTP/1.1', method: 'GET', target: '/moebel/', protocol: 'HTTP/1.1' },
    { time: 1710231243000, offset: 60, micros: null, subsecondDigits: null, status: 302, request: 'POST /checkout HTTP/1.1', method: 'POST', target: '/checkout', protocol: 'HTTP/1.1' },
    'not a log line',
    'bad time',
    { time: 1710231244000, offset: 60, micros: null, subsecondDigits: null, status: 404, request: 'GET /a"b HTTP/2.0', method: 'GET', target: '/a"b', protocol: 'HTTP/2.0' },
    { time: 1710231245000, offset: 60, micros: null, subsecondDigits: null, status: 400, request: '-', method: null, target: null, protocol: null },
  ], 'decoded request, split')
})

t.test('the record of the line whose facts were read last is the plain reader\'s record of it', async (t) => {
  const reader = combined()
  const plain = combined()
  for (const [i, raw] of LINES.entries()) {
    const facts = reader.facts(raw)
    if (typeof facts === 'string') {
      t.equal(plain.read(raw, at(i + 1)), facts, `line ${i + 1}: the same reason`)
      continue
    }
    t.strictSame(reader.recordOf(raw, at(i + 1)), plain.read(raw, at(i + 1)), `line ${i + 1}`)
  }
  t.equal((reader.read(LINES[0] as string, at(1)) as { method: string }).method, 'GET', 'read: facts and record at once')
})

t.test('the facts object is reused: a caller must copy what it keeps', async (t) => {
  const reader = combined()
  const first = reader.facts(LINES[0] as string)
  const second = reader.facts(LINES[1] as string)
  t.equal(first, second, 'one object')
  t.equal((first as LineFacts).status, 302, 'holding the last line')
})
