import t from 'tap'
import { visible } from '../../../src/text/visible.js'

t.test('control characters become control pictures', async (t) => {
  t.equal(visible('\u0000'), '\u2400')
  t.equal(visible('\u0000'), '␀')
  t.equal(visible('a\tb'), 'a␉b')
  t.equal(visible('\n\r'), '␊␍')
  t.equal(visible('\u001b[31m'), '␛[31m')
  t.equal(visible('\u001f'), '␟')
  t.equal(visible('\u007f'), '␡')
  t.equal(visible('x\u0007\u0008y'), 'x␇␈y')
})

t.test('bidi marks, embeddings, overrides and isolates are named', async (t) => {
  t.equal(visible('\u202e'), '<U+202E>')
  t.equal(visible('abc\u202Edef'), 'abc<U+202E>def')
  t.equal(visible('\u200e\u200f'), '<U+200E><U+200F>')
  t.equal(visible('\u202a\u202b\u202c\u202d'), '<U+202A><U+202B><U+202C><U+202D>')
  t.equal(visible('\u2066\u2067\u2068\u2069'), '<U+2066><U+2067><U+2068><U+2069>')
})

t.test('ordinary and non-ASCII text is unchanged', async (t) => {
  t.equal(visible(''), '')
  t.equal(visible('GET /moebel/12/sofa?c=2 HTTP/1.1'), 'GET /moebel/12/sofa?c=2 HTTP/1.1')
  t.equal(visible(' ~!<>&"\''), ' ~!<>&"\'', 'no HTML escaping here')
  t.equal(visible('Möbel – Sofa ✓ 日本 🛋'), 'Möbel – Sofa ✓ 日本 🛋')
  t.equal(visible('\u2400'), '␀', 'a real control picture stays')
  t.equal(visible('\u2065\u206a\u202f\u200a\u2010\u2027\u205f\u2061\ufefe\u{e0080}\u{e0100}'), '\u2065\u206a\u202f\u200a\u2010\u2027\u205f\u2061\ufefe\u{e0080}\u{e0100}',
    'neighbours of the named ranges')
})

t.test('C1 controls and the Arabic letter mark are shown by code point', async (t) => {
  t.equal(visible('a\u0085b'), 'a<U+0085>b')
  t.equal(visible('\u0080\u009f'), '<U+0080><U+009F>')
  t.equal(visible('x\u061cy'), 'x<U+061C>y')
  t.equal(visible('\u00a0\u00e9'), '\u00a0\u00e9', 'NBSP and é are ordinary text')
})

t.test('zero-width characters, separators, the BOM and tag characters are named', async (t) => {
  t.equal(visible('a\u200bb\u200cc\u200dd'), 'a<U+200B>b<U+200C>c<U+200D>d')
  t.equal(visible('\u2060\ufeff'), '<U+2060><U+FEFF>')
  t.equal(visible('line\u2028next\u2029para'), 'line<U+2028>next<U+2029>para')
  // "hi" spelt in tag characters (each a surrogate pair in UTF-16), between the cancel tag and a visible letter
  t.equal(visible('x\u{e0068}\u{e0069}\u{e007f}y'), 'x<U+E0068><U+E0069><U+E007F>y')
  t.equal(visible('\u{e0000}'), '<U+E0000>')
  t.equal(visible('🛋\u200d'), '🛋<U+200D>', 'an astral character before a named one stays whole')
})
