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
  t.equal(visible('\u202f\u200a\u2010\u2027\u205f\ufefe\u{e1000}\u17b3\u17b6\u115e\u1161\u3163\u3165\ufe10\u{1d172}'),
    '\u202f\u200a\u2010\u2027\u205f\ufefe\u{e1000}\u17b3\u17b6\u115e\u1161\u3163\u3165\ufe10\u{1d172}', 'neighbours of the named ranges')
})

t.test('letters, marks, spaces and emoji of many scripts are unchanged', async (t) => {
  const scripts = [
    'Möbel größe Ærø façade', 'e\u0301 combining acute, Vie\u0323\u0302t', 'Ελληνικά', 'Кириллица', 'עִבְרִית', 'العَرَبِيَّة',
    'हिन्दी क्ष', 'தமிழ்', 'ไทย ภาษา', 'ລາວ', 'ខ្មែរ', 'ᠮᠣᠩᠭᠣᠯ', '日本語 ひらがな カタカナ', '中文', '한국어 \u1100\u1161\u11a8',
    'ግዕዝ', 'Հայերեն', 'ქართული', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ∑∫', '🛋 👍🏽 🇩🇪 #⃣',
    'spaces:\u00a0\u2002\u2009\u202f\u205f\u3000.',
  ]
  for (const text of scripts) t.equal(visible(text), text, text)
})

t.test('every code point of the other Unicode classes is unchanged (nothing named by mistake)', async (t) => {
  const shown = /^[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}\p{Co}]$/u
  const ignorable = /^\p{Default_Ignorable_Code_Point}$/u
  const all: string[] = []
  for (let code = 0; code <= 0x10ffff; code++) {
    if (code >= 0xd800 && code <= 0xdfff) continue
    const char = String.fromCodePoint(code)
    if (shown.test(char) && !ignorable.test(char)) all.push(char)
  }
  t.ok(all.length > 280_000, `${all.length} code points`)
  const text = all.join('')
  t.equal(visible(text), text)
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

t.test('invisible characters are found by their Unicode properties, each named by code point', async (t) => {
  // issue 24's list; then the rest of each range it names
  const listed = [0xad, 0x34f, 0x115f, 0x1160, 0x180e, 0x17b4, 0x17b5, 0x2061, 0x2062, 0x2063, 0x2064, 0x206a, 0x206b, 0x206c,
    0x206d, 0x206e, 0x206f, 0x3164, 0xfe0f, 0xffa0, 0xfff9, 0x1bca0, 0x1d173, 0xe0100]
  const more = [0x180b, 0x180c, 0x180d, 0x180f, 0x2065, 0xfe00, 0xfe0e, 0xfffa, 0xfffb, 0x1bca1, 0x1bca3, 0x1d174, 0x1d17a,
    0xe01ef, 0xe0080, 0xe0fff, 0x13430, 0x0600, 0x06dd, 0x110bd]
  for (const code of [...listed, ...more]) {
    const name = `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`
    t.equal(visible(`a${String.fromCodePoint(code)}b`), `a${name}b`, name)
  }
  t.equal(visible('a\u00adb'), 'a<U+00AD>b', 'the soft hyphen')
  t.equal(visible('x\u{e0100}\u{1d173}y'), 'x<U+E0100><U+1D173>y', 'astral ones by their whole code point')
})

t.test('emoji: the presentation selector and the joiner of a sequence are named, as any other', async (t) => {
  t.equal(visible('\u2764\ufe0f'), '\u2764<U+FE0F>')
  t.equal(visible('👩\u200d💻'), '👩<U+200D>💻')
  t.equal(visible('🏳\ufe0f\u200d🌈'), '🏳<U+FE0F><U+200D>🌈')
  t.equal(visible('🇩🇪 👍🏽'), '🇩🇪 👍🏽', 'flags and skin tones are visible characters')
})

t.test('a lone surrogate (a JSON log can spell one) is named, a pair is its character', async (t) => {
  t.equal(visible('a\ud800b'), 'a<U+D800>b')
  t.equal(visible('\udfff'), '<U+DFFF>')
  t.equal(visible('\ud83d\udecb'), '🛋')
})
