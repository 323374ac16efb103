/**
 * A private ClickHouse server for the tests of test/clickhouse/: Debian's
 * clickhouse-server with a config of its own, listening on 127.0.0.1 on free
 * ports, its data in a temporary folder; started once per test process (the
 * suite's files share it) and stopped by its PID when the process ends (and
 * by the kernel, should the process die by a signal: setpriv --pdeathsig).
 * A second such server is the other shard of the cluster `logs_cluster`
 * both know, for the Distributed table of schema/clickhouse.sql; the
 * cluster `down_cluster` is this server and a port nobody listens on (a
 * shard down; bareClickHouseServers() starts two more without them). Users: `default`, `reader` (readonly = 1, a password) and
 * `reader2` (readonly = 2: it may set settings). Without the server installed the tests are skipped with a reason,
 * except under CI=true, where that fails them: CI installs it (.ci/run).
 */

import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { waitFor } from './wait-for.js'

export const SERVER_BINARY = '/usr/sbin/clickhouse-server'
/** The certificate the servers serve HTTPS with: a client trusts it through NODE_EXTRA_CA_CERTS. */
export const TLS_CERTIFICATE = fileURLToPath(new URL('../../fixtures/tls/127.0.0.1.crt', import.meta.url))
const TLS_KEY = fileURLToPath(new URL('../../fixtures/tls/127.0.0.1.key', import.meta.url))

export interface ClickHouseServer {
  httpPort: number
  /** HTTPS, with fixtures/tls/127.0.0.1.crt (TLS_CERTIFICATE). */
  httpsPort: number
  tcpPort: number
  /** The server's version, such as 18.16.1. */
  version: string
  /** The port of the shard of `down_cluster` that does not answer (nobody listens on it). */
  downPort: number
  /** The folder of its config.xml and users.xml (config.d/ and users.d/ beside them are read too, as Debian's /etc/clickhouse-server/). */
  dir: string
  /** A clickhouse:// URL of a table, with parameters. */
  url(table: string, parameters?: string): string
  /** Runs SQL (with a body of data for an INSERT); resolves to the answer, rejects with the server's error. */
  query(sql: string, body?: string): Promise<string>
  /** Sends SIGSTOP / SIGCONT / SIGKILL… to the server (an unreachable server without losing it). */
  signal(signal: NodeJS.Signals): void
}

/** Why the tests cannot run here, or null; throws under CI=true, where they must. */
export function clickHouseMissing(): string | null {
  if (existsSync(SERVER_BINARY)) return null
  if (process.env.CI === 'true') throw new Error(`${SERVER_BINARY} is missing: .ci/run installs clickhouse-server`)
  return `${SERVER_BINARY} is not installed (apt-get install clickhouse-server clickhouse-client)`
}

/** `count` ports free on 127.0.0.1 now, all different (held open together while they are found). */
async function freePorts(count: number): Promise<number[]> {
  const servers = Array.from({ length: count }, () => createServer())
  const ports = await Promise.all(servers.map((server) => new Promise<number>((resolve, reject) => {
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      resolve(typeof address === 'object' && address !== null ? address.port : 0)
    })
  })))
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
  return ports
}

function config(dir: string, ports: Ports, shardPorts: readonly number[], downPort: number, clusters: boolean): string {
  const { http: httpPort, https: httpsPort, tcp: tcpPort } = ports
  return `<?xml version="1.0"?>
<yandex>
  <logger><level>error</level><log>${dir}/server.log</log><errorlog>${dir}/server.err.log</errorlog></logger>
  <http_port>${httpPort}</http_port>
  <tcp_port>${tcpPort}</tcp_port>
  <https_port>${httpsPort}</https_port>
  <openSSL><server>
    <certificateFile>${TLS_CERTIFICATE}</certificateFile><privateKeyFile>${TLS_KEY}</privateKeyFile>
    <verificationMode>none</verificationMode><loadDefaultCAFile>false</loadDefaultCAFile>
    <disableProtocols>sslv2,sslv3</disableProtocols><preferServerCiphers>true</preferServerCiphers>
  </server></openSSL>
  <listen_host>127.0.0.1</listen_host>
  <path>${dir}/data/</path>
  <tmp_path>${dir}/tmp/</tmp_path>
  <user_files_path>${dir}/user_files/</user_files_path>
  <format_schema_path>${dir}/format_schemas/</format_schema_path>
  <users_config>${dir}/users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <mark_cache_size>268435456</mark_cache_size>
  <uncompressed_cache_size>268435456</uncompressed_cache_size>
  <max_concurrent_queries>100</max_concurrent_queries>
  <timezone>UTC</timezone>
${clusters ? `  <remote_servers>
    <logs_cluster>
${shardPorts.map((port) => `      <shard><replica><host>127.0.0.1</host><port>${port}</port></replica></shard>`).join('\n')}
    </logs_cluster>
    <down_cluster>
      <shard><replica><host>127.0.0.1</host><port>${shardPorts[0]}</port></replica></shard>
      <shard><replica><host>127.0.0.1</host><port>${downPort}</port></replica></shard>
    </down_cluster>
  </remote_servers>
` : ''}</yandex>
`
}

const USERS = `<?xml version="1.0"?>
<yandex>
  <profiles><default/><readonly><readonly>1</readonly></readonly><readonly2><readonly>2</readonly></readonly2></profiles>
  <users>
    <default><password></password><networks><ip>127.0.0.1</ip></networks><profile>default</profile><quota>default</quota></default>
    <reader><password>s3cret 'pass'</password><networks><ip>127.0.0.1</ip></networks><profile>readonly</profile><quota>default</quota></reader>
    <reader2><password></password><networks><ip>127.0.0.1</ip></networks><profile>readonly2</profile><quota>default</quota></reader2>
  </users>
  <quotas><default/></quotas>
</yandex>
`

/** As Debian's /etc/clickhouse-server/users.xml: the user `default`, the profiles `default` and `readonly`, the quota `default`. */
const DEBIAN_USERS = `<?xml version="1.0"?>
<yandex>
  <profiles><default/><readonly><readonly>1</readonly></readonly></profiles>
  <users>
    <default><password></password><networks><ip>127.0.0.1</ip></networks><profile>default</profile><quota>default</quota></default>
  </users>
  <quotas><default/></quotas>
</yandex>
`

interface Ports {
  http: number
  https: number
  tcp: number
}

async function start(ports: Ports, shardPorts: readonly number[], downPort: number, clusters = true): Promise<ClickHouseServer> {
  const { http: httpPort, https: httpsPort, tcp: tcpPort } = ports
  const dir = mkdtempSync(join(tmpdir(), 'profiler-search-clickhouse-'))
  writeFileSync(join(dir, 'config.xml'), config(dir, ports, shardPorts, downPort, clusters))
  writeFileSync(join(dir, 'users.xml'), clusters ? USERS : DEBIAN_USERS)
  const child: ChildProcess = spawn('setpriv', ['--pdeathsig', 'KILL', SERVER_BINARY, `--config-file=${join(dir, 'config.xml')}`], { cwd: dir, stdio: 'ignore' })
  const pid = child.pid as number
  // the test process does not wait for it: it ends when the process does
  child.unref()
  let exited = false
  child.on('exit', () => {
    exited = true
  })
  // stopped by its PID when this process ends, however it ends; its folder goes with it
  process.on('exit', () => {
    if (!exited) {
      try {
        process.kill(pid, 'SIGKILL')
      } catch {
        // gone already
      }
      spawnSync('sh', ['-c', `while kill -0 ${pid} 2>/dev/null; do sleep 0.05; done`], { timeout: 5000 })
    }
    rmSync(dir, { recursive: true, force: true })
  })
  const base = `http://127.0.0.1:${httpPort}/`
  async function query(sql: string, body?: string): Promise<string> {
    const response = body === undefined
      ? await fetch(base, { method: 'POST', body: sql })
      : await fetch(`${base}?query=${encodeURIComponent(sql)}`, { method: 'POST', body })
    const text = await response.text()
    if (!response.ok) throw new Error(text.trim())
    return text
  }
  await waitFor('clickhouse-server to answer', async () => {
    if (exited) throw new Error(`clickhouse-server exited at start; see ${dir}/server.err.log`)
    return fetch(`${base}ping`).then((r) => r.ok, () => false)
  }, 30_000, 50)
  const version = (await query('SELECT version()')).trim()
  return {
    httpPort, httpsPort, tcpPort, version, downPort, dir, query,
    url: (table, parameters = '') => `clickhouse://127.0.0.1:${httpPort}/${table}${parameters}`,
    signal: (signal) => process.kill(pid, signal),
  }
}

let shared: Promise<ClickHouseServer[]> | null = null

async function startPair(clusters = true): Promise<ClickHouseServer[]> {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, down = 0] = await freePorts(7)
  const ports: Ports[] = [{ http: a, https: b, tcp: c }, { http: d, https: e, tcp: f }]
  const shards = ports.map((p) => p.tcp)
  return await Promise.all(ports.map((p) => start(p, shards, down, clusters)))
}

/**
 * Two servers of their own, not the shared pair, as Debian installs them:
 * no cluster, and the users.xml of Debian's package (the user `default`,
 * the profiles `default` and `readonly`), for a test that configures them as
 * an administrator would (files in config.d/ and users.d/ of their `dir`).
 * Stopped when the process ends, or by `signal`.
 */
export async function bareClickHouseServers(): Promise<ClickHouseServer[]> {
  return await startPair(false)
}

/** The server of this test process, started at the first call (with the other shard of its cluster). */
export async function clickHouseServer(): Promise<ClickHouseServer> {
  shared ??= startPair()
  return (await shared)[0] as ClickHouseServer
}

/** The other shard of the cluster, for the tables a Distributed table reads there. */
export async function otherShard(): Promise<ClickHouseServer> {
  shared ??= startPair()
  return (await shared)[1] as ClickHouseServer
}
