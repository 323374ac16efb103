#!/usr/bin/env node
// `npm run bench`: builds deterministic logs in a temporary folder and times
// profiler-search against baselines measured in the same run (wc -l, grep -c,
// zcat | wc -l, GoAccess when installed). Figures are medians of --runs runs.
//
//   npm run bench -- [--lines N] [--runs N] [--json FILE]
import { spawnSync } from 'node:child_process'
import { createReadStream, createWriteStream, existsSync, mkdtempSync, openSync, closeSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir, cpus, totalmem } from 'node:os'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { fileURLToPath } from 'node:url'
import { createGzip } from 'node:zlib'
import { generateLog } from './generate-log.js'

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`)
  return i > 0 ? process.argv[i + 1] : fallback
}
const LINES = Number(arg('lines', '1000000'))
const RUNS = Number(arg('runs', '3'))
const JSON_OUT = arg('json', null)
const BIN = fileURLToPath(new URL('../../bin/profiler-search.js', import.meta.url))
const GNU_TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null
const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`]).status === 0

const dir = mkdtempSync(join(tmpdir(), 'profiler-search-bench-'))
process.on('exit', () => rmSync(dir, { recursive: true, force: true }))

/** Run a command once; seconds of wall time and peak RSS in MB (GNU time, when present). */
const runOnce = (argv, { stdinFile } = {}) => {
  const stdin = stdinFile ? openSync(stdinFile, 'r') : 'ignore'
  const timeFile = join(dir, 'time.txt')
  const full = GNU_TIME ? [GNU_TIME, '-f', '%M', '-o', timeFile, ...argv] : argv
  const start = process.hrtime.bigint()
  // stdout is a pipe, not /dev/null: GNU grep stops at the first match when it sees /dev/null.
  const r = spawnSync(full[0], full.slice(1), { stdio: [stdin, 'pipe', 'pipe'], maxBuffer: 1 << 26 })
  const seconds = Number(process.hrtime.bigint() - start) / 1e9
  if (typeof stdin === 'number') closeSync(stdin)
  if (r.status !== 0) throw new Error(`${argv.join(' ')} failed (${r.status}): ${r.stderr}`)
  let rssMb = null
  if (GNU_TIME) {
    const kb = Number(spawnSync('tail', ['-n', '1', timeFile]).stdout.toString().trim())
    rssMb = Number.isFinite(kb) ? kb / 1024 : null
  }
  return { seconds, rssMb }
}

const measure = (argv, options) => {
  const runs = Array.from({ length: RUNS }, () => runOnce(argv, options))
  const sorted = [...runs].sort((a, b) => a.seconds - b.seconds)
  const median = sorted[Math.floor(sorted.length / 2)]
  return { seconds: median.seconds, rssMb: Math.max(...runs.map((r) => r.rssMb ?? 0)) || null }
}

const sh = (script) => ['bash', '-c', script]

const results = []
const record = (name, lines, bytes, m) => {
  results.push({ name, lines, bytes, seconds: m.seconds, rssMb: m.rssMb, linesPerSecond: lines / m.seconds, mbPerSecond: bytes / 1e6 / m.seconds })
}

console.log(`bench: ${LINES} lines, median of ${RUNS} runs, ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`)

for (const style of ['nginx', 'apache']) {
  const log = join(dir, `${style}.log`)
  const gz = `${log}.gz`
  await generateLog(log, LINES, { seed: style === 'nginx' ? 42 : 7, style })
  await pipeline(createReadStream(log), createGzip({ level: 6 }), createWriteStream(gz))
  const bytes = statSync(log).size
  const out = join(dir, 'out.html')
  const tool = (...args) => [process.execPath, BIN, 'build', ...args, '-o', out]

  record(`${style}: wc -l`, LINES, bytes, measure(['wc', '-l', log]))
  record(`${style}: grep -c -F 'GET /'`, LINES, bytes, measure(['grep', '-c', '-F', 'GET /', log]))
  record(`${style}: zcat .gz, wc -l`, LINES, bytes, measure(sh(`zcat '${gz}' | wc -l`)))
  if (has('goaccess')) {
    record(`${style}: goaccess (COMBINED)`, LINES, bytes, measure(['goaccess', log, '--log-format=COMBINED', '-o', join(dir, 'goaccess.html')]))
  }
  record(`${style}: build (newest 10)`, LINES, bytes, measure(tool(log)))
  record(`${style}: build --limit 1000`, LINES, bytes, measure(tool('--limit', '1000', log)))
  record(`${style}: build from stdin`, LINES, bytes, measure(tool('-'), { stdinFile: log }))
  record(`${style}: build from .gz`, LINES, bytes, measure(tool(gz)))
}

const small = join(dir, 'ten.log')
await generateLog(small, 10)
record('node -e 0', 0, 0, measure([process.execPath, '-e', '0']))
record('build, 10-line input', 10, statSync(small).size, measure([process.execPath, BIN, 'build', small, '-o', join(dir, 'ten.html')]))

const find = (name) => results.find((r) => r.name === name)
const ratios = []
for (const style of ['nginx', 'apache']) {
  const tool = find(`${style}: build (newest 10)`)
  for (const base of ['wc -l', "grep -c -F 'GET /'", 'goaccess (COMBINED)']) {
    const b = find(`${style}: ${base}`)
    if (b) ratios.push({ what: `${style}: build (newest 10) / ${base}`, ratio: tool.seconds / b.seconds })
  }
  ratios.push({ what: `${style}: build from .gz / zcat .gz, wc -l`, ratio: find(`${style}: build from .gz`).seconds / find(`${style}: zcat .gz, wc -l`).seconds })
}
ratios.push({ what: 'build, 10-line input / node -e 0', ratio: find('build, 10-line input').seconds / find('node -e 0').seconds })

const fmt = (n, d = 2) => (n === null || !Number.isFinite(n) ? '-' : n.toFixed(d))
console.log('\n| run | seconds | lines/s | MB/s | peak RSS MB |\n|---|---:|---:|---:|---:|')
for (const r of results) {
  console.log(`| ${r.name} | ${fmt(r.seconds, 3)} | ${r.lines ? Math.round(r.linesPerSecond).toLocaleString('en-US') : '-'} | ${r.bytes ? fmt(r.mbPerSecond, 1) : '-'} | ${fmt(r.rssMb, 0)} |`)
}
console.log('\n| ratio (time) | value |\n|---|---:|')
for (const r of ratios) console.log(`| ${r.what} | ${fmt(r.ratio, 2)}x |`)
if (!GNU_TIME) console.log('\n(peak RSS needs GNU time: apt-get install time)')
if (JSON_OUT) {
  writeFileSync(JSON_OUT, `${JSON.stringify({ lines: LINES, runs: RUNS, node: process.version, cores: cpus().length, results, ratios }, null, 2)}\n`)
  console.log(`\nwrote ${JSON_OUT}`)
}
