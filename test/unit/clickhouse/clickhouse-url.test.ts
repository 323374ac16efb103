import t from 'tap'
import { DEFAULT_COLUMNS, isClickHouseUrl, parseClickHouseUrl, passwordFrom } from '../../../src/clickhouse/clickhouse-url.js'
import { UserError } from '../../../src/errors.js'

t.test('a URL names the endpoint, user, database, table, columns and timeout', async (t) => {
  t.strictSame(parseClickHouseUrl('clickhouse://reader@ch1/logs.access_lines', { CLICKHOUSE_PASSWORD: 'pw' }, '/'), {
    label: 'clickhouse://reader@ch1/logs.access_lines', endpoint: 'http://ch1:8123', portNamed: false, user: 'reader', password: 'pw',
    database: 'logs', table: 'access_lines', columns: DEFAULT_COLUMNS, timeoutMs: 30_000, skipUnavailableShards: false,
  })
  const tls = parseClickHouseUrl('clickhouses://[::1]:9443/db.t?message=raw&seq=offset&timeout=2.5&skip_unavailable_shards=1', {}, '/')
  t.strictSame([tls.endpoint, tls.portNamed, tls.user, tls.password, tls.columns, tls.timeoutMs, tls.skipUnavailableShards],
    ['https://[::1]:9443', true, 'default', '', { ...DEFAULT_COLUMNS, message: 'raw', seq: 'offset' }, 2500, true])
  t.equal(parseClickHouseUrl('clickhouses://ch1/db.t', {}, '/').endpoint, 'https://ch1:8443', 'HTTPS: 8443 when no port is named')
  t.ok(isClickHouseUrl('CLICKHOUSES://h/d.t'))
  t.notOk(isClickHouseUrl('access.log'))
})

t.test('mistakes are one usage error naming the URL; a password in it is refused', async (t) => {
  const cases: Array<[string, string]> = [
    ['clickhouse://u:secret@h/d.t', 'clickhouse://u:…@h/d.t: a password in the URL would show in ps (set CLICKHOUSE_PASSWORD or CLICKHOUSE_PASSWORD_FILE instead)'],
    ['clickhouse://h/logs', 'clickhouse://h/logs: the path must be /database.table with plain names (letters, digits, _), not /logs (give clickhouse://[user@]host[:port]/database.table)'],
    ['clickhouse://h/a.b.c', 'clickhouse://h/a.b.c: the path must be /database.table with plain names (letters, digits, _), not /a.b.c (give clickhouse://[user@]host[:port]/database.table)'],
    ['clickhouse://h/d.t?message=a%60b', 'clickhouse://h/d.t?message=a%60b: message=a`b is not a plain column name (letters, digits, _) (give clickhouse://[user@]host[:port]/database.table)'],
    ['clickhouse://h/d.t?user=x', 'clickhouse://h/d.t?user=x: unknown parameter user (name columns with time=, host=, seq=, message=, file=; timeout= in seconds; skip_unavailable_shards=1)'],
    ['clickhouse://h/d.t?skip_unavailable_shards=yes', 'clickhouse://h/d.t?skip_unavailable_shards=yes: skip_unavailable_shards=yes is neither 1 nor 0 (give clickhouse://[user@]host[:port]/database.table)'],
    ['clickhouse://h/d.t?timeout=0', 'clickhouse://h/d.t?timeout=0: timeout=0 is not a number of seconds from 0 to 3600 (give clickhouse://[user@]host[:port]/database.table)'],
  ]
  for (const [url, message] of cases) {
    try {
      parseClickHouseUrl(url, {}, '/')
      t.fail(`${url} was taken`)
    } catch (e) {
      t.strictSame([e instanceof UserError && e.exitCode, (e as UserError).format('p')], [2, `p: ${message}`], url)
    }
  }
})

t.test('the password: CLICKHOUSE_PASSWORD, else the first line of CLICKHOUSE_PASSWORD_FILE', async (t) => {
  const dir = t.testdir({ 'a #%20 b': { pass: 'first line\nsecond\n' } }) + '/a #%20 b'
  t.equal(passwordFrom({ CLICKHOUSE_PASSWORD: 'a', CLICKHOUSE_PASSWORD_FILE: `${dir}/pass` }, dir), 'a')
  t.equal(passwordFrom({ CLICKHOUSE_PASSWORD_FILE: 'pass' }, dir), 'first line')
  t.equal(passwordFrom({}, dir), '')
  t.throws(() => passwordFrom({ CLICKHOUSE_PASSWORD_FILE: 'missing' }, dir), { message: 'cannot read CLICKHOUSE_PASSWORD_FILE missing: no such file' })
})
