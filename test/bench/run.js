#!/usr/bin/env node
// `npm run bench`: makes deterministic logs in a temporary folder (1M and 5M
// lines by default; styles 'wild', a shop's log as real ones look with about 15%
// listed, and 'nginx', the old synthetic log with 30% listed: generate-log.js)
// and times profiler-search against baselines measured in the same run on the
// same files: wc -l, grep -c, zcat | wc -l and GoAccess when installed; a full
// scan on one thread and on two (issue 22: both cores), each log also as a
// rotated set of four .gz against zcat of the set; and the start-up of a small
// run against `node -e 0`. On the first style's logs also the searches of issue
// 30: the --token of a row in the middle of the log, a day's --from/--until in
// the middle, an --ip that never appears against grep -cF of it, and (the
// smallest size) --full-scan --limit 1000000 --emit ndjson against the 10-row
// one. Prints lines/s, MB/s, peak RSS, the ratios to the baselines and each
// target of the performance issues; --json FILE saves every figure. Run it with
// tsx (npm run bench does): the line-splitting comparison imports src/.
// --files-only stops after the figures of the files and the start-up; --startup runs the start-up alone
// (startup.js: run the bench with another node binary to measure that Node). Then how soon SIGTERM
// ends a build at the cap on config patterns (stop-time.js). Last, the soak of
// `watch` (soak.js): 10 minutes of appends at 5,000 lines/s, 30 s with
// --quick; --soak runs the soak alone; --node-flags passes flags to the
// watch's node (the README's systemd unit sets --max-semi-space-size=1). Then `serve` on the largest
// log (serve-bench.js): latencies under 50 clients, a scan against its deadline, RSS over a soak;
// --serve runs it alone.
//
// Then the ClickHouse searches and ship (clickhouse.js; --clickhouse-only runs them alone). The soak,
// serve and ClickHouse parts generate their own logs in the old 'nginx' style.
//
//   npm run bench -- [--sizes 1000000,5000000] [--runs 3] [--styles wild,nginx] [--files-only] [--startup] [--json FILE] [--soak] [--serve] [--quick]
//                    [--node-flags FLAGS] [--clickhouse-only] [--clickhouse-lines 10000000]
import { spawnSync } from 'node:child_process'
import { createReadStream, createWriteStream, existsSync, mkdtempSync, openSync, closeSync, readFileSync, readSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir, cpus, totalmem } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { fileURLToPath } from 'node:url'
import { createGzip } from 'node:zlib'
import { generateLog } from './generate-log.js'
import { splitLinesBench } from './split-lines.js'
import { runServeBench } from './serve-bench.js'
import { RECOMMENDED_NODE_FLAGS, runSoak } from './soak.js'
import { measureStopTime } from './stop-time.js'
import { clickHouseBench } from './clickhouse.js'
import { startupBench } from './startup.js'

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? process.argv[i + 1] : fallback
}
const SIZES = arg('sizes', arg('lines', '1000000,5000000')).split(',').map(Number)
const RUNS = Number(arg('runs', '3'))
const STYLES = arg('styles', 'wild,nginx').split(',')
// the seed of each style's logs (nginx and apache: those of the README's runs before the wild log)
const SEEDS = { wild: 42, nginx: 42, apache: 7 }
const FILES_ONLY = process.argv.includes('--files-only')
const JSON_OUT = arg('json', null)
const BIN = fileURLToPath(new URL('../../bin/profiler-search.js', import.meta.url))
const GNU_TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0
const GOACCESS = has('goaccess')
// an address no generated log holds (TEST-NET-3): the rare --ip read all from the end, and grep -cF's baseline
const ABSENT_IP = '203.0.113.99'

const QUICK = process.argv.includes('--quick')
// watch runs as the README's recipes run it (a small young generation: see soak.js); --node-flags '' for node's defaults
const SOAK = { quick: QUICK, nodeFlags: (arg('node-flags', RECOMMENDED_NODE_FLAGS) ?? '').split(' ').filter(Boolean) }
if (process.argv.includes('--soak')) {
  const soak = await runSoak(SOAK)
  console.log('\n| target | this run | met |\n|---|---:|:---:|')
  for (const t of soak.targets) console.log(`| ${t.what} | ${t.value} | ${t.pass ? 'yes' : 'NO'} |`)
  if (JSON_OUT) writeFileSync(JSON_OUT, `${JSON.stringify({ node: process.version, cores: cpus().length, cpu: cpus()[0]?.model, soak }, null, 2)}\n`)
  process.exit(0)
}

if (process.argv.includes('--serve')) {
  const serve = await runServeBench({ quick: QUICK, lines: SIZES[SIZES.length - 1], nodeFlags: SOAK.nodeFlags })
  console.log('\n| target | this run | met |\n|---|---:|:---:|')
  for (const t of serve.targets) console.log(`| ${t.what} | ${t.value} | ${t.pass ? 'yes' : 'NO'} |`)
  if (JSON_OUT) writeFileSync(JSON_OUT, `${JSON.stringify({ node: process.version, cores: cpus().length, cpu: cpus()[0]?.model, serve: serve.figures }, null, 2)}\n`)
  process.exit(0)
}

const dir = mkdtempSync(join(tmpdir(), 'profiler-search-bench-'))
process.on('exit', () => rmSync(dir, { recursive: true, force: true }))
process.on('SIGINT', () => process.exit(130))
const CLICKHOUSE_LINES = Number(arg('clickhouse-lines', QUICK ? '1000000' : '10000000'))

/** Run a command once: seconds of wall time, peak RSS in MB (GNU time when present, else null) and its stdout. `okStatus`: an exit status other than 0 that is not a failure (grep's 1: no line matched). */
const runOnce = (argv, { stdinFile, okStatus = 0 } = {}) => {
  const stdin = stdinFile ? openSync(stdinFile, 'r') : 'ignore'
  const timeFile = join(dir, 'time.txt')
  const full = GNU_TIME ? [GNU_TIME, '-f', '%M', '-o', timeFile, ...argv] : argv
  const start = process.hrtime.bigint()
  // stdout is a pipe, not /dev/null: GNU grep stops at the first match when it sees /dev/null.
  const r = spawnSync(full[0], full.slice(1), { stdio: [stdin, 'pipe', 'pipe'], maxBuffer: 1 << 26 })
  const seconds = Number(process.hrtime.bigint() - start) / 1e9
  if (typeof stdin === 'number') closeSync(stdin)
  if (r.status !== 0 && r.status !== okStatus) throw new Error(`${argv.join(' ')} failed (${r.status}): ${r.stderr}`)
  let rssMb = null
  if (GNU_TIME) {
    const kb = Number(readFileSync(timeFile, 'utf8').trim().split('\n').pop())
    rssMb = Number.isFinite(kb) ? kb / 1024 : null
  }
  return { seconds, rssMb, stdout: r.stdout.toString('utf8') }
}

/** Median seconds of `runs` runs, the largest peak RSS, and the first run's stdout. */
const measure = (argv, options = {}, runs = RUNS) => {
  const all = Array.from({ length: runs }, () => runOnce(argv, options))
  const sorted = [...all].sort((a, b) => a.seconds - b.seconds)
  const median = sorted[Math.floor(sorted.length / 2)]
  return { seconds: median.seconds, rssMb: Math.max(...all.map((r) => r.rssMb ?? 0)) || null, stdout: all[0].stdout }
}

const sh = (script) => ['bash', '-c', script]

/** `log` as a rotated set of `parts` gzip files (`access.log.N.gz`, the oldest part the highest N), cut at line ends; their paths, oldest first. */
const rotatedSet = async (log, parts) => {
  const size = statSync(log).size
  const fd = openSync(log, 'r')
  const cuts = [0]
  const probe = Buffer.alloc(64 * 1024)
  for (let k = 1; k < parts; k++) {
    const at = Math.floor((size * k) / parts)
    const n = readSync(fd, probe, 0, probe.length, at)
    cuts.push(at + probe.subarray(0, n).indexOf(0x0a) + 1)
  }
  closeSync(fd)
  cuts.push(size)
  const paths = []
  for (let k = 0; k < parts; k++) {
    const path = join(dir, `access.log.${parts - k}.gz`)
    await pipeline(createReadStream(log, { start: cuts[k], end: cuts[k + 1] - 1 }), createGzip({ level: 6 }), createWriteStream(path))
    paths.push(path)
  }
  return paths
}
const MONTH_NUMBERS = { Jan: '01', Feb: '02', Mar: '03', Apr: '04', May: '05', Jun: '06', Jul: '07', Aug: '08', Sep: '09', Oct: '10', Nov: '11', Dec: '12' }
/** The line that starts after the middle byte of `log`: its date and minute as written (as --from/--until take them: 2026-10-26, 2026-10-26T10:21). */
const middleLine = (log) => {
  const fd = openSync(log, 'r')
  const probe = Buffer.alloc(64 * 1024)
  const n = readSync(fd, probe, 0, probe.length, Math.floor(statSync(log).size / 2))
  closeSync(fd)
  const text = probe.subarray(0, n).toString('latin1')
  const line = text.slice(text.indexOf('\n') + 1).split('\n')[0]
  const [, day, month, year, hour, minute] = /\[(\d\d)\/(\w{3})\/(\d{4}):(\d\d):(\d\d):\d\d [+-]\d{4}\]/.exec(line) ?? []
  if (!day) throw new Error(`no time in the middle line of ${log}: ${line}`)
  const date = `${year}-${MONTH_NUMBERS[month]}-${day}`
  return { date, minute: `${date}T${hour}:${minute}` }
}

/** The rows a build prints with --emit ndjson. */
const ndjsonRows = (stdout) => stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line))

/** The token of the newest row at or before `minute`, as the tool gives it; checked: `--token` lists that row alone. */
const tokenOfRowAt = (log, minute) => {
  const [row] = ndjsonRows(runOnce([process.execPath, BIN, 'build', log, '--until', minute, '--limit', '1', '--emit', 'ndjson']).stdout)
  if (!row) throw new Error(`no row at or before ${minute} in ${log}`)
  const found = ndjsonRows(runOnce([process.execPath, BIN, 'build', log, '--token', row.token, '--emit', 'ndjson']).stdout)
  if (found.length !== 1 || found[0].token !== row.token) throw new Error(`--token ${row.token} (${row.raw}) lists ${found.length} rows, not that one`)
  return row.token
}

const results = []
const record = (name, lines, bytes, m) => {
  const r = { name, lines, bytes, seconds: m.seconds, rssMb: m.rssMb, linesPerSecond: lines / m.seconds, mbPerSecond: bytes / 1e6 / m.seconds }
  results.push(r)
  console.log(`  ${name}: ${m.seconds.toFixed(3)} s${m.rssMb ? `, ${m.rssMb.toFixed(0)} MB` : ''}`)
  return r
}
const find = (name) => results.find((r) => r.name === name)
const label = (n) => (n >= 1e6 ? `${n / 1e6}M` : `${n / 1e3}k`)

if (process.argv.includes('--startup')) {
  const checks = await startupBench({ dir, bin: BIN, rounds: Math.max(RUNS * 5, 15), runOnce, record })
  console.log('\n| target | this run | met |\n|---|---:|:---:|')
  for (const t of checks) console.log(`| ${t.what} | ${t.value} | ${t.pass ? 'yes' : 'NO'} |`)
  process.exit(0)
}

if (process.argv.includes('--clickhouse-only')) {
  const targets = await clickHouseBench({ dir, lines: CLICKHOUSE_LINES, runs: RUNS, measure, record })
  console.log('\n| run | seconds | lines/s |\n|---|---:|---:|')
  for (const r of results) console.log(`| ${r.name} | ${r.seconds.toFixed(3)} | ${Math.round(r.linesPerSecond).toLocaleString('en-US')} |`)
  console.log('\n| target | this run | met |\n|---|---:|:---:|')
  for (const t of targets) console.log(`| ${t.what} | ${t.value} | ${t.pass ? 'yes' : 'NO'} |`)
  process.exit(0)
}

console.log(`bench: sizes ${SIZES.map(label).join(', ')} lines, ${STYLES.join(' and ')} style (issue 30's searches on ${STYLES[0]}), median of ${RUNS} runs, ` +
  `${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}` +
  `${GOACCESS ? '' : ' (GoAccess not installed: apt-get install goaccess)'}`)

for (const style of STYLES) {
  for (const lines of SIZES) {
    const tag = `${style} ${label(lines)}`
    const log = join(dir, `${style}-${lines}.log`)
    const gz = `${log}.gz`
    console.log(`${tag}: generating`)
    await generateLog(log, lines, { seed: SEEDS[style] ?? 42, style })
    await pipeline(createReadStream(log), createGzip({ level: 6 }), createWriteStream(gz))
    const bytes = statSync(log).size
    console.log(`${tag}: ${bytes.toLocaleString('en-US')} bytes, ${Math.round(bytes / lines)} a line`)
    const out = join(dir, 'out.html')
    const tool = (...args) => [process.execPath, BIN, 'build', ...args, '-o', out]

    record(`${tag}: wc -l`, lines, bytes, measure(['wc', '-l', log]))
    record(`${tag}: grep -c -F 'GET /'`, lines, bytes, measure(['grep', '-c', '-F', 'GET /', log]))
    record(`${tag}: zcat .gz, wc -l`, lines, bytes, measure(sh(`zcat '${gz}' | wc -l`)))
    // GoAccess reads about 37k lines/s: one run, on the smallest size only.
    if (GOACCESS && lines === SIZES[0]) {
      record(`${tag}: goaccess COMBINED`, lines, bytes,
        measure(['goaccess', log, '--log-format=COMBINED', '-o', join(dir, 'goaccess.html')], {}, 1))
    }
    record(`${tag}: build newest 10 (backward)`, lines, bytes, measure(tool(log)))
    record(`${tag}: build --full-scan --threads 1`, lines, bytes, measure(tool('--full-scan', '--threads', '1', log)))
    record(`${tag}: build --full-scan --threads 2`, lines, bytes, measure(tool('--full-scan', '--threads', '2', log)))
    // a rare --ip: read from the end, never decided, so all of it (on the workers after the newest 16 MiB)
    record(`${tag}: build --ip ${ABSENT_IP} (all from the end)`, lines, bytes, measure(tool('--ip', ABSENT_IP, log)))
    if (style === STYLES[0]) {
      // issue 30: searches that should cost what they find, not what the log holds
      const grepIp = measure(['grep', '-c', '-F', ABSENT_IP, log], { okStatus: 1 })
      if (grepIp.stdout.trim() !== '0') throw new Error(`${ABSENT_IP} is in ${log} (${grepIp.stdout.trim()} lines): not an absent --ip`)
      record(`${tag}: grep -c -F ${ABSENT_IP}`, lines, bytes, grepIp)
      const middle = middleLine(log)
      const token = tokenOfRowAt(log, middle.minute)
      console.log(`  the middle of the log: ${middle.minute}, a row's token ${token}`)
      record(`${tag}: build --token of a row in the middle`, lines, bytes, measure(tool('--token', token, log)))
      record(`${tag}: build --from/--until a day in the middle`, lines, bytes, measure(tool('--from', middle.date, '--until', middle.date, log)))
      if (lines === SIZES[0]) {
        record(`${tag}: build --full-scan --emit ndjson (10 rows)`, lines, bytes, measure(tool('--full-scan', '--emit', 'ndjson', log)))
        record(`${tag}: build --full-scan --limit 1000000 --emit ndjson`, lines, bytes, measure(tool('--full-scan', '--limit', '1000000', '--emit', 'ndjson', log)))
      }
    }
    // auto (the default) against the preset named: a line the chosen preset cannot read is tried with the
    // others, and a clean log must not pay for that
    if (lines === SIZES[0]) record(`${tag}: build --full-scan --threads 1 --log-format combined`, lines, bytes, measure(tool('--full-scan', '--threads', '1', '--log-format', 'combined', log)))
    record(`${tag}: build from stdin`, lines, bytes, measure(tool('-'), { stdinFile: log }))
    record(`${tag}: build from .gz`, lines, bytes, measure(tool(gz)))
    {
      // a rotated set of four .gz read whole (--full-scan: else the newest one may decide the page), oldest first
      const set = await rotatedSet(log, 4)
      record(`${tag}: zcat four .gz, wc -l`, lines, bytes, measure(sh(`zcat ${set.map((path) => `'${path}'`).join(' ')} | wc -l`)))
      record(`${tag}: build --full-scan from four .gz`, lines, bytes, measure(tool('--full-scan', ...set)))
      for (const path of set) rmSync(path)
    }
    record(`${tag}: build --limit 1000`, lines, bytes, measure(tool('--limit', '1000', log)))
    if (lines === SIZES[0] && style === STYLES[0]) {
      // The hand-written line splitter replaces split2 on the hot path: prove it on the same file.
      const split = await splitLinesBench(log, RUNS)
      for (const [name, r] of Object.entries(split)) {
        record(`${tag}: lines only, ${name === 'split2' ? 'split2' : 'LineSplitter'} (in process)`, r.lines, bytes, { seconds: r.seconds, rssMb: null })
      }
    }
    rmSync(log)
    rmSync(gz)
  }
}

// Start-up: a small run against node -e 0 (startup.js)
const startupChecks = await startupBench({ dir, bin: BIN, rounds: Math.max(RUNS * 5, 15), runOnce, record })

const ratios = []
const ratio = (what, a, b) => {
  if (a && b) ratios.push({ what, ratio: a.seconds / b.seconds })
}
for (const style of STYLES) {
  for (const lines of SIZES) {
    const tag = `${style} ${label(lines)}`
    const at = (name) => find(`${tag}: ${name}`)
    ratio(`${tag}: newest 10 (backward) / grep -c`, at('build newest 10 (backward)'), at("grep -c -F 'GET /'"))
    ratio(`${tag}: --full-scan on 2 threads / grep -c`, at('build --full-scan --threads 2'), at("grep -c -F 'GET /'"))
    ratio(`${tag}: --full-scan on 2 threads / wc -l`, at('build --full-scan --threads 2'), at('wc -l'))
    ratio(`${tag}: --full-scan on 1 thread, auto / --log-format combined`, at('build --full-scan --threads 1'), at('build --full-scan --threads 1 --log-format combined'))
    ratio(`${tag}: from .gz / zcat, wc -l`, at('build from .gz'), at('zcat .gz, wc -l'))
    ratio(`${tag}: four .gz / zcat four .gz, wc -l`, at('build --full-scan from four .gz'), at('zcat four .gz, wc -l'))
    ratio(`${tag}: --ip ${ABSENT_IP} / grep -c -F ${ABSENT_IP}`, at(`build --ip ${ABSENT_IP} (all from the end)`), at(`grep -c -F ${ABSENT_IP}`))
    ratio(`${tag}: --full-scan --limit 1000000 / 10 rows, both --emit ndjson`, at('build --full-scan --limit 1000000 --emit ndjson'), at('build --full-scan --emit ndjson (10 rows)'))
    ratio(`${tag}: --full-scan, 2 threads / 1 thread`, at('build --full-scan --threads 2'), at('build --full-scan --threads 1'))
    const goaccess = at('goaccess COMBINED')
    if (goaccess) ratios.push({ what: `${tag}: --full-scan throughput / GoAccess throughput`, ratio: goaccess.seconds / at('build --full-scan --threads 1').seconds, higherIsBetter: true })
  }
}
ratio('build, 10-line input / node -e 0', find('build, 10-line input'), find('node -e 0'))
ratio('--version / node -e 0', find('--version'), find('node -e 0'))
{
  const tag = `${STYLES[0]} ${label(SIZES[0])}`
  ratio(`${tag}: lines only, LineSplitter / split2`, find(`${tag}: lines only, LineSplitter (in process)`), find(`${tag}: lines only, split2 (in process)`))
}

// The targets of the performance issue, each checked against this run's figures.
const largest = SIZES[SIZES.length - 1]
const smallest = SIZES[0]
const targets = []
const target = (what, value, pass) => targets.push({ what, value, pass })
const startup = () => find('build, 10-line input').seconds
for (const style of STYLES) {
  const big = (name) => find(`${style} ${label(largest)}: ${name}`)
  const first = (name) => find(`${style} ${label(smallest)}: ${name}`)
  const back = big('build newest 10 (backward)')
  const grep = big("grep -c -F 'GET /'")
  target(`${style} ${label(largest)}: newest 10 (reading from the end) at most 0.4x grep -c`, `${(back.seconds / grep.seconds).toFixed(2)}x (${back.seconds.toFixed(3)} s vs ${grep.seconds.toFixed(3)} s)`, back.seconds <= 0.4 * grep.seconds)
  const two = big('build --full-scan --threads 2')
  const net = largest / (two.seconds - startup())
  target(`${style} ${label(largest)}: full scan on 2 threads at least 2,000,000 lines/s, net of start-up`, `${Math.round(net).toLocaleString('en-US')} lines/s (${Math.round(two.linesPerSecond).toLocaleString('en-US')} with it)`, net >= 2e6)
  for (const lines of SIZES) {
    const tag = `${style} ${label(lines)}`
    const at = (name) => find(`${tag}: ${name}`)
    const gzRun = at('build from .gz')
    const zcat = at('zcat .gz, wc -l')
    target(`${tag}: one .gz at most 1.2x zcat, wc -l`, `${(gzRun.seconds / zcat.seconds).toFixed(2)}x`, gzRun.seconds <= 1.2 * zcat.seconds)
    const set = at('build --full-scan from four .gz')
    const zcatSet = at('zcat four .gz, wc -l')
    target(`${tag}: four .gz at most 0.8x zcat of them, wc -l`, `${(set.seconds / zcatSet.seconds).toFixed(2)}x`, set.seconds <= 0.8 * zcatSet.seconds)
    // issue 30, on the first style's logs: a search costs what it finds
    const overStartup = (run, most) => {
      const more = run.seconds - startup()
      target(`${tag}: ${run.name.slice(tag.length + 2).replace('build ', '')} at most ${most} s more than build of a 10-line log`, `${more.toFixed(3)} s more (${run.seconds.toFixed(3)} s)`, more <= most)
    }
    const token = at('build --token of a row in the middle')
    if (token) overStartup(token, 0.1)
    const day = at('build --from/--until a day in the middle')
    if (day) overStartup(day, 0.3)
    const ip = at(`build --ip ${ABSENT_IP} (all from the end)`)
    const grepIp = at(`grep -c -F ${ABSENT_IP}`)
    if (grepIp) target(`${tag}: an --ip that never appears at most 1.5x grep -cF of it`, `${(ip.seconds / grepIp.seconds).toFixed(2)}x (${ip.seconds.toFixed(3)} s vs ${grepIp.seconds.toFixed(3)} s)`, ip.seconds <= 1.5 * grepIp.seconds)
    const many = at('build --full-scan --limit 1000000 --emit ndjson')
    const ten = at('build --full-scan --emit ndjson (10 rows)')
    if (many && ten) {
      target(`${tag}: --full-scan --limit 1000000 --emit ndjson at most 2x the 10-row one`, `${(many.seconds / ten.seconds).toFixed(2)}x (${many.seconds.toFixed(3)} s vs ${ten.seconds.toFixed(3)} s)`, many.seconds <= 2 * ten.seconds)
      if (many.rssMb) target(`${tag}: --full-scan --limit 1000000 --emit ndjson peak RSS under 400 MB`, `${many.rssMb.toFixed(0)} MB`, many.rssMb < 400)
    }
  }
  const goaccess = first('goaccess COMBINED')
  if (goaccess) {
    const full = first('build --full-scan --threads 1')
    const times = goaccess.seconds / full.seconds
    target(`${style} ${label(smallest)}: full scan at least 25x GoAccess's throughput`, `${times.toFixed(1)}x`, times >= 25)
  }
  if (SIZES.length > 1) {
    for (const run of ['build from stdin', 'build --full-scan --threads 2']) {
      const a = first(run)
      const b = big(run)
      if (a.rssMb && b.rssMb) {
        const growth = b.rssMb / a.rssMb
        target(`${style}: peak RSS of ${run.replace('build ', '')}, ${label(largest)} vs ${label(smallest)} lines, within 10%`, `${b.rssMb.toFixed(0)} MB vs ${a.rssMb.toFixed(0)} MB (${((growth - 1) * 100).toFixed(1)}%)`, growth <= 1.1)
      }
    }
  }
}
targets.push(...startupChecks)
let soak = null
let serve = null
if (!FILES_ONLY) {
  targets.push((await measureStopTime(Math.max(RUNS, 5))).target)
  targets.push(...await clickHouseBench({ dir, lines: CLICKHOUSE_LINES, runs: RUNS, measure, record }))
  console.log('')
  soak = await runSoak(SOAK)
  targets.push(...soak.targets)
  console.log('')
  serve = await runServeBench({ quick: QUICK, lines: largest, nodeFlags: SOAK.nodeFlags })
  targets.push(...serve.targets)
}

const fmt = (n, d = 2) => (n === null || !Number.isFinite(n) ? '-' : n.toFixed(d))
console.log('\n| run | seconds | lines/s | MB/s | peak RSS MB |\n|---|---:|---:|---:|---:|')
for (const r of results) {
  console.log(`| ${r.name} | ${fmt(r.seconds, 3)} | ${r.lines ? Math.round(r.linesPerSecond).toLocaleString('en-US') : '-'} | ${r.bytes ? fmt(r.mbPerSecond, 1) : '-'} | ${fmt(r.rssMb, 0)} |`)
}
console.log('\n| ratio | value |\n|---|---:|')
for (const r of ratios) console.log(`| ${r.what} | ${fmt(r.ratio, 2)}x |`)
console.log('\n| target | this run | met |\n|---|---:|:---:|')
for (const t of targets) console.log(`| ${t.what} | ${t.value} | ${t.pass ? 'yes' : 'NO'} |`)
if (!GNU_TIME) console.log('\n(peak RSS needs GNU time: apt-get install time)')
if (JSON_OUT) {
  writeFileSync(JSON_OUT, `${JSON.stringify({ sizes: SIZES, runs: RUNS, node: process.version, cores: cpus().length, cpu: cpus()[0]?.model, results, ratios, targets, soak, serve: serve?.figures ?? null }, null, 2)}\n`)
  console.log(`\nwrote ${JSON_OUT}`)
}
