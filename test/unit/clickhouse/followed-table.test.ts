/**
 * A followed table asks for the rows since the newest read less the
 * tolerance, without each file's rows up to the last sequence read; a
 * failure is said once and the next poll tries again.
 */

import t from 'tap'
import { TableWatermarks } from '../../../src/clickhouse/clickhouse-source.js'
import { FollowedTable } from '../../../src/clickhouse/followed-table.js'
import { ArrivalPlaces } from '../../../src/source/batch.js'
import { LogLines } from '../../../src/source/log-lines.js'
import { linesContext, logLine } from '../../helpers/log-source.js'
import { fakeConnection } from './fake-connection.js'

const BASE = Date.UTC(2026, 10, 22, 10, 0, 0) / 1000

t.test('each poll reads what came since, once', async (t) => {
  let answers: Array<string[][] | Error> = [
    [[String(BASE + 5), 'web2', '/a.log', '40', String(logLine(1, 5).length), logLine(1, 5)], [String(BASE + 6), 'web1', '/a.log', '900', String(logLine(2, 6).length), logLine(2, 6)]],
    new Error('server down'),
    new Error('server down'),
    [],
  ]
  const { connection, queries } = fakeConnection(() => answers.shift() ?? [])
  const watermarks = new TableWatermarks()
  watermarks.saw({ time: BASE + 4, host: 'web1', file: '/a.log', seq: '800', length: 0, message: '' })
  const { context, selection } = linesContext()
  const warnings: string[] = []
  const followed = new FollowedTable(connection, new LogLines(context, 'x', 'offsets', new ArrivalPlaces(1)), selection, ['c1'], watermarks, 60, (line) => warnings.push(line))
  t.equal(await followed.poll(), true)
  t.match(queries[0], `WHERE (c1)\n  AND (\`time\` >= ${BASE + 4 - 60})\n  AND (NOT (\`host\` = 'web1' AND \`file\` = '/a.log' AND \`seq\` <= 800))\nORDER BY \`time\` ASC`)
  t.strictSame(selection.take().items.map((record) => record.byteOffset), [40, 900])
  t.equal(await followed.poll(), false)
  t.equal(await followed.poll(), false)
  t.match(queries[1], `AND (\`time\` >= ${BASE + 6 - 60})\n  AND (NOT (\`host\` = 'web1' AND \`file\` = '/a.log' AND \`seq\` <= 900))\n  AND (NOT (\`host\` = 'web2' AND \`file\` = '/a.log' AND \`seq\` <= 40))`)
  t.equal(await followed.poll(), false)
  t.strictSame(warnings, ['clickhouse://h/logs.t: the query failed: server down; trying again', 'clickhouse://h/logs.t: read again'])
  t.equal(followed.ended(), false)
  answers = []
  await followed.close()
})
