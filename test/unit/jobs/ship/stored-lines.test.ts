import { spawnSync } from 'node:child_process'
import t from 'tap'
import { lineEnd, storedEnds } from '../../../../src/jobs/ship/stored-lines.js'
import { fakeConnection } from '../../clickhouse/fake-connection.js'

t.test('a file holds a stored line at its offset: the offset after it', async (t) => {
  const dir = t.testdir({ 'a.log': 'first\nsecond\r\nthird', 'b.log': 'caf\xe9\n' })
  t.equal(await lineEnd(`${dir}/a.log`, 0, 'first'), 6)
  t.equal(await lineEnd(`${dir}/a.log`, 6, 'second'), 14, 'CRLF')
  t.equal(await lineEnd(`${dir}/a.log`, 14, 'third'), 19, 'the last line without its newline')
  t.equal(await lineEnd(`${dir}/a.log`, 6, 'first'), null)
  t.equal(await lineEnd(`${dir}/a.log`, 1, 'irst'), 6, 'a line is the bytes at the offset, up to the newline')
  t.equal(await lineEnd(`${dir}/missing.log`, 0, 'x'), null)
  t.equal(spawnSync('mkfifo', [`${dir}/fifo.log`]).status, 0)
  t.equal(await lineEnd(`${dir}/fifo.log`, 0, 'x'), null, 'a FIFO at the name: no line, and no wait for a writer')
  t.equal(await lineEnd(`${dir}/b.log`, 0, 'café'), 6)
})

t.test('the last line of the newest two generations, newest first', async (t) => {
  const { connection, queries } = fakeConnection(() => [[String(2 * 2 ** 40 + 77), 'b'], ['500', 'a']])
  t.strictSame(await storedEnds(connection, "web'1", '/a.log'), [
    { generation: 2, seq: 2 * 2 ** 40 + 77, offset: 77, message: 'b' },
    { generation: 0, seq: 500, offset: 500, message: 'a' },
  ])
  t.match(queries[0], "WHERE `host` = 'web\\'1' AND `file` = '/a.log'\nGROUP BY intDiv(`seq`, 1099511627776)")
})
