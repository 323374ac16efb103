import t from 'tap'
import { CANNOT_INSERT, CHECK_HINT, queryFailure, serverWords, unreachableShard } from '../../../src/clickhouse/query-failure.js'
import { TABLE } from './fake-connection.js'

/** A server's exception as the client gives it. */
const server = (message: string): Error => Object.assign(new Error(message), { type: 'X' })

t.test("a server's exception, without its code and class names, from 18.16 and current servers", async (t) => {
  t.equal(serverWords("Code: 60, e.displayText() = DB::Exception: Table logs.nope doesn't exist., e.what() = DB::Exception\n"), "Table logs.nope doesn't exist.")
  t.equal(serverWords('Code: 60. DB::Exception: Table logs.nope does not exist. (UNKNOWN_TABLE) (version 24.8.4.13 (official build))\n'), 'Table logs.nope does not exist. (UNKNOWN_TABLE)')
  t.equal(serverWords('Code: 1, e.displayText() = DB::Exception: a\u001b[31mb\nsecond line, e.what() = DB::Exception'), 'a␛[31mb')
})

t.test('what went wrong, in words, and what to do', async (t) => {
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' })
  t.strictSame(queryFailure(refused, { ...TABLE, endpoint: 'http://127.0.0.1:1', portNamed: true }), { words: 'cannot reach 127.0.0.1:1: connection refused', hint: CHECK_HINT, unanswered: 'connection refused' })
  t.strictSame(queryFailure(refused, TABLE), {
    words: 'cannot reach h:8123: connection refused',
    hint: "the URL names no port: h:8123 is the HTTP port tried; name the server's http_port if it is another, as host:port",
    unanswered: 'connection refused',
  }, 'no port: the one tried')
  t.strictSame(queryFailure(new Error('Timeout error.'), { ...TABLE, timeoutMs: 1500 }), { words: 'no answer within 1.5 s', hint: CHECK_HINT, unanswered: 'no answer within 1.5 s' })
  t.strictSame(queryFailure(server('Code: 193, e.displayText() = DB::Exception: Wrong password for user x, e.what() = DB::Exception'), TABLE),
    { words: 'Wrong password for user x', hint: CHECK_HINT })
})

t.test("the native port's answer to an HTTP request, from 18.16 and current servers", async (t) => {
  const native = { words: "port 9000 is ClickHouse's native port; use its HTTP port (8123)", hint: "the URL's port is the HTTP port (http_port, 8123 by default)" }
  t.strictSame(queryFailure(new Error('Port 9000 is for clickhouse-client program.\r\nYou must use port 8123 for HTTP.\r\n'), TABLE), native)
  t.strictSame(queryFailure(new Error('Port 9000 is for clickhouse-client program\nYou must use port 8123 for HTTP.\n'), TABLE), native)
})

t.test('a shard that does not answer: named, with what to do', async (t) => {
  // 18.16's answer when the second of two shards is down
  const down = 'Code: 279, e.displayText() = DB::NetException: All connection tries failed. Log: \n\nCode: 32, e.displayText() = DB::Exception: Attempt to read after eof, e.what() = DB::Exception\n'
    + 'Code: 210, e.displayText() = DB::NetException: Connection refused (127.0.0.1:34659), e.what() = DB::NetException\n\n, e.what() = DB::NetException\n'
  t.strictSame(unreachableShard(down), { address: '127.0.0.1:34659', reason: 'Connection refused' })
  t.strictSame(queryFailure(server(down), TABLE), {
    words: 'shard 127.0.0.1:34659 does not answer (Connection refused)',
    unanswered: 'Connection refused',
    hint: 'start it, or add ?skip_unavailable_shards=1 to the URL to list the rows of the shards that answer',
  })
  t.strictSame(queryFailure(server(down), TABLE, 'ship').hint, 'start it: the lines wait in the logs until it takes them')
  // a current server's words
  const current = 'Code: 279. DB::NetException: All connection tries failed. Log: \n\nCode: 210. DB::NetException: Connection refused (ch2:9000). (NETWORK_ERROR)\n\n: While executing Remote. (ALL_CONNECTION_TRIES_FAILED) (version 24.8.4.13 (official build))'
  t.strictSame(unreachableShard(current), { address: 'ch2:9000', reason: 'Connection refused' })
  t.equal(unreachableShard("Code: 60. DB::Exception: Table logs.nope doesn't exist (a:1)"), null, 'no network error: no shard')
})

t.test('a read-only user: cannot insert, may set no setting', async (t) => {
  const insertHint = 'ship needs a user that may insert: readonly = 0 (docs/clickhouse.md#users)'
  for (const message of [
    'Code: 164, e.displayText() = DB::Exception: Cannot override setting (insert_distributed_sync) in readonly mode, e.what() = DB::Exception',
    'Code: 164, e.displayText() = DB::Exception: Cannot insert into table in readonly mode, e.what() = DB::Exception',
    "Code: 164. DB::Exception: Cannot modify 'insert_distributed_sync' setting in readonly mode. (READONLY) (version 24.8.4.13 (official build))",
  ]) t.strictSame(queryFailure(server(message), TABLE, 'ship'), { words: CANNOT_INSERT, hint: insertHint, refused: true }, message)
  const skip = { words: 'this user may change no setting (readonly = 1), so not skip_unavailable_shards', hint: 'give it readonly = 2, or set skip_unavailable_shards in its profile on the server (docs/clickhouse.md#a-shard-down)', refused: true }
  t.strictSame(queryFailure(server('Code: 164, e.displayText() = DB::Exception: Cannot override setting (skip_unavailable_shards) in readonly mode, e.what() = DB::Exception'), TABLE), skip)
  t.strictSame(queryFailure(server("Code: 164. DB::Exception: Cannot modify 'skip_unavailable_shards' setting in readonly mode. (READONLY)"), TABLE), skip)
  t.strictSame(queryFailure(server('Code: 164, e.displayText() = DB::Exception: Table functions are forbidden in readonly mode, e.what() = DB::Exception'), TABLE),
    { words: 'Table functions are forbidden in readonly mode', hint: CHECK_HINT, refused: true })
  t.strictSame(queryFailure(server("Code: 497. DB::Exception: user: Not enough privileges. To execute this query, it's necessary to have the grant INSERT ON logs.access_lines. (ACCESS_DENIED)"), TABLE, 'ship'),
    { words: "user: Not enough privileges. To execute this query, it's necessary to have the grant INSERT ON logs.access_lines. (ACCESS_DENIED)", hint: CHECK_HINT, refused: true }, 'a grant missing: the server\'s words')
})
