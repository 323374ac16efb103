import t from 'tap'
import { memberText } from '../../../src/merge/member-text.js'

t.test('the value of a top-level member, as written', async (t) => {
  t.equal(memberText('{"a":1,"bytes":123456789012345678901234567890,"c":2}', 'bytes'), '123456789012345678901234567890')
  t.equal(memberText(' { "bytes" : 1.50e+3 , "c" : null } ', 'bytes'), '1.50e+3', 'white space around it is not part of it')
  t.equal(memberText('{"bytes":7}', 'bytes'), '7')
  t.equal(memberText('{"x":"s","bytes":"12"}', 'bytes'), '"12"', 'a string, with its quotes')
  t.equal(memberText('{"a":1}', 'bytes'), null, 'absent')
  t.equal(memberText('{}', 'bytes'), null)
  t.equal(memberText('[{"bytes":1}]', 'bytes'), null, 'not an object')
  t.equal(memberText('"bytes"', 'bytes'), null)
})

t.test('only the top level counts; strings and nested values are skipped whole', async (t) => {
  t.equal(memberText('{"a":"\\"bytes\\":1,","b":{"bytes":2,"c":["}",{"bytes":3}]},"bytes":4}', 'bytes'), '4')
  t.equal(memberText('{"a":[1,[2,{"bytes":5}]],"bytes":[6]}', 'bytes'), '[6]')
  t.equal(memberText('{"a":"\\\\","bytes":8}', 'bytes'), '8', 'a string ending in a backslash')
})

t.test('names as JSON.parse reads them: escapes decoded, the last of two wins', async (t) => {
  t.equal(memberText('{"byt\\u0065s":9}', 'bytes'), '9')
  t.equal(memberText('{"bytes":1,"bytes":22}', 'bytes'), '22')
  t.equal(memberText('{"bytes ":1}', 'bytes'), null)
})
