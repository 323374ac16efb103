// The ClickHouse part of `npm run bench` (issue 20): logs of several hosts (10M lines in all by
// default) shipped by `ship --once` into a private server (test/helpers/clickhouse-server.ts), then
// the page (newest 10), a rare --ip over one day and a --token read through clickhouse://, against the
// same searches by `build --full-scan` over the files. `ship` throughput (lines/s into ClickHouse)
// against clickhouse-client inserting the same file. And the page of a table whose newest rows are
// messages of 30 MB (a feeder without a line cap wrote them): its peak RSS (hugeRowsBench).
//
//   npm run bench -- --clickhouse-only [--clickhouse-lines 10000000] [--runs 3]
import { spawnSync } from 'node:child_process'
import { existsSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { generateLog } from './generate-log.js'

const BIN = fileURLToPath(new URL('../../bin/profiler-search.js', import.meta.url))
const HOSTS = ['web1', 'web2', 'web3', 'web4']

/** Runs the bench; `measure(argv, options, runs)` and `record(name, lines, bytes, m)` are run.js's. */
export async function clickHouseBench({ dir, lines, runs, measure, record }) {
  if (!existsSync('/usr/sbin/clickhouse-server')) {
    console.log('clickhouse: not installed (apt-get install clickhouse-server clickhouse-client), skipped')
    return []
  }
  const { clickHouseServer } = await import('../helpers/clickhouse-server.ts')
  const { createSchema } = await import('../helpers/clickhouse-tables.ts')
  const server = await clickHouseServer()
  console.log(`clickhouse ${server.version}: ${lines.toLocaleString('en-US')} lines from ${HOSTS.length} hosts`)
  await createSchema(server, 'bench')
  await createSchema(server, 'bench_raw')
  const files = []
  for (const [i, host] of HOSTS.entries()) {
    const file = join(dir, `${host}-access.log`)
    await generateLog(file, Math.floor(lines / HOSTS.length), { seed: 101 + i })
    files.push(file)
  }
  const bytes = files.reduce((sum, file) => sum + statSync(file).size, 0)
  const table = server.url('bench.access_lines')
  const env = { ...process.env, TZ: 'UTC' }

  // ship: every host's file, once (each insert is kept: a second run would ship nothing)
  let shipSeconds = 0
  for (const [i, host] of HOSTS.entries()) {
    shipSeconds += measure([process.execPath, BIN, 'ship', '--once', files[i], '--to', table, '--host', host], {}, 1).seconds
  }
  const shipped = record('clickhouse: ship --once, all hosts', lines, bytes, { seconds: shipSeconds, rssMb: null })
  const client = ['clickhouse-client', '--port', String(server.tcpPort), '--query', 'INSERT INTO bench_raw.access_lines (message) FORMAT TabSeparated']
  const oneFile = statSync(files[0]).size
  const baseline = record('clickhouse: clickhouse-client INSERT of one host\'s file (message only)', Math.floor(lines / HOSTS.length), oneFile,
    measure(client, { stdinFile: files[0] }, 1))
  const count = (await server.query('SELECT count(), uniqExact(host, file, seq) FROM bench.access_lines')).trim()
  console.log(`  stored: ${count}`)

  // the searches: a rare address of the busiest day (the last whole one), the token of a row on the page
  const day = (await server.query('SELECT toDate(time) AS d FROM bench.access_lines GROUP BY d ORDER BY count() DESC, d DESC LIMIT 1')).trim()
  const sample = (await server.query(`SELECT message FROM bench.access_lines WHERE toDate(time) = '${day}' ORDER BY seq LIMIT 1 OFFSET 5000`)).trim()
  const ip = sample.split(' ')[0]
  const page = spawnSync(process.execPath, [BIN, 'build', table, '--emit', 'ndjson'], { env, encoding: 'utf8' })
  const token = JSON.parse(page.stdout.split('\n')[4]).token
  const out = join(dir, 'ch.html')
  const searches = {
    'the page (newest 10)': [],
    [`--ip ${ip} over ${day}`]: ['--ip', ip, '--from', `${day}T00:00Z`, '--until', `${day}T23:59:59Z`, '--any-url', '--status', 'any', '--method', 'any'],
    [`--token ${token}`]: ['--token', token],
  }
  const figures = {}
  for (const [name, args] of Object.entries(searches)) {
    figures[name] = record(`clickhouse: ${name}, from ClickHouse`, lines, bytes, measure([process.execPath, BIN, 'build', table, ...args, '-o', out], {}, runs))
    const files_ = record(`clickhouse: ${name}, build --full-scan of the files`, lines, bytes, measure([process.execPath, BIN, 'build', '--full-scan', ...files, ...args, '-o', out], {}, 1))
    figures[`${name} files`] = files_
  }
  for (const file of files) rmSync(file)
  const huge = await hugeRowsBench({ server, out, measure, record })
  const pageFigure = figures['the page (newest 10)']
  const ipFigure = figures[`--ip ${ip} over ${day}`]
  return [
    { what: `clickhouse ${lines / 1e6}M lines: the page in < 0.3 s`, value: `${pageFigure.seconds.toFixed(3)} s (build --full-scan of the files: ${figures['the page (newest 10) files'].seconds.toFixed(1)} s)`, pass: pageFigure.seconds < 0.3 },
    { what: `clickhouse ${lines / 1e6}M lines: a day's --ip in < 0.5 s`, value: `${ipFigure.seconds.toFixed(3)} s (files: ${figures[`--ip ${ip} over ${day} files`].seconds.toFixed(1)} s)`, pass: ipFigure.seconds < 0.5 },
    huge,
    { what: 'ship at least 100k lines/s', value: `${Math.round(shipped.linesPerSecond).toLocaleString('en-US')} lines/s (clickhouse-client, message only: ${Math.round(baseline.linesPerSecond).toLocaleString('en-US')} lines/s)`, pass: shipped.linesPerSecond >= 100_000 },
  ]
}

const HUGE_ROWS = 12
const HUGE_BYTES = 30_000_000

/**
 * The page of a table whose newest 12 rows hold 30 MB messages, among 1,000 lines, for a search that
 * lets every line through (--any-url: the server sends them all): each is cut on the server (row-query.ts), so the run's peak RSS stays that of a small page (issue 29: 1.18 GB, and 22
 * such rows were exit 2, "Cannot create a string longer than 0x1fffffe8").
 */
export async function hugeRowsBench({ server, out, measure, record }) {
  const { createSchema } = await import('../helpers/clickhouse-tables.ts')
  await createSchema(server, 'bench_huge')
  const line = (ip, url) => `concat('10.0.0.${ip} - - [22/Nov/2026:10:00:00 +0000] "GET /', ${url}, ' HTTP/1.1" 200 5 "-" "t"')`
  await server.query(`INSERT INTO bench_huge.access_lines SELECT toDateTime('2026-11-22 09:00:00') + number, 'web', '/normal.log', number, ${line(1, 'toString(number)')} FROM system.numbers LIMIT 1000`)
  // one at a time: the server builds each in memory
  for (let i = 0; i < HUGE_ROWS; i++) {
    await server.query(`INSERT INTO bench_huge.access_lines SELECT toDateTime('2026-11-22 10:00:00') + ${i}, 'web', '/huge.log', ${i}, ${line(2, `arrayStringConcat(arrayMap(x -> 'abcdefghij', range(${HUGE_BYTES / 10})))`)}`)
  }
  const figure = record(`clickhouse: the page of a table whose newest ${HUGE_ROWS} rows are ${HUGE_BYTES / 1e6} MB each`, 1000 + HUGE_ROWS, HUGE_ROWS * HUGE_BYTES,
    measure([process.execPath, BIN, 'build', server.url('bench_huge.access_lines'), '--any-url', '--status', 'any', '--method', 'any', '-o', out], {}, 1))
  return { what: `clickhouse: ${HUGE_ROWS} rows of ${HUGE_BYTES / 1e6} MB, the page's peak RSS < 200 MB`, value: `${figure.rssMb?.toFixed(0) ?? '?'} MB`, pass: figure.rssMb !== null && figure.rssMb < 200 }
}
