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

t.test('the gate sees the facts of each log line, and only of log lines', async (t) => {
  const reader = combined()
  const seen: LineFacts[] = []
  const results = LINES.map((raw, i) => reader.gated(raw, at(i + 1), {
    admits: (facts) => {
      seen.push({ ...facts })
      return false
    },
  }))
  t.strictSame(results, [null, null, 'not a log line', 'bad time', null, null], 'passed over (null), or why it is not a log line')
  t.strictSame(seen, [
    { time: 1710231242000, offset: 60, micros: null, subsecondDigits: null, status: 200, request: 'GET /moebel/ HTTP/1.1', method: 'GET', target: '/moebel/', protocol: 'HTTP/1.1' },
    { time: 1710231243000, offset: 60, micros: null, subsecondDigits: null, status: 302, request: 'POST /checkout HTTP/1.1', method: 'POST', target: '/checkout', protocol: 'HTTP/1.1' },
    { time: 1710231244000, offset: 60, micros: null, subsecondDigits: null, status: 404, request: 'GET /a"b HTTP/2.0', method: 'GET', target: '/a"b', protocol: 'HTTP/2.0' },
    { time: 1710231245000, offset: 60, micros: null, subsecondDigits: null, status: 400, request: '-', method: null, target: null, protocol: null },
  ], 'decoded request, split; a skipped line never reaches the gate')
})

t.test('a line the gate lets through gives the same record as the plain reader', async (t) => {
  const reader = combined()
  const plain = combined()
  let facts: LineFacts | null = null
  for (const [i, raw] of LINES.entries()) {
    const open = reader.gated(raw, at(i + 1), {
      admits: (shown) => {
        facts = shown
        return true
      },
    })
    t.strictSame(open, plain.read(raw, at(i + 1)), `line ${i + 1}`)
    t.strictSame(reader.read(raw, at(i + 1)), plain.read(raw, at(i + 1)), `line ${i + 1}, the same reader ungated`)
  }
  t.not(facts, null)
})

t.test('the facts object is reused: a gate must copy what it keeps', async (t) => {
  const reader = combined()
  const kept: LineFacts[] = []
  reader.gated(LINES[0] as string, at(1), { admits: (facts) => kept.push(facts) < 0 })
  reader.gated(LINES[1] as string, at(2), { admits: (facts) => kept.push(facts) < 0 })
  t.equal(kept[0], kept[1], 'one object')
  t.equal(kept[0]?.status, 302, 'holding the last line')
})
