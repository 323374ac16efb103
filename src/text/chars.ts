/** Char-code tests for text read on every line, where a regular expression costs more. */

/** `[0-9]`; false for NaN (a position past the end of the text). */
export function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39
}
