import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
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
  // a compressed generation: read from its start up to the line; its end is where the next one starts
  writeFileSync(`${dir}/c.log.2.gz`, gzipSync('first\nsecond\r\n\nthird'))
  t.equal(await lineEnd(`${dir}/c.log.2.gz`, 0, 'first'), 6)
  t.equal(await lineEnd(`${dir}/c.log.2.gz`, 6, 'second'), 14, 'CRLF')
  t.equal(await lineEnd(`${dir}/c.log.2.gz`, 15, 'third'), 20, 'the last line, without its newline')
  t.equal(await lineEnd(`${dir}/c.log.2.gz`, 6, 'first'), null)
  t.equal(await lineEnd(`${dir}/c.log.2.gz`, 1, 'irst'), null, 'only a line that starts at the offset')
  t.equal(await lineEnd(`${dir}/c.log.2.gz`, 99, 'x'), null, 'past its end')
  writeFileSync(`${dir}/cut.gz`, gzipSync('first\nsecond\n').subarray(0, 12))
  t.equal(await lineEnd(`${dir}/cut.gz`, 6, 'second'), null, 'corrupt: no line')
})

t.test('the last line of the newest two generations, newest first', async (t) => {
  const { connection, queries } = fakeConnection(() => [[String(2 * 2 ** 40 + 77), '1795341600', 'b'], ['500', '1795341000', 'a']])
  t.strictSame(await storedEnds(connection, "web'1", '/a.log'), [
    { generation: 2, seq: 2 * 2 ** 40 + 77, offset: 77, time: 1795341600, message: 'b' },
    { generation: 0, seq: 500, offset: 500, time: 1795341000, message: 'a' },
  ])
  t.match(queries[0], 'SELECT toString(max(`seq`)), toUInt32(argMax(`time`, `seq`)), argMax(`message`, `seq`)')
  t.match(queries[0], "WHERE `host` = 'web\\'1' AND `file` = '/a.log'\nGROUP BY intDiv(`seq`, 1099511627776)")
})
