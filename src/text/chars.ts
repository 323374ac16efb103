/** Char-code tests for text read on every line, where a regular expression costs more. */

/** `[0-9]`; false for NaN (a position past the end of the text). */
export function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39
}

/** `^\d+$`: one ASCII digit or more, and nothing else. */
export function isDigits(text: string): boolean {
  if (text.length === 0) return false
  for (let i = 0; i < text.length; i++) if (!isDigit(text.charCodeAt(i))) return false
  return true
}

/** The char codes the line readers look for (one home; a parser generated as source writes them in as numbers). */
export const NEWLINE = 0x0a
export const CR = 0x0d
export const SPACE = 0x20
export const QUOTE = 0x22
export const PLUS = 0x2b
export const COMMA = 0x2c
export const DASH = 0x2d
export const DOT = 0x2e
export const SLASH = 0x2f
export const COLON = 0x3a
export const QUESTION = 0x3f
export const UPPER_T = 0x54
export const UPPER_Z = 0x5a
export const BRACKET = 0x5b
export const BACKSLASH = 0x5c
export const BRACKET_CLOSE = 0x5d
export const LOWER_Z = 0x7a
