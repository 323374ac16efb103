import t from 'tap'
import { parseTables, splitInputs } from '../../../src/clickhouse/table-inputs.js'

t.test('inputs are split into files and tables, each in the order given', async (t) => {
  t.strictSame(splitInputs(['a.log', 'clickhouse://h/d.t', '-', 'clickhouses://h/d.u']), { files: ['a.log', '-'], tables: ['clickhouse://h/d.t', 'clickhouses://h/d.u'] })
  t.strictSame(parseTables(['clickhouse://h/d.t'], {}, '/').map((table) => [table.endpoint, table.table]), [['http://h:8123', 't']])
  t.throws(() => parseTables(['clickhouse://h/nodot'], {}, '/'), { message: 'clickhouse://h/nodot: the path must be /database.table with plain names (letters, digits, _), not /nodot', exitCode: 2 })
})
