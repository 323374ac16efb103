/**
 * sqlString is the one way a value reaches ClickHouse's SQL. A seeded fuzz
 * of values with quotes, backslashes, NUL, newlines, controls, lone
 * surrogates and non-ASCII text: each literal reads back (by ClickHouse's
 * rules for a quoted string) as exactly the value's UTF-8 bytes, and no
 * value changes the shape of a whole query built from a search (the query
 * with its literals blanked out is the same for every value).
 */

import t from 'tap'
import { pushdown } from '../../../src/clickhouse/pushdown.js'
import { DEFAULT_COLUMNS } from '../../../src/clickhouse/clickhouse-url.js'
import { rowsQuery } from '../../../src/clickhouse/row-query.js'
import { sqlInteger, sqlName, sqlString } from '../../../src/clickhouse/sql-text.js'
import { DEFAULT_CRITERIA } from '../../../src/select/criteria.js'
import { between, pickOne, seeded } from '../../helpers/seeded.js'

const PIECES = ["'", '\\', '\0', '\n', '\r', '\t', '"', '`', "\\'", "''", ';', '--', '/*', '*/', '\ud800', '\udc00', 'é', '€', '𝄞',
  '\x7f', '\x1b', '\x85', '\u2028', 'a', ' ', '\\x41', '\\0', '?', '{a:String}', 'FORMAT', ')', '(']
const CASES = 2000

function fuzzValue(random: () => number): string {
  return Array.from({ length: between(random, 1, 16) }, () => pickOne(random, PIECES)).join('')
}

/** The query with every string literal blanked to `?`, reading literals as ClickHouse does (backslash escapes the next character). */
function shape(sql: string): string {
  let out = ''
  for (let i = 0; i < sql.length; i++) {
    if (sql[i] !== "'") {
      out += sql[i]
      continue
    }
    for (i++; i < sql.length && sql[i] !== "'"; i++) if (sql[i] === '\\') i++
    if (i >= sql.length) throw new Error(`a literal left open in ${sql}`)
    out += '?'
  }
  return out
}

/** The bytes a literal stands for, by ClickHouse's escapes. */
function literalBytes(literal: string): Buffer {
  const bytes: number[] = []
  for (let i = 1; i < literal.length - 1; i++) {
    const c = literal[i] as string
    if (c !== '\\') bytes.push(c.charCodeAt(0))
    else if (literal[i + 1] === 'x') {
      bytes.push(Number.parseInt(literal.slice(i + 2, i + 4), 16))
      i += 3
    } else bytes.push((literal[++i] as string).charCodeAt(0))
  }
  return Buffer.from(bytes)
}

t.test('a literal holds exactly the bytes of its value, in printable ASCII', async (t) => {
  const random = seeded(1)
  let checked = 0
  for (let n = 0; n < CASES; n++) {
    const value = fuzzValue(random)
    const literal = sqlString(value)
    if (!/^'[\x20-\x7e]*'$/.test(literal)) t.fail(`not printable: ${literal}`)
    if (!literalBytes(literal).equals(Buffer.from(value, 'utf8'))) t.fail(`${JSON.stringify(value)} → ${literal}`)
    if (shape(literal) !== '?') t.fail(`${literal} is not one literal`)
    checked++
  }
  t.equal(checked, CASES)
  t.equal(sqlString("a'b\\c\n\0é"), "'a\\'b\\\\c\\x0A\\x00\\xC3\\xA9'")
})

t.test('no value changes the shape of a query built from a search', async (t) => {
  const random = seeded(2)
  const query = (url: string, host: string): string => rowsQuery(
    { label: '', endpoint: '', user: '', password: '', database: 'logs', table: 'access_lines', columns: DEFAULT_COLUMNS, timeoutMs: 1000, portNamed: false, skipUnavailableShards: false },
    pushdown({ ...DEFAULT_CRITERIA, url: { text: url, exclude: false }, ip: { kind: 'substring', text: '10.1' } }, { columns: DEFAULT_COLUMNS, shapes: null, toleranceS: 60, requestFirst: true }),
    { time: 1, host, file: host, seq: '5' }, 100)
  let checked = 0
  for (let n = 0; n < CASES; n++) {
    // a URL piece of plain text is pushed down (others are left to the re-check); any value as a host or file of a keyset
    const url = random() < 0.5 ? pickOne(random, ['moebel', "it's", 'x--y', "q');DROP TABLE x;--", 'a/*b']) : fuzzValue(random)
    const plain = /^[\x20-\x7e]+$/.test(url) && !/["\\]/.test(url)
    const expected = shape(query(plain ? 'plain' : '\\', 'web1'))
    const got = shape(query(url, fuzzValue(random)))
    if (got !== expected) t.fail(`${got}\n!==\n${expected}`)
    checked++
  }
  t.equal(checked, CASES)
})

t.test('names are plain identifiers, backquoted; numbers are whole', async (t) => {
  t.equal(sqlName('access_lines'), '`access_lines`')
  t.throws(() => sqlName('a`b'), RangeError)
  t.throws(() => sqlName('1a'), RangeError)
  t.equal(sqlInteger(12), '12')
  t.equal(sqlInteger(2n ** 63n), '9223372036854775808')
  t.throws(() => sqlInteger(1.5), RangeError)
})
