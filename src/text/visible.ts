/**
 * Log values shown on the page are made visible: C0 control characters become
 * their Unicode "control picture" (NUL → ␀). Characters that show nothing or
 * move text are named by code point, as `<U+202E>`: C1 controls; the Arabic
 * letter mark and the bidirectional marks, embeddings, overrides and isolates;
 * zero-width spaces and joiners (U+200B–U+200D), the word joiner (U+2060), the
 * byte order mark (U+FEFF); the line and paragraph separators (U+2028,
 * U+2029); and tag characters (U+E0000–U+E007F), which can spell out hidden
 * text. So a value can neither hide text nor reorder what is shown around it.
 * HTML escaping happens later, in the template.
 */

// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060\u2066-\u2069\ufeff\u{e0000}-\u{e007f}]/gu

const picture = (char: string): string => {
  const code = char.codePointAt(0) as number
  if (code < 0x20) return String.fromCharCode(0x2400 + code)
  if (code === 0x7f) return '\u2421'
  return `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`
}

export const visible = (text: string): string => text.replace(INVISIBLE, picture)
