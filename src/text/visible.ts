/**
 * Log values shown on the page are made visible: C0 control characters become
 * their Unicode "control picture" (NUL → ␀); C1 controls and bidirectional
 * marks, overrides and isolates are shown as `<U+202E>`. So a value can
 * neither hide text nor reorder what is shown around it. HTML escaping
 * happens later, in the template.
 */

// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

const picture = (char: string): string => {
  const code = char.charCodeAt(0)
  if (code < 0x20) return String.fromCharCode(0x2400 + code)
  if (code === 0x7f) return '\u2421'
  return `<U+${code.toString(16).toUpperCase().padStart(4, '0')}>`
}

export const visible = (text: string): string => text.replace(INVISIBLE, picture)
