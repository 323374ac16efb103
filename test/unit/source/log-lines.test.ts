import t from 'tap'
import { parseCidr, type Cidr } from '../../../src/parse/record/client-ip.js'
import { positionText } from '../../../src/parse/record/access-record.js'
import { parseJsonFields } from '../../../src/parse/format/json-fields.js'
import { FORMAT_PROBE_LINES } from '../../../src/source/format-probe.js'
import { parseLogFormat } from '../../../src/parse/format/log-format-option.js'
import { DEFAULT_READ_OPTIONS, readSettings, type ReadOptions } from '../../../src/source/read-settings.js'
import { SkippedLines } from '../../../src/source/skipped-lines.js'
import { NewestLine } from '../../../src/source/newest-line.js'
import { InputPlaces, keepBatch } from '../../../src/source/batch.js'
import { LogLines, type Numbering } from '../../../src/source/log-lines.js'
import { RecordingSelection } from '../../helpers/log-source.js'
import type { AccessRecord } from '../../../src/record.js'
import { combinedLine, commonLine } from '../../helpers/log-line.js'

const fields = (n: number) => ({ ip: `192.0.2.${n}`, time: `22/Nov/2026:10:00:${String(n % 60).padStart(2, '0')} +0100`, url: '/moebel/', bytes: 3 })
const COMBINED = (n: number, extra = '') => `${combinedLine({ ...fields(n), userAgent: 'curl' })}${extra}`
const COMMON = (n: number) => commonLine(fields(n))
const VHOST = (n: number) => `shop.example:443 ${COMBINED(n)}`
const JSON_LINE = (n: number) => JSON.stringify({ remote_addr: `192.0.2.${n}`, time_iso8601: '2026-11-22T10:00:01+01:00', request: 'GET / HTTP/1.1', status: 200 })

interface Run {
  records: string[]
  notes: string[]
  shown: string[]
  summary: string | null
  warnings: string[]
}

/** The lines of one input read by LogLines with `options` into `selection`; `notes` hears the --verbose notes. */
const logLines = (options: Partial<ReadOptions>, skipped: SkippedLines, notes: string[], selection: RecordingSelection, numbering: Numbering = 'lines', label = 'x.log',
  warnings: string[] = []): LogLines =>
  new LogLines({
    settings: readSettings({ ...DEFAULT_READ_OPTIONS, logTz: 'UTC', ...options }), gate: selection, skipped, note: (line) => notes.push(line), newest: new NewestLine(),
    warn: (line) => warnings.push(line),
  }, label, numbering, new InputPlaces(0))

/** Feeds lines (a string, or `{ tooLong }`) through one input's LogLines, with made-up offsets. */
const run = (lines: (string | { tooLong: string })[], options: Partial<ReadOptions> = {}, label = 'x.log'): Run => {
  const out: Run = { records: [], notes: [], shown: [], summary: null, warnings: [] }
  const skipped = new SkippedLines((line) => out.shown.push(line))
  const selection = new RecordingSelection()
  const reader = logLines(options, skipped, out.notes, selection, 'lines', label, out.warnings)
  for (const [i, line] of lines.entries()) {
    if (typeof line === 'string') reader.line(line, i * 100)
    else reader.tooLong(line.tooLong, i * 100)
  }
  reader.end()
  keepBatch(selection, reader.takeBatch())
  out.records = selection.take().items.map((r) => `${r.line}:${r.ip}`)
  out.summary = skipped.summary()
  return out
}

t.test('auto picks the preset that reads most of the first lines', async (t) => {
  t.strictSame(run([COMBINED(1), COMBINED(2)]).notes, ['x.log: log format combined (auto)'])
  t.strictSame(run([COMMON(1), COMMON(2)]).notes, ['x.log: log format common (auto)'], 'a common file is not taken for combined')
  t.strictSame(run([VHOST(1), COMBINED(2), VHOST(3)]).notes,
    ['x.log: log format vhost_combined (auto)', 'x.log:2: log format combined for lines vhost_combined cannot read (auto)'])
  t.strictSame(run([JSON_LINE(1), 'junk']).notes, ['x.log: log format json (auto)'])
  t.strictSame(run([COMBINED(1), VHOST(2)]).notes,
    ['x.log: log format vhost_combined (auto)', 'x.log:1: log format combined for lines vhost_combined cannot read (auto)'], 'a tie goes to the more specific')
  t.strictSame(run([COMMON(1), COMBINED(2)]).notes, ['x.log: log format combined (auto)'], 'combined over common in a tie')
})

t.test('with the format chosen, a line it cannot read is tried against the other presets', async (t) => {
  const lines = [COMBINED(1), COMBINED(2), COMMON(3), VHOST(4), JSON_LINE(5), COMBINED(6, ' rt=0.1'), VHOST(7), 'junk', JSON_LINE(9)]
  const r = run(lines)
  t.strictSame(r.records, ['1:192.0.2.1', '2:192.0.2.2', '3:192.0.2.3', '4:192.0.2.4', '5:192.0.2.5', '6:192.0.2.6', '7:192.0.2.7', '9:192.0.2.9'],
    'a combined input also reads common lines; vhost-prefixed and JSON lines are read by their presets')
  t.strictSame(r.notes, [
    'x.log: log format combined (auto)',
    'x.log:4: log format vhost_combined for lines combined cannot read (auto)',
    'x.log:5: log format json for lines combined cannot read (auto)',
  ], '--verbose names each other preset once, at its first line')
  t.equal(r.summary, 'skipped 1 of 9 lines (1 not a log line); first at x.log:8', 'a line no preset reads keeps the chosen format\'s reason')
  const badTime = COMBINED(2).replace('22/Nov', '31/Nov')
  t.equal(run([COMBINED(1), badTime]).summary, 'skipped 1 of 2 lines (1 bad time); first at x.log:2')
  const common = run([COMMON(1), COMMON(2), COMBINED(3)])
  t.strictSame([common.notes, common.records], [
    ['x.log: log format common (auto)', 'x.log:3: log format combined for lines common cannot read (auto)'],
    ['1:192.0.2.1', '2:192.0.2.2', '3:192.0.2.3'],
  ], 'a common input reads a combined line as combined')
})

t.test('under --client-ip forwarded only presets with X-Forwarded-For read the other lines', async (t) => {
  const json = (n: number) => JSON.stringify({ remote_addr: '10.0.0.2', msec: '1795338307.5', request: 'GET / HTTP/1.1', status: 200, http_x_forwarded_for: `203.0.113.${n}` })
  const r = run([json(1), COMBINED(2), json(3)], { clientIp: 'forwarded' })
  t.strictSame(r.records, ['1:203.0.113.1', '3:203.0.113.3'])
  t.equal(r.summary, 'skipped 1 of 3 lines (1 not JSON); first at x.log:2', 'a combined line has no X-Forwarded-For to pick the client from')
})

t.test('only the first FORMAT_PROBE_LINES decide', async (t) => {
  const lines = [...Array.from({ length: FORMAT_PROBE_LINES }, (_, i) => COMMON(i + 1)), ...Array.from({ length: 150 }, (_, i) => VHOST(i + 1))]
  const r = run(lines)
  t.strictSame(r.notes, ['x.log: log format common (auto)', 'x.log:101: log format vhost_combined for lines common cannot read (auto)'])
  t.equal(r.records.length, 250)
  t.equal(r.summary, null)
})

t.test('an input where nothing fits stops the run (exit 1), decided by the whole input', async (t) => {
  t.throws(() => run(['hello', 'world']), {
    message: 'x.log: none of its 2 lines is an nginx or Apache access log line in combined or common format (first: "hello")',
    exitCode: 1,
  })
  const junk = Array.from({ length: 150 }, (_, i) => `junk ${i}`)
  t.throws(() => run(junk), { message: /^x\.log: none of its 150 lines is .* \(first: "junk 0"\)$/ })
  t.throws(() => run(['', '', 'only junk']), { message: /its only line is not/, exitCode: 1 }, 'blank lines do not count')
  t.strictSame(run(['', '']).records, [], 'an empty input is fine')
})

t.test('auto: lines no preset reads decide nothing, however many come first (a client can send them right after logrotate)', async (t) => {
  const junk = Array.from({ length: 2 * FORMAT_PROBE_LINES + 50 }, (_, i) => `junk ${i}`)
  const r = run([...junk, COMBINED(1), COMBINED(2)])
  t.strictSame(r.records, ['251:192.0.2.1', '252:192.0.2.2'])
  t.strictSame(r.notes, ['x.log: log format combined (auto)'])
  t.equal(r.summary, 'skipped 250 of 252 lines (250 not a log line); first at x.log:1')
  t.strictSame(r.shown.slice(0, 2), ['x.log:1: not a log line: junk 0', 'x.log:2: not a log line: junk 1'], 'in line order')
  t.strictSame(r.warnings, [])
})

t.test('a user name with spaces (nginx writes $remote_user as sent): read, the fields around it anchor the line', async (t) => {
  const spaced = (n: number, user: string) => COMBINED(n).replace(' - - [', ` - ${user} [`)
  const users = ['a b', 'a [b', 'x]y z', 'a [22/Nov/2026:10:00:00 +0100] b', ' lead', '[', '- -']
  const lines = [...Array.from({ length: FORMAT_PROBE_LINES + 10 }, (_, i) => spaced(i + 1, users[i % users.length] as string)), COMBINED(200)]
  const r = run(lines)
  t.equal(r.records.length, lines.length, 'every line read, the first 100 included')
  t.equal(r.summary, null)
  t.strictSame(r.notes, ['x.log: log format combined (auto)'])
  const fixed = run(lines, { logFormat: parseLogFormat('combined') })
  t.equal(fixed.records.length, lines.length, '--log-format combined too')
  const nginx = run(lines, { logFormat: parseLogFormat('$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent"') })
  t.equal(nginx.records.length, lines.length, 'an nginx log_format too')
  const mixed = run([COMBINED(1), COMBINED(2), VHOST(3), spaced(4, 'a b')])
  t.strictSame(mixed.notes, ['x.log: log format combined (auto)', 'x.log:3: log format vhost_combined for lines combined cannot read (auto)'],
    'a line that fits another preset as it stands is read by that one, not as a user name with spaces')
  t.strictSame(mixed.records, ['1:192.0.2.1', '2:192.0.2.2', '3:192.0.2.3', '4:192.0.2.4'])
})

t.test('a fixed format: no probing; an input it reads no line of is skipped, with a warning, never fatal', async (t) => {
  const format = { logFormat: parseLogFormat('common') }
  const r = run([COMBINED(1), COMMON(2)], format)
  t.strictSame([r.records, r.notes, r.summary, r.warnings], [['2:192.0.2.2'], [], 'skipped 1 of 2 lines (1 not a log line); first at x.log:1', []])
  const none = run([COMBINED(1)], format)
  t.strictSame([none.records, none.summary], [[], 'skipped 1 of 1 lines (1 not a log line); first at x.log:1'])
  t.strictSame(none.warnings, [
    'x.log: its only line does not match --log-format common (it reads: ' + JSON.stringify(COMBINED(1).slice(0, 80)) + '); skipped (is it the format the server writes?)',
  ])
  const late = [...Array.from({ length: FORMAT_PROBE_LINES }, (_, i) => COMMON(i + 1)), 'junk']
  t.equal(run(late, format).summary, 'skipped 1 of 101 lines (1 not a log line); first at x.log:101')
  const first = run([...Array.from({ length: 2 * FORMAT_PROBE_LINES }, (_, i) => `junk ${i}`), COMMON(1)], format)
  t.strictSame([first.records, first.warnings], [['201:192.0.2.1'], []], 'the first lines unreadable: the later ones are read')
})

t.test('overlong lines are counted in line order, also while probing', async (t) => {
  const r = run([COMBINED(1), { tooLong: 'AAAA' }, 'junk', COMBINED(4)])
  t.strictSame(r.records, ['1:192.0.2.1', '4:192.0.2.4'])
  t.equal(r.summary, 'skipped 2 of 4 lines (1 line too long, 1 not a log line); first at x.log:2')
  t.strictSame(r.shown, ['x.log:2: line too long: AAAA', 'x.log:3: not a log line: junk'])
  t.strictSame(run([{ tooLong: 'B' }, COMBINED(2)]).records, ['2:192.0.2.2'], 'an overlong first line')
})

t.test('an input of overlong lines only is not a log (exit 1)', async (t) => {
  t.throws(() => run([{ tooLong: 'B' }]), {
    message: 'x.log: its only line is not an nginx or Apache access log line in combined or common format (it reads: "B")',
    exitCode: 1,
  }, 'one overlong line (a 100 MB line without a newline)')
  const many = Array.from({ length: 150 }, (_, i) => ({ tooLong: `L${i}` }))
  t.throws(() => run(many), { message: /^x\.log: none of its 150 lines is .* \(first: "L0"\)$/, exitCode: 1 }, 'decided at the end')
  t.throws(() => run([{ tooLong: 'B' }, 'junk']), { message: /none of its 2 lines .* \(first: "B"\)$/, exitCode: 1 })
  const common = { logFormat: parseLogFormat('common') }
  t.strictSame(run([{ tooLong: 'B' }], common).warnings, ['x.log: its only line does not match --log-format common (it reads: "B"); skipped (is it the format the server writes?)'],
    'a fixed format: a warning')
  t.strictSame(run([...many, COMMON(1)], common).records, ['151:192.0.2.1'])
})

t.test('--client-ip forwarded needs X-Forwarded-For in the format', async (t) => {
  t.throws(() => run([COMBINED(1)], { clientIp: 'forwarded' }), {
    message: '--client-ip forwarded needs X-Forwarded-For in the log, but x.log (log format combined) has no such field',
    exitCode: 2,
  })
  t.throws(() => readSettings({ ...DEFAULT_READ_OPTIONS, logFormat: parseLogFormat('combined'), clientIp: 'forwarded' }), {
    message: '--client-ip forwarded needs X-Forwarded-For in the log, but --log-format combined has no such field',
  })
  const json = JSON.stringify({ remote_addr: '10.0.0.2', msec: '1795338307.5', request: 'GET / HTTP/1.1', status: '200', http_x_forwarded_for: '203.0.113.9, 10.0.0.3' })
  t.strictSame(run([json], { clientIp: 'forwarded' }).records, ['1:203.0.113.9'], 'the json preset logs it')
  const trusted = [parseCidr('192.0.2.0/24') as Cidr]
  t.strictSame(run([json], { clientIp: 'forwarded', trustedProxies: trusted }).records, ['1:10.0.0.2'], '--trusted-proxy replaces the defaults')
})

t.test('--json-fields', async (t) => {
  const line = JSON.stringify({ client: '192.0.2.7', ts: 1795338307, req: 'GET / HTTP/1.1', code: 200 })
  t.strictSame(run([line], { jsonFields: parseJsonFields('ip=client,time=ts,request=req,status=code') }).records, ['1:192.0.2.7'],
    'with auto, --json-fields means JSON lines')
  t.throws(() => readSettings({ ...DEFAULT_READ_OPTIONS, logFormat: parseLogFormat('combined'), jsonFields: parseJsonFields('ip=a') }), {
    message: '--json-fields is for JSON lines, but --log-format is combined', exitCode: 2,
  })
  t.throws(() => readSettings({ ...DEFAULT_READ_OPTIONS, logFormat: parseLogFormat(`'{"ip":"$remote_addr","s":$status}'`) }), {
    message: '--log-format has no time key (time_iso8601, time_local or msec, or --json-fields time=KEY)', exitCode: 2,
  })
  t.doesNotThrow(() => readSettings({
    ...DEFAULT_READ_OPTIONS, logFormat: parseLogFormat(`'{"ip":"$remote_addr","s":$status,"r":"$request"}'`), jsonFields: parseJsonFields('time=when'),
  }), 'the missing key comes from --json-fields')
  const r = run(['{"remote_addr":"192.0.2.1"}', 'not json', JSON_LINE(3)], { logFormat: parseLogFormat('json') })
  t.equal(r.summary, 'skipped 2 of 3 lines (1 missing field, 1 not JSON); first at x.log:1')
})

t.test('settle: a followed input decides its format as soon as a held line tells, not after 100 lines', async (t) => {
  const records: string[] = []
  const notes: string[] = []
  const skipped = new SkippedLines()
  const selection = new RecordingSelection()
  const reader = logLines({}, skipped, notes, selection, 'offsets')
  const take = (): void => {
    keepBatch(selection, reader.takeBatch())
    records.push(...selection.take().items.map((r: AccessRecord) => `${r.byteOffset}:${r.ip}`))
  }
  reader.settle()
  take()
  t.strictSame([records, notes], [[], []], 'nothing held: nothing to decide')
  reader.line('junk', 0)
  reader.settle()
  take()
  t.strictSame([records, notes], [[], []], 'no held line tells the format: they stay held')
  reader.line(COMMON(2), 5)
  reader.settle()
  take()
  t.strictSame(notes, ['x.log: log format common (auto)'])
  t.strictSame(records, ['5:192.0.2.2'], 'the held lines go through the format chosen')
  reader.line(COMBINED(3), 90)
  take()
  t.strictSame(records, ['5:192.0.2.2', '90:192.0.2.3'], 'then each line at once, through the other presets too')
  t.equal(skipped.summary(), 'skipped 1 of 3 lines (1 not a log line); first at x.log@byte 0')
  reader.settle()
  t.strictSame(notes, ['x.log: log format common (auto)', 'x.log@byte 90: log format combined for lines common cannot read (auto)'], 'decided once')
})

t.test('the gate sees each valid line first: a line it turns down gets no record, yet its time counts for the batch', async (t) => {
  const seen: number[] = []
  const gate = {
    admits: (facts: { time: number }): boolean => {
      seen.push(facts.time)
      return facts.time % 2000 === 0
    },
  }
  const selection = new RecordingSelection(gate, (record) => record.ip !== '192.0.2.2')
  const newest = new NewestLine()
  const lines = new LogLines({ settings: readSettings({ ...DEFAULT_READ_OPTIONS, logTz: 'UTC' }), gate: selection, skipped: new SkippedLines(), note: () => undefined, newest },
    'x.log', 'offsets', new InputPlaces(3))
  for (const n of [4, 3, 2]) lines.line(COMBINED(n), n * 100)
  lines.line('junk', 1)
  const batch = lines.takeBatch()
  t.strictSame([keepBatch(selection, batch), selection.take().items], [0, []], 'auto still holds the lines back')
  lines.end()
  const decided = lines.takeBatch()
  t.strictSame(decided.records.map(([record, place]) => [record.ip, place]), [['192.0.2.4', 3 * 2 ** 40 + 400], ['192.0.2.2', 3 * 2 ** 40 + 200]], 'the records of the lines the gate let in, at their places')
  t.equal(keepBatch(selection, decided), 1, 'the selection kept one of the two')
  t.strictSame(selection.take().items.map((r) => r.ip), ['192.0.2.4'])
  t.equal(seen.length, 3, 'the junk line never reached the gate')
  t.equal(decided.earliest, Date.UTC(2026, 10, 22, 9, 0, 2), 'the earliest valid line, kept or not')
  t.strictSame(newest.get(), { time: Date.UTC(2026, 10, 22, 9, 0, 4), offset: 60 }, 'the newest valid line, for the page\'s stamp')
  const records: AccessRecord[] = []
  const places: number[] = []
  const again = new RecordingSelection(gate)
  const counted = new LogLines({ settings: readSettings({ ...DEFAULT_READ_OPTIONS, logTz: 'UTC', logFormat: parseLogFormat('combined') }), gate: again, skipped: new SkippedLines(), note: () => undefined, newest: new NewestLine() },
    'x.log', 'offsets', new InputPlaces(3))
  for (const n of [4, 3, 2]) counted.line(COMBINED(n), n * 100)
  keepBatch(again, counted.takeBatch())
  const taken = again.take()
  records.push(...taken.items)
  places.push(...taken.places)
  t.strictSame(records.map((r) => r.ip), ['192.0.2.4', '192.0.2.2'], 'the gate turned down the odd second: no record built')
  t.strictSame(places, [3 * 2 ** 40 + 400, 3 * 2 ** 40 + 200], 'placed after the inputs before it, by byte offset')
  t.equal(lines.linesRead, 4)
  t.strictSame(lines.takeBatch(), { records: [], earliest: null }, 'taken: a new batch starts empty')
})

t.test('a stretch read on (ReadOn): the format its input\'s start chose, no probe; a preset noted once per input, or told to `retried`', async (t) => {
  const notes: string[] = []
  const selection = new RecordingSelection()
  const context = { settings: readSettings({ ...DEFAULT_READ_OPTIONS, logTz: 'UTC' }), gate: selection, skipped: new SkippedLines(), note: (line: string) => notes.push(line), newest: new NewestLine() }
  const noted = new Set(['vhost_combined'])
  const lines = new LogLines(context, 'x.log', 'lines', new InputPlaces(0), { format: 'combined' }, noted)
  t.equal(lines.format, 'combined')
  t.ok(lines.decided, 'nothing to decide')
  for (let i = 0; i < 2 * FORMAT_PROBE_LINES; i++) lines.line('junk', i)
  lines.line(VHOST(1), 1000)
  lines.line(JSON_LINE(2), 2000)
  lines.line(COMBINED(3), 3000)
  t.doesNotThrow(() => lines.end(), 'junk only at its start is no failure: the start was probed elsewhere')
  t.strictSame(notes, ['x.log:202: log format json for lines combined cannot read (auto)'], 'vhost_combined was noted for the input before')
  t.strictSame([...noted], ['vhost_combined', 'json'])
  keepBatch(selection, lines.takeBatch())
  t.strictSame(selection.take().items.map((r) => r.line), [201, 202, 203])
  t.equal(lines.lineCount, 203)
  const told: string[] = []
  const retried = new LogLines({ ...context, retried: (at, format) => told.push(`${at.line} ${format}`) }, 'x.log', 'lines', new InputPlaces(0), { format: 'combined' })
  retried.line(JSON_LINE(1), 0)
  t.strictSame(told, ['1 json'])
  t.equal(notes.length, 1, 'told, not noted')
  t.throws(() => new LogLines(context, 'x.log', 'lines', new InputPlaces(0), { format: 'no such' }), { message: 'x.log: no such preset to read on with' })
})

t.test('decided: the format known and a line read (no later line can fail the probe); the lines numbered so far', async (t) => {
  const selection = new RecordingSelection()
  const context = (options: Partial<ReadOptions>) => ({ settings: readSettings({ ...DEFAULT_READ_OPTIONS, logTz: 'UTC', ...options }), gate: selection, skipped: new SkippedLines(), note: () => undefined, newest: new NewestLine() })
  const auto = new LogLines(context({}), 'x.log', 'lines', new InputPlaces(0))
  auto.line('', 0)
  for (let i = 1; i < FORMAT_PROBE_LINES; i++) auto.line(COMBINED(i), i)
  t.notOk(auto.decided, `auto: ${FORMAT_PROBE_LINES - 1} lines held, no format chosen`)
  t.equal(auto.format, null)
  auto.line(COMBINED(100), 100)
  t.ok(auto.decided)
  t.equal(auto.format, 'combined')
  t.equal(auto.lineCount, FORMAT_PROBE_LINES + 1, 'the blank line too')
  const fixed = new LogLines(context({ logFormat: parseLogFormat('combined') }), 'x.log', 'lines', new InputPlaces(0))
  t.equal(fixed.format, 'combined')
  for (let i = 1; i <= 3; i++) fixed.line(`junk ${i}`, i)
  t.notOk(fixed.decided, 'fixed: no line read yet (a warning may still be due)')
  fixed.line(COMBINED(4), 4)
  t.ok(fixed.decided, 'fixed: a line read')
})

t.test('the search\'s literals: only once the format is decided; as JSON lines write them under auto, as text lines for a text format named; lines passed over are counted and numbered', async (t) => {
  const selection = new RecordingSelection()
  const literals = { text: ['/moebel/', 'GET'], json: ['moebel', 'GET'] }
  const context = (options: Partial<ReadOptions>) => ({
    settings: readSettings({ ...DEFAULT_READ_OPTIONS, logTz: 'UTC', ...options }), gate: selection, skipped: new SkippedLines(), note: () => undefined, newest: new NewestLine(), literals,
  })
  const auto = new LogLines(context({}), 'x.log', 'lines', new InputPlaces(0))
  t.equal(auto.literals(), null, 'the format not chosen yet: every line goes to the probe')
  for (let i = 1; i <= FORMAT_PROBE_LINES; i++) auto.line(COMBINED(i), i)
  t.strictSame(auto.literals()?.map(String), ['moebel', 'GET'], 'auto: the other presets read JSON lines too')
  const fixed = new LogLines(context({ logFormat: parseLogFormat('combined') }), 'x.log', 'lines', new InputPlaces(0))
  fixed.line(COMBINED(1), 0)
  t.strictSame(fixed.literals()?.map(String), ['/moebel/', 'GET'])
  fixed.passedOver(5, 2)
  fixed.line(COMBINED(7), 700)
  t.equal(fixed.lineCount, 7, 'the blank lines passed over are numbered too')
  t.equal(fixed.linesRead, 5, 'and not counted as read')
  keepBatch(selection, fixed.takeBatch())
  t.equal(selection.take().items.at(-1)?.line, 7)
})

t.test('each record names its server and source: those its source gives with the line (a table\'s row), else the run\'s --server-name and the input\'s label', async (t) => {
  const records = (options: Partial<ReadOptions>, feed: (lines: LogLines) => void): string[] => {
    const selection = new RecordingSelection()
    const lines = logLines({ logFormat: parseLogFormat('combined'), ...options }, new SkippedLines(), [], selection)
    feed(lines)
    lines.end()
    keepBatch(selection, lines.takeBatch())
    return selection.take().items.map((record) => `${record.server} ${positionText(record)}`)
  }
  t.strictSame(records({}, (lines) => lines.line(COMBINED(1), 0)), ['null x.log:1'])
  t.strictSame(records({ serverName: 'web1' }, (lines) => lines.line(COMBINED(1), 0)), ['web1 x.log:1'])
  t.strictSame(records({ serverName: 'web1' }, (lines) => {
    lines.line(COMBINED(1), 0, { server: 'web2', source: 'web2:/var/log/a.log' })
    lines.line(COMBINED(2), 100, { server: null, source: '/var/log/b.log' })
    lines.line(COMBINED(3), 200)
  }), ['web2 web2:/var/log/a.log:1', 'null /var/log/b.log:2', 'web1 x.log:3'], 'a table row\'s host and file win, a null host too')
  t.strictSame(records({ logFormat: parseLogFormat('auto'), serverName: 'web1' }, (lines) => lines.line(COMBINED(1), 0, { server: 'web3', source: 'web3:/a.log' })), ['web3 web3:/a.log:1'], 'held back while auto probes')
})
