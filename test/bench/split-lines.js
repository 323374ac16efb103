#!/usr/bin/env node
// Bytes → lines, timed both ways over the same file: split2 (a Transform
// stream that emits one 'data' event per line) and our LineSplitter as the
// build reads with it (forEachLine: pulled chunks, decoded 64 KiB at a time,
// lines handed over synchronously). Each way reads the file from disk with
// the same stream settings and counts the lines; the median of several runs
// is printed as lines/s. Reads src/ through tsx.
//
//   node --import tsx test/bench/split-lines.js [FILE] [--lines 1000000] [--runs 3] [--json]
//
// Without FILE, a deterministic 1M-line nginx-style log is generated in a
// temporary folder. `splitLinesBench(file, runs)` is exported for run.js.
import { createReadStream, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import split2 from 'split2'
import { generateLog } from './generate-log.js'

/** The chunk size open-inputs.ts reads files with. */
const HIGH_WATER_MARK = 256 * 1024

const viaSplit2 = (file) =>
  new Promise((resolve, reject) => {
    let lines = 0
    const source = createReadStream(file, { highWaterMark: HIGH_WATER_MARK })
    source.on('error', reject)
    source.pipe(split2(/\r?\n/)).on('data', () => { lines++ }).on('end', () => resolve(lines)).on('error', reject)
  })

const viaLineSplitter = async (file) => {
  const { forEachLine } = await import('../../src/input/lines.ts')
  let lines = 0
  await forEachLine(createReadStream(file, { highWaterMark: HIGH_WATER_MARK }), file, { line: () => { lines++ }, tooLong: () => { lines++ } })
  return lines
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

/** Times both ways, alternating runs; resolves to { split2, lineSplitter }, each { lines, seconds, linesPerSecond }. */
export const splitLinesBench = async (file, runs = 3) => {
  const ways = { split2: viaSplit2, lineSplitter: viaLineSplitter }
  const seconds = { split2: [], lineSplitter: [] }
  const counted = {}
  await viaLineSplitter(file) // load the module and warm the page cache before timing
  for (let run = 0; run < runs; run++) {
    for (const [name, way] of Object.entries(ways)) {
      const start = process.hrtime.bigint()
      counted[name] = await way(file)
      seconds[name].push(Number(process.hrtime.bigint() - start) / 1e9)
    }
  }
  // split2 drops the empty last line after a final newline, as forEachLine does
  if (counted.split2 !== counted.lineSplitter) throw new Error(`the two ways counted ${counted.split2} and ${counted.lineSplitter} lines`)
  const result = {}
  for (const name of Object.keys(ways)) {
    const s = median(seconds[name])
    result[name] = { lines: counted[name], seconds: s, linesPerSecond: counted[name] / s }
  }
  return result
}

const main = async () => {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`)
    return i > 0 ? process.argv[i + 1] : fallback
  }
  const valued = new Set(['--lines', '--runs'])
  const given = process.argv.slice(2).find((a, i, all) => !a.startsWith('--') && !valued.has(all[i - 1]))
  const runs = Number(arg('runs', '3'))
  let dir = null
  let file = given
  if (!file) {
    dir = mkdtempSync(join(tmpdir(), 'profiler-search-split-'))
    file = join(dir, 'access.log')
    await generateLog(file, Number(arg('lines', '1000000')), { seed: 42, style: 'nginx' })
  }
  try {
    const result = await splitLinesBench(file, runs)
    if (process.argv.includes('--json')) {
      console.log(JSON.stringify(result, null, 2))
      return
    }
    const fmt = (r) => `${Math.round(r.linesPerSecond).toLocaleString('en-US')} lines/s (${r.seconds.toFixed(3)} s)`
    console.log(`split lines of ${file}, ${result.split2.lines.toLocaleString('en-US')} lines, median of ${runs} runs`)
    console.log(`  split2:       ${fmt(result.split2)}`)
    console.log(`  LineSplitter: ${fmt(result.lineSplitter)}`)
    console.log(`  LineSplitter is ${(result.lineSplitter.linesPerSecond / result.split2.linesPerSecond).toFixed(2)}x split2`)
  } finally {
    if (dir) rmSync(dir, { recursive: true, force: true })
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main()
