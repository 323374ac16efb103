import t from 'tap'
import { compileFormat, type FieldName, type FormatToken, type LogFormat, type Quoting } from '../../../src/parse/line-format.js'

const lit = (text: string): FormatToken => ({ kind: 'literal', text })
const field = (name: FieldName, quoting: Quoting = 'bare'): FormatToken => ({ kind: 'field', name, quoting })
const parser = (tokens: FormatToken[], trailing = false) =>
  compileFormat({ name: 'test', tokens, trailing } satisfies LogFormat)

t.test('bare fields', async (t) => {
  const parse = parser([field('ip'), lit(' '), field('status')])
  t.strictSame(parse('1.2.3.4 200'), { ip: '1.2.3.4', status: '200' })
  const dashed = parser([field('ip'), lit(' - '), field('status')])
  t.strictSame(dashed('1.2.3.4 - 200'), { ip: '1.2.3.4', status: '200' })
})

t.test('quoted fields', async (t) => {
  const parse = parser([field('request', 'quoted'), lit(' '), field('status')])
  t.strictSame(parse('"GET / HTTP/1.1" 200'), { request: 'GET / HTTP/1.1', status: '200' })
  t.strictSame(parse('"" 200'), { request: '', status: '200' })
})

t.test('bracketed fields', async (t) => {
  const parse = parser([field('time', 'bracketed'), lit(' '), field('status')])
  t.strictSame(parse('[10/Oct/2000:13:55:36 -0700] 200'), { time: '10/Oct/2000:13:55:36 -0700', status: '200' })
  const last = parser([field('status'), lit(' '), field('time', 'bracketed')])
  t.strictSame(last('200 [x y]'), { status: '200', time: 'x y' })
  t.equal(last('200 [x y]z'), null)
})

t.test('escaped quotes stay in the raw field', async (t) => {
  const parse = parser([field('request', 'quoted'), lit(' '), field('status')])
  t.strictSame(parse('"say \\"hi\\" now" 200'), { request: 'say \\"hi\\" now', status: '200' })
  // `\"` followed by a space is not the closing quote
  t.strictSame(parse('"a\\" b" 200'), { request: 'a\\" b', status: '200' })
  t.strictSame(parse('"a\\\\" 200'), { request: 'a\\\\', status: '200' })
})

t.test('an unescaped quote inside does not end the field', async (t) => {
  const parse = parser([field('request', 'quoted'), lit(' '), field('status')])
  t.strictSame(parse('"GET /a"b HTTP/1.1" 200'), { request: 'GET /a"b HTTP/1.1', status: '200' })
  const dashed = parser([field('request', 'quoted'), lit(' - '), field('status')])
  t.strictSame(dashed('"a" b" - 200'), { request: 'a" b', status: '200' })
  const last = parser([field('ip'), lit(' '), field('userAgent', 'quoted')])
  t.strictSame(last('1.2.3.4 "Mozilla "x" y"'), { ip: '1.2.3.4', userAgent: 'Mozilla "x" y' })
})

t.test('trailing text only with trailing: true, and only after a space', async (t) => {
  const tokens = [field('ip'), lit(' '), field('userAgent', 'quoted')]
  const strict = parser(tokens)
  const loose = parser(tokens, true)
  t.strictSame(strict('1.2.3.4 "ua"'), { ip: '1.2.3.4', userAgent: 'ua' })
  t.equal(strict('1.2.3.4 "ua" rt=0.003'), null)
  t.strictSame(loose('1.2.3.4 "ua" rt=0.003'), { ip: '1.2.3.4', userAgent: 'ua' })
  t.strictSame(loose('1.2.3.4 "ua"'), { ip: '1.2.3.4', userAgent: 'ua' })
  t.equal(loose('1.2.3.4 "ua"rt=0.003'), null)

  const bareStrict = parser([field('ip'), lit(' '), field('bytes')])
  const bareLoose = parser([field('ip'), lit(' '), field('bytes')], true)
  t.equal(bareStrict('1.2.3.4 512 extra'), null)
  t.strictSame(bareLoose('1.2.3.4 512 extra'), { ip: '1.2.3.4', bytes: '512' })
  t.strictSame(bareLoose('1.2.3.4 512'), { ip: '1.2.3.4', bytes: '512' })
})

t.test('two fields without a literal between them throw', async (t) => {
  t.throws(() => parser([field('ip'), field('status')]),
    { message: 'format test: fields ip and status need a literal between them' })
  t.throws(() => parser([field('time', 'bracketed'), field('request', 'quoted')]),
    { message: 'format test: fields time and request need a literal between them' })
})

t.test('failures return null', async (t) => {
  const parse = parser([
    field('ip'), lit(' '), field('time', 'bracketed'), lit(' '),
    field('request', 'quoted'), lit(' '), field('status'),
  ])
  t.strictSame(parse('1.2.3.4 [t] "r" 200'), { ip: '1.2.3.4', time: 't', request: 'r', status: '200' })
  t.equal(parse('1.2.3.4 t] "r" 200'), null, 'missing opening bracket')
  t.equal(parse('1.2.3.4 [t "r" 200'), null, 'missing closing bracket')
  t.equal(parse('1.2.3.4 [t] "r 200'), null, 'unterminated quote')
  t.equal(parse('1.2.3.4 [t] r" 200'), null, 'missing opening quote')
  t.equal(parse(' [t] "r" 200'), null, 'empty bare field')
  t.equal(parse('1.2.3.4 [t] "r" '), null, 'empty last bare field')
  t.equal(parse('1.2.3.4 [t] "r"'), null, 'missing last field')
  t.equal(parse('1.2.3.4  [t] "r" 200'), null, 'double space')
  t.equal(parse(''), null, 'empty line')
})
