/**
 * `?skip_unavailable_shards=1`: a Distributed table is read from the shards
 * that answer, and the server says nothing of those that did not. Which did
 * not is asked here, before the table is read: the table's cluster
 * (system.tables), its shards (system.clusters), and each shard as the
 * server reaches it, by `remote()` to its replicas as the cluster's user
 * (without the setting: a shard that does not answer fails). A shard
 * answers when the query succeeds or fails for any other reason than the
 * network (a password the cluster's user has that this query does not
 * send: the shard answered). A user that may not use remote() (18.16's
 * readonly = 1, which may not set skip_unavailable_shards either; a current
 * release's user without the REMOTE grant) cannot tell.
 */

import type { ClickHouseConnection } from './clickhouse-connection.js'
import { visible } from '../text/visible.js'
import { sqlString } from './sql-text.js'

/** What the check found: the shards that did not answer, each in words, or why it cannot tell. */
export type ShardCheck = { unanswered: string[] } | { unknown: string }

/** The cluster of a Distributed engine's text, `Distributed(logs_cluster, logs, t, …)` or `Distributed('logs_cluster', …)`; null for another engine. */
export function distributedCluster(engine: string): string | null {
  const found = /^Distributed\(\s*(?:'((?:[^'\\]|\\.)*)'|([^,\s)]+))/.exec(engine)
  if (found === null) return null
  return found[1] !== undefined ? found[1].replace(/\\(.)/g, '$1') : found[2] as string
}

/** A replica's address as remote() reads it: an IPv6 host in brackets. */
function remoteAddress(host: string, port: string): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`
}

/** Which shards of the connection's table did not answer; none for a table that is not Distributed. */
export async function checkShards(connection: ClickHouseConnection): Promise<ShardCheck> {
  const { database, table } = connection.table
  const [engine] = await connection.select(
    `SELECT engine_full FROM system.tables WHERE database = ${sqlString(database)} AND name = ${sqlString(table)}`, 'looking for the table\'s shards')
  const cluster = distributedCluster(engine?.[0] ?? '')
  if (cluster === null) return { unanswered: [] }
  const shards = await connection.select(
    `SELECT shard_num, groupArray(host_name), groupArray(toString(port)), any(user) FROM system.clusters WHERE cluster = ${sqlString(cluster)} GROUP BY shard_num ORDER BY shard_num`,
    'looking for the table\'s shards')
  const unanswered: string[] = []
  for (const [number = '', hosts = '', ports = '', user = 'default'] of shards) {
    const hostList = arrayOf(hosts)
    const portList = arrayOf(ports)
    const addresses = hostList.map((host, i) => remoteAddress(host, portList[i] ?? ''))
    const failure = await connection.probe(`SELECT 1 FROM remote(${sqlString(addresses.join('|'))}, system, one, ${sqlString(user)})`, { skip_unavailable_shards: 0 })
    if (failure?.unanswered !== undefined) unanswered.push(`shard ${visible(number)} (${visible(addresses.join(', '))}): ${failure.unanswered}`)
    else if (failure?.refused === true) return { unknown: failure.words }
  }
  return { unanswered }
}

/** A ClickHouse array of strings as TabSeparated writes it: `['a','b']`. */
function arrayOf(text: string): string[] {
  return [...text.matchAll(/'((?:[^'\\]|\\.)*)'/g)].map((match) => (match[1] as string).replace(/\\(.)/g, '$1'))
}

/** The line that tells which shards did not answer (their rows are not listed), or why that cannot be told; null when all answered. */
export function shardCheckWords(label: string, check: ShardCheck): string | null {
  if ('unknown' in check) return `${label}: which shards do not answer cannot be told (${check.unknown}): the rows listed are those of the shards that answer`
  if (check.unanswered.length === 0) return null
  return `${label}: ${check.unanswered.join('; ')}: not read (skip_unavailable_shards=1), the rows listed are those of the shards that answer`
}
