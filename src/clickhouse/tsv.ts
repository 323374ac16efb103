/**
 * ClickHouse's TabSeparated text: fields split by TAB, rows by `\n`, and in
 * a field `\` escapes (`\t`, `\n`, `\\`, `\'`, `\0`, …). Rows are read from a
 * query's answer, and written for an insert.
 */

const UNESCAPED: Readonly<Record<string, string>> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', 0: '\0', a: '\x07', v: '\v', N: '' }

/** A field as ClickHouse writes it → its value. */
export function tsvField(text: string): string {
  if (!text.includes('\\')) return text
  return text.replace(/\\(.)/gs, (_, c: string) => UNESCAPED[c] ?? c)
}

/** The rows of a TabSeparated answer. */
export function parseTsvRows(text: string): string[][] {
  const rows: string[][] = []
  let start = 0
  while (start < text.length) {
    let end = text.indexOf('\n', start)
    if (end < 0) end = text.length
    rows.push(text.slice(start, end).split('\t').map(tsvField))
    start = end + 1
  }
  return rows
}

/** A value as a TabSeparated field: `\`, TAB, newlines and NUL escaped. */
export function tsvEscape(value: string): string {
  return /[\\\t\n\r\0]/.test(value)
    ? value.replace(/[\\\t\n\r\0]/g, (c) => (c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\0'))
    : value
}
