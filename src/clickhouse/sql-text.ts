/**
 * The one way a value reaches ClickHouse's SQL: ClickHouse 18.16 has no
 * query parameters, so every value a user or a log gives is written as a
 * string literal here, byte by byte. Printable ASCII stands as it is except
 * `'` and `\`; every other byte of the value's UTF-8 (controls, NUL,
 * newlines, DEL, non-ASCII, what a lone surrogate becomes) is written `\xHH`.
 * The literal is printable ASCII with no quote left open, so no value can end
 * it early or change the query around it (test/unit/clickhouse/sql-text.test.ts
 * fuzzes this; the real-server tests read each literal back).
 *
 * Names (database, table, columns) are checked to be plain identifiers
 * before they get here, and are backquoted besides.
 */

const BACKSLASH = 0x5c
const QUOTE = 0x27
const HEX = '0123456789ABCDEF'

/** A string literal holding exactly the UTF-8 bytes of `value`. */
export function sqlString(value: string): string {
  let out = "'"
  for (const byte of Buffer.from(value, 'utf8')) {
    if (byte === BACKSLASH || byte === QUOTE) out += `\\${String.fromCharCode(byte)}`
    else if (byte >= 0x20 && byte < 0x7f) out += String.fromCharCode(byte)
    else out += `\\x${HEX[byte >> 4] as string}${HEX[byte & 15] as string}`
  }
  return `${out}'`
}

/** A whole number as SQL; anything else is a bug. */
export function sqlInteger(value: number | bigint): string {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) throw new RangeError(`not a whole number: ${value}`)
  return String(value)
}

/** `[A-Za-z_][A-Za-z0-9_]*`: the names a clickhouse:// URL may give. */
export const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/

/** A checked name, backquoted. */
export function sqlName(name: string): string {
  if (!IDENTIFIER.test(name)) throw new RangeError(`not a plain identifier: ${JSON.stringify(name)}`)
  return `\`${name}\``
}
