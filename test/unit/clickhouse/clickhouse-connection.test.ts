import t from 'tap'
import { failureWords, serverWords } from '../../../src/clickhouse/clickhouse-connection.js'

t.test("a server's exception, without its code and class names, from 18.16 and current servers", async (t) => {
  t.equal(serverWords("Code: 60, e.displayText() = DB::Exception: Table logs.nope doesn't exist., e.what() = DB::Exception\n"), "Table logs.nope doesn't exist.")
  t.equal(serverWords('Code: 60. DB::Exception: Table logs.nope does not exist. (UNKNOWN_TABLE) (version 24.8.4.13 (official build))\n'), 'Table logs.nope does not exist. (UNKNOWN_TABLE)')
  t.equal(serverWords('Code: 1, e.displayText() = DB::Exception: a\u001b[31mb\nsecond line, e.what() = DB::Exception'), 'a␛[31mb')
})

t.test('what went wrong, in words', async (t) => {
  t.equal(failureWords(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }), 1000), 'cannot reach the server: connection refused')
  t.equal(failureWords(new Error('Timeout error.'), 1500), 'no answer within 1.5 s')
  t.equal(failureWords(Object.assign(new Error('Code: 193, e.displayText() = DB::Exception: Wrong password for user x, e.what() = DB::Exception'), { type: 'X' }), 1), 'Wrong password for user x')
})
