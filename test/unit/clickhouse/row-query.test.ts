import t from 'tap'
import { DEFAULT_COLUMNS, type ClickHouseTable } from '../../../src/clickhouse/clickhouse-url.js'
import { anyRowQuery, keysetCondition, newestQuery, rowsQuery, tableRow } from '../../../src/clickhouse/row-query.js'

const TABLE: ClickHouseTable = { label: '', endpoint: '', user: '', password: '', database: 'logs', table: 'access_lines', columns: { ...DEFAULT_COLUMNS, message: 'raw' }, timeoutMs: 1, portNamed: false, skipUnavailableShards: false }

t.test('the span of the time column, and a page newest first after a key', async (t) => {
  t.equal(newestQuery(TABLE, ['`time` >= 5']), 'SELECT toUInt32(max(`time`)), count()\nFROM `logs`.`access_lines`\nWHERE (`time` >= 5)')
  t.equal(anyRowQuery(TABLE, ['`time` < 5']), 'SELECT 1\nFROM `logs`.`access_lines`\nWHERE (`time` < 5)\nLIMIT 1')
  // a message over the line cap (64 KiB) comes as its first 480 bytes (the 120 characters of a head) and its length
  t.equal(rowsQuery(TABLE, [], null, 10), 'SELECT toUInt32(`time`), `host`, `file`, toString(`seq`), length(`raw`), if(length(`raw`) > 65536, substring(`raw`, 1, 480), `raw`)\nFROM `logs`.`access_lines`\nORDER BY `time` DESC, `host` DESC, `file` DESC, `seq` DESC\nLIMIT 10')
  t.equal(keysetCondition(['t', 'h', 'f', 's'], { time: 7, host: "a'", file: 'x', seq: '18446744073709551615' }, '<'),
    "t <= 7 AND (t < 7 OR h < 'a\\'' OR (h = 'a\\'' AND (f < 'x' OR (f = 'x' AND s < 18446744073709551615))))")
  t.match(rowsQuery(TABLE, [], { time: 1, host: 'h', file: 'f', seq: '2' }, 5, 'ASC'), /`time` >= 1 AND \(`time` > 1 OR `host` > 'h'[\s\S]*ORDER BY `time` ASC, `host` ASC, `file` ASC, `seq` ASC\nLIMIT 5$/)
  t.strictSame(tableRow(['12', 'h', 'f', '3', '4', 'line']), { time: 12, host: 'h', file: 'f', seq: '3', length: 4, message: 'line' })
})
