import t from 'tap'
import { AdjacentFieldsError, compileFormat } from '../../../../src/parse/format/line-compiler.js'
import type { Extent, FieldToken, FormatToken, Quoting } from '../../../../src/parse/format/line-plan.js'
import { between, pickOne, seeded } from '../../../helpers/seeded.js'

const lit = (text: string): FormatToken => ({ kind: 'literal', text })
let nextSlot = 0
const field = (label: string, quoting: Quoting = 'bare', extent: Extent = { type: 'toNext' }, canBeEmpty = false): FieldToken =>
  ({ kind: 'field', slot: nextSlot++, label, quoting, extent, canBeEmpty })
const skip = (label: string): FieldToken => ({ kind: 'field', slot: -1, label, quoting: 'bare', extent: { type: 'toNext' }, canBeEmpty: true })
/** Slots are numbered in the order the fields are made, from 0 for each parser. */
const parser = (make: () => FormatToken[], trailing = false) => {
  nextSlot = 0
  return compileFormat({ name: 'test', tokens: make(), trailing })
}
const DIGITS: Extent = {
  type: 'shape', selfDelimiting: false,
  consume: (line, pos) => {
    let i = pos
    while (/\d/.test(line[i] ?? '')) i++
    return i > pos ? i : -1
  },
}
const TWO_DIGITS: Extent = { type: 'shape', selfDelimiting: true, consume: (line, pos) => (/^\d\d/.test(line.slice(pos)) ? pos + 2 : -1) }

t.test('bare fields', async (t) => {
  const parse = parser(() => [field('ip'), lit(' '), field('status')])
  t.strictSame(parse('1.2.3.4 200'), ['1.2.3.4', '200'])
  const dashed = parser(() => [field('ip'), lit(' - '), field('status')])
  t.strictSame(dashed('1.2.3.4 - 200'), ['1.2.3.4', '200'])
  const last = parser(() => [field('ip'), lit(' '), field('ua')])
  t.strictSame(last('1.2.3.4 curl/8 (x y)'), ['1.2.3.4', 'curl/8 (x y)'], 'a last bare field takes the rest of the line')
})

t.test('fields passed over get no slot and are not copied', async (t) => {
  const parse = parser(() => [field('ip'), lit(' '), skip('%l'), lit(' '), field('status')])
  t.strictSame(parse('1.2.3.4 - 200'), ['1.2.3.4', '200'])
  t.strictSame(parse('1.2.3.4  200'), ['1.2.3.4', '200'], 'a passed-over field may be empty')
})

t.test('quoted fields', async (t) => {
  const parse = parser(() => [field('request', 'quoted'), lit(' '), field('status')])
  t.strictSame(parse('"GET / HTTP/1.1" 200'), ['GET / HTTP/1.1', '200'])
  t.strictSame(parse('"" 200'), ['', '200'])
})

t.test('bracketed fields', async (t) => {
  const parse = parser(() => [field('time', 'bracketed'), lit(' '), field('status')])
  t.strictSame(parse('[10/Oct/2000:13:55:36 -0700] 200'), ['10/Oct/2000:13:55:36 -0700', '200'])
  const last = parser(() => [field('status'), lit(' '), field('time', 'bracketed')])
  t.strictSame(last('200 [x y]'), ['200', 'x y'])
  t.equal(last('200 [x y]z'), null)
})

t.test('escaped quotes stay in the raw field', async (t) => {
  const parse = parser(() => [field('request', 'quoted'), lit(' '), field('status')])
  t.strictSame(parse('"say \\"hi\\" now" 200'), ['say \\"hi\\" now', '200'])
  t.strictSame(parse('"a\\" b" 200'), ['a\\" b', '200'], '`\\"` followed by a space is not the closing quote')
  t.strictSame(parse('"a\\\\" 200'), ['a\\\\', '200'])
})

t.test('an unescaped quote inside does not end the field', async (t) => {
  const parse = parser(() => [field('request', 'quoted'), lit(' '), field('status')])
  t.strictSame(parse('"GET /a"b HTTP/1.1" 200'), ['GET /a"b HTTP/1.1', '200'])
  const dashed = parser(() => [field('request', 'quoted'), lit(' - '), field('status')])
  t.strictSame(dashed('"a" b" - 200'), ['a" b', '200'])
  const last = parser(() => [field('ip'), lit(' '), field('userAgent', 'quoted')])
  t.strictSame(last('1.2.3.4 "Mozilla "x" y"'), ['1.2.3.4', 'Mozilla "x" y'])
})

const TO_NEXT: Extent = { type: 'toNext' }

t.test('an optional quoted field may be a bare - (Traefik writes an unset Referer or User-Agent so)', async (t) => {
  const parse = parser(() => [field('ip'), lit(' '), field('referer', 'quoted', TO_NEXT, true), lit(' '), field('ua', 'quoted', TO_NEXT, true)], true)
  t.strictSame(parse('1.2.3.4 - -'), ['1.2.3.4', '-', '-'])
  t.strictSame(parse('1.2.3.4 - "curl/8" 17 "router@docker"'), ['1.2.3.4', '-', 'curl/8'], 'text after it in a trailing format')
  t.strictSame(parse('1.2.3.4 "https://x/" - 17'), ['1.2.3.4', 'https://x/', '-'])
  t.equal(parse('1.2.3.4 -- "x"'), null, 'a dash must be followed by what follows the field')
  t.equal(parse('1.2.3.4 -x "x"'), null)
  t.equal(parse('1.2.3.4 x "x"'), null, 'only a dash')
  const needed = parser(() => [field('ip'), lit(' '), field('request', 'quoted'), lit(' '), field('status', 'bare', DIGITS)])
  t.strictSame(needed('1.2.3.4 "-" 400'), ['1.2.3.4', '-', '400'])
  t.equal(needed('1.2.3.4 - 400'), null, 'a field a record needs stays quoted')
})

t.test('a last optional quoted field cut off at the end of the line takes the rest of it', async (t) => {
  const tokens = () => [field('ip'), lit(' '), field('referer', 'quoted', TO_NEXT, true), lit(' '), field('ua', 'quoted', TO_NEXT, true)]
  for (const trailing of [false, true]) {
    const parse = parser(tokens, trailing)
    const how = trailing ? 'trailing' : 'not trailing'
    t.strictSame(parse('1.2.3.4 "-" "Mozilla/5.0 (X11; Lin'), ['1.2.3.4', '-', 'Mozilla/5.0 (X11; Lin'], how)
    t.strictSame(parse('1.2.3.4 "-" "'), ['1.2.3.4', '-', ''], `${how}: cut right after the quote`)
    t.strictSame(parse('1.2.3.4 "-" "a \\"b\\'), ['1.2.3.4', '-', 'a \\"b\\'], `${how}: escaped quotes do not close it`)
    t.equal(parse('1.2.3.4 "-" "a"b'), null, `${how}: an unescaped quote inside: not cut off, not in the format`)
    t.equal(parse('1.2.3.4 "http://x/'), null, `${how}: only the last field`)
  }
  t.equal(parser(tokens)('1.2.3.4 "-" "ua" extra'), null, 'text after a closed last field')
  t.equal(parser(() => [field('ip'), lit(' '), field('request', 'quoted')])('1.2.3.4 "GET /moebel/ HT'), null,
    'not a field a record needs (a cut request would be a wrong URL)')
  const passedOver = (): FieldToken => ({ kind: 'field', slot: -1, label: '%{Cookie}i', quoting: 'quoted', extent: TO_NEXT, canBeEmpty: true })
  t.strictSame(parser(() => [field('ip'), lit(' '), passedOver()])('1.2.3.4 "a=1; b'), ['1.2.3.4'], 'a field passed over')
})

t.test('trailing text only with trailing: true, and only after a space', async (t) => {
  const tokens = () => [field('ip'), lit(' '), field('userAgent', 'quoted')]
  const strict = parser(tokens)
  const loose = parser(tokens, true)
  t.strictSame(strict('1.2.3.4 "ua"'), ['1.2.3.4', 'ua'])
  t.equal(strict('1.2.3.4 "ua" rt=0.003'), null)
  t.strictSame(loose('1.2.3.4 "ua" rt=0.003'), ['1.2.3.4', 'ua'])
  t.strictSame(loose('1.2.3.4 "ua"'), ['1.2.3.4', 'ua'])
  t.equal(loose('1.2.3.4 "ua"rt=0.003'), null)

  const bareStrict = parser(() => [field('ip'), lit(' '), field('bytes', 'bare', DIGITS)])
  const bareLoose = parser(() => [field('ip'), lit(' '), field('bytes')], true)
  t.equal(bareStrict('1.2.3.4 512 extra'), null, 'a shaped last field does not swallow trailing text')
  t.strictSame(bareLoose('1.2.3.4 512 extra'), ['1.2.3.4', '512'], 'a trailing format ends a last bare field at a space')
  t.strictSame(bareLoose('1.2.3.4 512'), ['1.2.3.4', '512'])
})

t.test('shaped fields end where their shape ends', async (t) => {
  const parse = parser(() => [field('time', 'bare', TWO_DIGITS), field('rest')])
  t.strictSame(parse('42abc'), ['42', 'abc'], 'a self-delimiting shape may touch the next field')
  const spaced = parser(() => [lit('['), field('time', 'bare', TWO_DIGITS), lit('] '), field('status', 'bare', DIGITS)])
  t.strictSame(spaced('[07] 200'), ['07', '200'])
  t.equal(spaced('[7] 200'), null)
  t.equal(spaced('[07] x'), null)
})

t.test('path and query glued together: Apache %U%q', async (t) => {
  const parse = parser(() => [
    lit('"'), field('m'), lit(' '), field('%U', 'bare', { type: 'path', dashIsArgs: false }),
    field('%q', 'bare', { type: 'query' }, true), lit(' '), field('%H'), lit('"'),
  ])
  t.strictSame(parse('"GET /a/b?x=1&y=2 HTTP/1.1"'), ['GET', '/a/b', '?x=1&y=2', 'HTTP/1.1'])
  t.strictSame(parse('"GET /a/b HTTP/1.1"'), ['GET', '/a/b', '', 'HTTP/1.1'])
  t.strictSame(parse('"GET /a/b? HTTP/1.1"'), ['GET', '/a/b', '?', 'HTTP/1.1'])
})

t.test('nginx $uri$is_args$args and $request_uri$args', async (t) => {
  const uriIsArgs = parser(() => [
    field('$uri', 'bare', { type: 'path', dashIsArgs: true }),
    { kind: 'field', slot: -1, label: '$is_args', quoting: 'bare', extent: { type: 'isArgs' }, canBeEmpty: true },
    field('$args', 'bare', { type: 'args' }, true), lit(' '), field('status'),
  ])
  t.strictSame(uriIsArgs('/p?a=1&b=2 200'), ['/p', 'a=1&b=2', '200'])
  t.strictSame(uriIsArgs('/p- 200'), ['/p', '-', '200'], 'nginx writes - for absent $args: it is not part of the path')
  t.strictSame(uriIsArgs('/p-- 200'), ['/p-', '-', '200'])
  t.strictSame(uriIsArgs('/- 200'), ['/', '-', '200'])

  const requestUri = parser(() => [field('$request_uri', 'bare', { type: 'path', dashIsArgs: true }), field('$args', 'bare', { type: 'args' }, true), lit(' '), field('status')])
  t.strictSame(requestUri('/p?a=1a=1 200'), ['/p', 'a=1a=1', '200'])
  t.strictSame(requestUri('/p- 200'), ['/p', '-', '200'])
  t.strictSame(requestUri('/p?- 200'), ['/p', '-', '200'])
  t.strictSame(requestUri('/p-?a=1 200'), ['/p-', 'a=1', '200'], 'with a `?`, a `-` before it is part of the path')
})

t.test('two fields that cannot be told apart throw at compile time', async (t) => {
  t.throws(() => parser(() => [field('$remote_addr'), field('$remote_user')]),
    new AdjacentFieldsError('$remote_addr', '$remote_user'))
  t.throws(() => parser(() => [field('%{sec}t', 'bare', DIGITS), field('%{usec_frac}t', 'bare', DIGITS)]),
    { message: 'fields %{sec}t and %{usec_frac}t need a literal between them' })
  t.throws(() => parser(() => [field('$uri', 'bare', { type: 'path', dashIsArgs: true }), field('$status')]),
    { message: 'fields $uri and $status need a literal between them' })
  t.doesNotThrow(() => parser(() => [field('request', 'quoted'), field('ua', 'quoted')]), 'quoted fields delimit themselves')
})

t.test('failures return null', async (t) => {
  const parse = parser(() => [
    field('ip'), lit(' '), field('time', 'bracketed'), lit(' '),
    field('request', 'quoted'), lit(' '), field('status', 'bare', DIGITS),
  ])
  t.strictSame(parse('1.2.3.4 [t] "r" 200'), ['1.2.3.4', 't', 'r', '200'])
  t.equal(parse('1.2.3.4 t] "r" 200'), null, 'missing opening bracket')
  t.equal(parse('1.2.3.4 [t "r" 200'), null, 'missing closing bracket')
  t.equal(parse('1.2.3.4 [t] "r 200'), null, 'unterminated quote')
  t.equal(parse('1.2.3.4 [t] r" 200'), null, 'missing opening quote')
  t.equal(parse(' [t] "r" 200'), null, 'empty bare field')
  t.equal(parse('1.2.3.4 [t] "r" '), null, 'empty last field')
  t.equal(parse('1.2.3.4 [t] "r"'), null, 'missing last field')
  t.equal(parse('1.2.3.4  [t] "r" 200'), null, 'double space')
  t.equal(parse(''), null, 'empty line')
})

t.test('random formats read back the values a line of them was written with', async (t) => {
  const random = seeded(21)
  const LITERALS = [' ', ' - ', ':', '|', '=', ', ']
  /** How to write a field, and values that hold none of the literals (a bare one ends at the next). */
  const KINDS: [Quoting, Extent, (value: string) => string, string[]][] = [
    ['bare', TO_NEXT, (v) => v, ['1.2.3.4', 'abc', 'x_y']],
    ['quoted', TO_NEXT, (v) => `"${v}"`, ['GET /a b HTTP/1.1', 'a\\"b', '', '-']],
    ['bracketed', TO_NEXT, (v) => `[${v}]`, ['10/Oct/2000:13:55:36 -0700', '']],
    ['bare', DIGITS, (v) => v, ['200', '0']],
    ['bare', { type: 'path', dashIsArgs: true }, (v) => v, ['/a/b', '/']],
  ]
  for (let f = 0; f < 200; f++) {
    nextSlot = 0
    const tokens: FormatToken[] = []
    /** The text each token is written as in the line. */
    const texts: string[] = []
    const values: string[] = []
    const literal = (): void => {
      const text = pickOne(random, LITERALS)
      tokens.push(lit(text))
      texts.push(text)
    }
    if (random() < 0.3) literal()
    const fields = between(random, 1, 6)
    for (let k = 0; k < fields; k++) {
      const [quoting, extent, write, samples] = pickOne(random, KINDS)
      const value = pickOne(random, samples)
      tokens.push(field('f', quoting, extent))
      texts.push(write(value))
      values.push(value)
      if (k < fields - 1 || random() < 0.3) literal()
    }
    const trailing = random() < 0.5
    const optionalFrom = random() < 0.4 ? between(random, 1, tokens.length - 1) : undefined
    const parse = compileFormat({ name: 'random', tokens, trailing, ...(optionalFrom === undefined ? {} : { optionalFrom }) })
    const line = texts.join('')
    t.strictSame(parse(line), values, `format ${f}: ${JSON.stringify(line)}`)
    if (trailing) t.strictSame(parse(`${line} extra`), values, `format ${f}, with trailing text`)
    if (optionalFrom !== undefined) {
      const short = texts.slice(0, optionalFrom).join('')
      const fieldsBefore = tokens.slice(0, optionalFrom).filter((token) => token.kind === 'field').length
      t.strictSame(parse(short), values.slice(0, fieldsBefore), `format ${f}, up to the optional part: ${JSON.stringify(short)}`)
    }
  }
})
