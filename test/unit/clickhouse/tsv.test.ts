import t from 'tap'
import { parseTsvRows, tsvEscape, tsvField } from '../../../src/clickhouse/tsv.js'

t.test('fields are unescaped as ClickHouse escapes them', async (t) => {
  t.equal(tsvField('a\\tb\\nc\\\\d\\\'e\\0f'), "a\tb\nc\\d'e\0f")
  t.strictSame(parseTsvRows('1\ta\\tb\n2\t\n'), [['1', 'a\tb'], ['2', '']])
  t.strictSame(parseTsvRows(''), [])
})

t.test('a value escaped for an insert reads back as it was', async (t) => {
  for (const value of ['plain', 'tab\there', 'nl\nx', 'cr\r', 'back\\slash', 'nul\0', '\\t literal']) {
    const escaped = tsvEscape(value)
    t.notOk(/[\t\n]/.test(escaped), JSON.stringify(value))
    t.equal(tsvField(escaped), value)
  }
})
