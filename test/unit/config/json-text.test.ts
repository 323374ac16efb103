import t from 'tap'
import { parseJsonText } from '../../../src/config/json-text.js'

const fault = (text: string): string => {
  const parsed = parseJsonText(text)
  if (parsed.ok) return 'ok'
  const { line, column, problem } = parsed.error
  return `${line}:${column} ${problem}`
}

t.test('valid JSON is parsed by JSON.parse', async (t) => {
  t.strictSame(parseJsonText('{"limit": 5, "notices": ["a"]}'), { ok: true, value: { limit: 5, notices: ['a'] } })
  t.strictSame(parseJsonText('\ufeff{"tz": "UTC"}\n'), { ok: true, value: { tz: 'UTC' } }, 'a byte order mark is ignored')
})

t.test('the first syntax error as line:column and what was expected', async (t) => {
  t.equal(fault('{\n  "limit": 10\n  "tz": "UTC"\n}'), "3:3 expected ',' or '}' after a property value")
  t.equal(fault('{"limit": 10,}'), '1:14 expected a property name in double quotes (a comma before } is not allowed)')
  t.equal(fault("{'limit': 10}"), '1:2 expected a property name in double quotes')
  t.equal(fault('{limit: 10}'), '1:2 expected a property name in double quotes')
  t.equal(fault('{"limit" 10}'), "1:10 expected ':' after the property name")
  t.equal(fault('{"limit": ten}'), '1:11 expected a value: a "string", a number, true, false, null, an {object} or a [list] (strings need double quotes)')
  t.equal(fault('{"notices": ["a", ]}'), '1:19 expected a value (a comma before ] is not allowed)')
  t.equal(fault('{"notices": ["a" "b"]}'), "1:18 expected ',' or ']' after a list item")
  t.equal(fault('{"tz": "UTC"'), "1:13 expected ',' or '}' after a property value")
  t.equal(fault('{"tz": "UTC'), '1:12 the file ends inside a string (a closing " is missing)')
  t.equal(fault('{"tz": "a\\qb"}'), '1:10 a bad escape in a string (allowed: \\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)')
  t.equal(fault('{"tz": "a\nb"}'), '1:10 a control character (such as a line break) inside a string; write it as an escape like \\n')
  t.equal(fault('{"limit": 01}'), "1:12 expected ',' or '}' after a property value", 'no leading zeros')
  t.equal(fault('{} {}'), '1:4 unexpected text after the JSON value')
  t.equal(fault('{"a": 1} // comment'), '1:10 unexpected text after the JSON value')
  t.equal(fault('{"a":'), '1:6 the file ends where a value was expected')
  t.equal(fault(''), '1:1 the file is empty; write at least {}')
  t.equal(fault('\n\n  '), '3:3 the file is empty; write at least {}')
})

t.test('deep nesting does not overflow the scanner', async (t) => {
  t.equal(fault(`${'['.repeat(200_000)}x`), '1:200001 expected a value: a "string", a number, true, false, null, an {object} or a [list] (strings need double quotes)')
})
