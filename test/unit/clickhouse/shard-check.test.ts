import t from 'tap'
import { distributedCluster, shardCheckWords } from '../../../src/clickhouse/shard-check.js'

t.test("a Distributed table's cluster, from its engine as system.tables writes it", async (t) => {
  t.equal(distributedCluster('Distributed(logs_cluster, logs, access_lines, cityHash64(host, file))'), 'logs_cluster')
  t.equal(distributedCluster("Distributed('logs cluster', 'logs', 'access_lines', rand())"), 'logs cluster')
  t.equal(distributedCluster("Distributed('it\\'s', logs, t)"), "it's")
  t.equal(distributedCluster('MergeTree PARTITION BY toYYYYMMDD(time) ORDER BY (time, host, file, seq)'), null)
  t.equal(distributedCluster(''), null)
})

t.test('what is said of the shards', async (t) => {
  t.equal(shardCheckWords('clickhouse://h/d.t', { unanswered: [] }), null, 'all answered: nothing')
  t.equal(shardCheckWords('clickhouse://h/d.t', { unanswered: ['shard 2 (ch2:9000): Connection refused', 'shard 3 (ch3:9000): no answer within 30 s'] }),
    'clickhouse://h/d.t: shard 2 (ch2:9000): Connection refused; shard 3 (ch3:9000): no answer within 30 s: not read (skip_unavailable_shards=1), the rows listed are those of the shards that answer')
  t.equal(shardCheckWords('clickhouse://h/d.t', { unknown: 'Table functions are forbidden in readonly mode' }),
    'clickhouse://h/d.t: which shards do not answer cannot be told (Table functions are forbidden in readonly mode): the rows listed are those of the shards that answer')
})
