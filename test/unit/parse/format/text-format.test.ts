import t from 'tap'
import type { FieldSpec, Role } from '../../../../src/parse/format/format-spec.js'
import type { Extent } from '../../../../src/parse/format/line-plan.js'
import { assembleTextFormat, DIGITS_OR_DASH, extentFor, FormatError, NUMBER_OR_DASH, TO_NEXT, type Piece } from '../../../../src/parse/format/text-format.js'
import { timeField } from '../../../../src/parse/time/time-field.js'

const spec = (role: Role, name: string): FieldSpec => ({ role, name, rank: 1 })
const lit = (text: string): Piece => ({ kind: 'literal', text })
const field = (label: string, meaning: FieldSpec | null, extent: Extent = TO_NEXT, bracketed = false): Piece =>
  ({ kind: 'field', label, spec: meaning, extent, ...(bracketed ? { bracketed } : {}) })
const ends = (extent: Extent, text: string, pos = 0): number => (extent.type === 'shape' ? extent.consume(text, pos) : Number.NaN)

t.test('status, bytes and port: digits or a dash', async (t) => {
  t.strictSame(['200 ', '- ', '-5', 'x', '', '0'].map((text) => ends(DIGITS_OR_DASH, text)), [3, 1, 1, -1, -1, 1])
  t.equal(ends(DIGITS_OR_DASH, 'x 404 y', 2), 5, 'from where the field starts')
})

t.test('durations: a decimal number or a dash', async (t) => {
  t.strictSame(['0.003 ', '12 ', '- ', '.5', 'x', '1.2.3'].map((text) => ends(NUMBER_OR_DASH, text)), [5, 2, 1, -1, -1, 3])
  t.equal(ends(NUMBER_OR_DASH, 'rt=0.250', 3), 8)
})

t.test('the extent of a field by its meaning', async (t) => {
  for (const role of ['status', 'bytes', 'port'] as const) t.equal(extentFor(spec(role, role)), DIGITS_OR_DASH, role)
  t.equal(extentFor(spec('duration', '$request_time')), NUMBER_OR_DASH)
  for (const role of ['ip', 'user', 'request', 'referer', 'userAgent', 'host'] as const) t.equal(extentFor(spec(role, role)), TO_NEXT, role)
  t.equal(extentFor(null), TO_NEXT, 'a field passed over')
  t.equal(extentFor(spec('time', 'no reader')), TO_NEXT, 'a time without its reader')
  const clf = timeField({ kind: 'clf' })
  const time = extentFor({ role: 'time', name: '$time_local', rank: 1, time: clf })
  t.strictSame(time, { type: 'shape', consume: clf.consume, selfDelimiting: true }, 'a time: its own shape')
  t.equal(ends(time, '[22/Nov/2026:10:00:01 +0100]', 1), 27)
})

t.test('literals are merged, a field between quotes is quoted, only fields with a meaning get a slot', async (t) => {
  const ip = spec('ip', '$remote_addr')
  const ua = spec('userAgent', '$http_user_agent')
  const format = assembleTextFormat('mine', 'nginx', [
    field('$remote_addr', ip), lit(' '), lit('"'), field('$http_user_agent', ua), lit('"'), lit(''), lit(' ['), field('$connection', null), lit(']'),
  ], { trailing: false, escaped: true })
  t.strictSame([format.kind, format.name, format.dialect, format.escaped], ['text', 'mine', 'nginx', true])
  t.strictSame(format.fields, [ip, ua])
  t.strictSame(format.parse('1.2.3.4 "a \\"b\\" c" [12]'), ['1.2.3.4', 'a \\"b\\" c'], 'the quoted field reads past escaped quotes')
  t.strictSame(format.parse('1.2.3.4 - [12]'), ['1.2.3.4', '-'], 'a field a record can do without may be a bare -')
  t.equal(format.parse('1.2.3.4 "a" [12] x'), null)
  const request = assembleTextFormat('r', 'nginx', [lit('"'), field('$request', spec('request', '$request')), lit('" '), field('$status', spec('status', '$status'), DIGITS_OR_DASH)],
    { trailing: false, escaped: false })
  t.strictSame(request.parse('"GET / HTTP/1.1" 200'), ['GET / HTTP/1.1', '200'])
  t.equal(request.parse('- 200'), null, 'a field a record needs may not')
  t.equal(request.escaped, false)
})

t.test('a field that writes its own brackets is not quoted between quotes', async (t) => {
  const format = assembleTextFormat('t', 'apache', [lit('"'), field('%t', spec('time', '%t'), TO_NEXT, true), lit('"')], { trailing: false, escaped: true })
  t.strictSame(format.parse('"[22/Nov/2026:10:00:01 +0100]"'), ['22/Nov/2026:10:00:01 +0100'])
  t.equal(format.parse('22/Nov/2026:10:00:01 +0100'), null)
})

t.test('optionalFields: a line may lack that many fields at the end, with the literal before them', async (t) => {
  const pieces = [field('%h', spec('ip', '%h')), lit(' '), field('%>s', spec('status', '%>s'), DIGITS_OR_DASH), lit(' "'), field('%{Referer}i', spec('referer', 'r')), lit('" "'),
    field('%{User-Agent}i', spec('userAgent', 'ua')), lit('"')]
  const format = assembleTextFormat('combined', 'apache', pieces, { trailing: true, escaped: true, optionalFields: 2 })
  t.strictSame(format.parse('1.2.3.4 200'), ['1.2.3.4', '200'])
  t.strictSame(format.parse('1.2.3.4 200 "-" "curl/8"'), ['1.2.3.4', '200', '-', 'curl/8'])
  t.strictSame(format.parse('1.2.3.4 200 "-" "curl/8" 17'), ['1.2.3.4', '200', '-', 'curl/8'], 'trailing text')
  t.equal(format.parse('1.2.3.4 200 "-"'), null, 'all of them or none')
  t.equal(assembleTextFormat('full', 'apache', pieces, { trailing: false, escaped: true }).parse('1.2.3.4 200'), null, 'none optional: all of them')
})

t.test('formats that cannot be compiled', async (t) => {
  t.throws(() => assembleTextFormat('x', 'nginx', [lit('just text')], { trailing: false, escaped: true }), new FormatError('has no fields'))
  t.throws(() => assembleTextFormat('x', 'nginx', [field('$a', null), field('$b', null)], { trailing: false, escaped: true }),
    new FormatError('has $a$b: two fields with nothing between them cannot be told apart (put a space or other text between them)'))
})
