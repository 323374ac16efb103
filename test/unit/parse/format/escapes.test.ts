import t from 'tap'
import { decodeLogEscapes } from '../../../../src/parse/format/escapes.js'

t.test('nginx \\xHH upper-case hex', async (t) => {
  t.equal(decodeLogEscapes('\\x41\\x3D\\x5A'), 'A=Z')
  t.equal(decodeLogEscapes('\\x22quoted\\x22'), '"quoted"')
  t.equal(decodeLogEscapes('\\x5C'), '\\')
})

t.test('multi-byte UTF-8 from \\xHH bytes', async (t) => {
  t.equal(decodeLogEscapes('GET /caf\\xC3\\xA9 HTTP/1.1'), 'GET /café HTTP/1.1')
  t.equal(decodeLogEscapes('\\xE2\\x82\\xAC'), '€')
  t.equal(decodeLogEscapes('\\xF0\\x9F\\x98\\x80'), '\u{1F600}')
})

t.test('Apache \\" \\\\ and C escapes', async (t) => {
  t.equal(decodeLogEscapes('Mozilla \\"Quoted\\" Agent'), 'Mozilla "Quoted" Agent')
  t.equal(decodeLogEscapes('a\\\\b'), 'a\\b')
  t.equal(decodeLogEscapes('a\\nb\\tc'), 'a\nb\tc')
  t.equal(decodeLogEscapes('\\r\\a\\b\\f\\v'), '\r\x07\b\f\v')
  // an escaped backslash does not start a following \x escape
  t.equal(decodeLogEscapes('\\\\x41'), '\\x41')
})

t.test('lower-case \\xhh', async (t) => {
  t.equal(decodeLogEscapes('\\x41\\x3d\\x7e'), 'A=~')
  t.equal(decodeLogEscapes('\\xc3\\xa9'), 'é')
})

t.test('invalid UTF-8 becomes U+FFFD', async (t) => {
  t.equal(decodeLogEscapes('\\xC3'), '\uFFFD')
  t.equal(decodeLogEscapes('\\xFF'), '\uFFFD')
  t.equal(decodeLogEscapes('a\\xC3b'), 'a\uFFFDb')
  t.equal(decodeLogEscapes('\\xFF\\xFE'), '\uFFFD\uFFFD')
})

t.test('a string without backslash is returned as is', async (t) => {
  t.equal(decodeLogEscapes('GET /plain HTTP/1.1'), 'GET /plain HTTP/1.1')
  t.equal(decodeLogEscapes('Grüße'), 'Grüße')
  t.equal(decodeLogEscapes(''), '')
})

t.test('unknown, trailing and incomplete escapes stay as written', async (t) => {
  t.equal(decodeLogEscapes('\\q'), '\\q')
  t.equal(decodeLogEscapes('a\\qb\\n'), 'a\\qb\n')
  t.equal(decodeLogEscapes('abc\\'), 'abc\\')
  t.equal(decodeLogEscapes('\\'), '\\')
  t.equal(decodeLogEscapes('\\x4'), '\\x4')
  t.equal(decodeLogEscapes('\\x4g'), '\\x4g')
  t.equal(decodeLogEscapes('\\xZZ\\x41'), '\\xZZA')
})

t.test('plain non-ASCII text mixed with escapes', async (t) => {
  t.equal(decodeLogEscapes('Grüße \\xE2\\x82\\xAC ok'), 'Grüße € ok')
  t.equal(decodeLogEscapes('ü\\xC3\\xA9ü'), 'üéü')
  t.equal(decodeLogEscapes('日本\\"x\\"語'), '日本"x"語')
})
