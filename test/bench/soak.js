// The soak of `profiler-search watch` (issue 16): a log appended to at 5,000 lines/s
// (about 30% of them listed storefront requests, the rest filler, as generate-log.js
// writes them) through one O_APPEND file as a server writes it, renamed away and
// replaced every ROTATE seconds as logrotate does; `watch` runs with its defaults
// (--interval 1) and publishes the page. Measured:
// - update latency: for each listed line, from the write that appended it to the
//   first page published that accounts for it (its newest row is that line or a
//   later one); median and p99, from a 1 ms histogram;
// - CPU: the child's utime + stime from /proc/PID/stat, as a share of one core;
// - RSS: VmRSS from /proc/PID/status every second; the median of the first and of
//   the last window (a minute; 10 s with --quick), and their difference.
// Targets: p99 under 1.5 s, RSS flat within 10%. The watch's node runs with
// RECOMMENDED_NODE_FLAGS, as the README's systemd unit and cron recipe run it: under
// node's defaults V8 doubles its young generation now and then under a steady load,
// a step of RSS each time up to its ceiling (about +20% in 10 minutes, level near
// 91 MB after 15), though the live heap stays flat. --node-flags '' measures that.
//
//   node test/bench/soak.js [--quick] [--seconds N] [--rate N] [--node-flags FLAGS]
import { spawn } from 'node:child_process'
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'

const BIN = fileURLToPath(new URL('../../bin/profiler-search.js', import.meta.url))
const CLOCK_TICKS = 100
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const pad = (n) => String(n).padStart(2, '0')
const clf = (ms) => {
  const d = new Date(ms)
  return `${pad(d.getUTCDate())}/${MONTHS[d.getUTCMonth()]}/${d.getUTCFullYear()}:${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} +0000`
}

/** Line `i`: every third one (about 30%) listed, its URL naming its number; the others filler the page never lists. */
const lineOf = (i, listedSeq, now) => {
  const ip = `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`
  const ua = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36'
  const url = listedSeq === null ? `/media/image/${i.toString(16)}/product.jpg` : `/moebel/${listedSeq}/sofa-bergen`
  return `${ip} - - [${clf(now)}] "GET ${url} HTTP/1.1" 200 ${i % 50000} "https://shop.example/" "${ua}"\n`
}

/** Latencies in 1 ms buckets (up to a minute). */
const histogram = () => {
  const buckets = new Uint32Array(60_000)
  let count = 0
  let max = 0
  return {
    add: (ms, n = 1) => {
      const at = Math.min(buckets.length - 1, Math.max(0, Math.round(ms)))
      buckets[at] += n
      count += n
      max = Math.max(max, ms)
    },
    quantile: (q) => {
      const want = Math.ceil(q * count)
      let seen = 0
      for (let i = 0; i < buckets.length; i++) {
        seen += buckets[i]
        if (seen >= want) return i
      }
      return buckets.length - 1
    },
    get count() {
      return count
    },
    get max() {
      return max
    },
  }
}

const cpuSeconds = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS
}
const rssMb = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024
const openFds = (pid) => readdirSync(`/proc/${pid}/fd`).length
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN
}

/** Runs the soak; prints its figures and returns them. */
/** What the README's recipes give watch's node: a young generation of 1 MB semi-spaces, so RSS stays flat. */
export const RECOMMENDED_NODE_FLAGS = '--max-semi-space-size=1'

export const runSoak = async ({ quick = false, seconds = quick ? 30 : 600, rate = 5000, nodeFlags = [] } = {}) => {
  const window = quick ? 10 : 60
  const rotateEvery = quick ? 10 : 120
  const dir = mkdtempSync(join(tmpdir(), 'profiler-search-soak-'))
  const log = join(dir, 'access.log')
  const page = join(dir, 'index.html')
  console.log(`soak: watch for ${seconds} s at ${rate.toLocaleString('en-US')} lines/s (about 30% listed), renamed away every ${rotateEvery} s; --interval 1 (default)${nodeFlags.length ? `; node ${nodeFlags.join(' ')}` : ''}`)

  let fd = openSync(log, 'a')
  // what the watch reads first: a log of some size, so the page starts full
  let written = 0
  let listed = 0
  const writeLines = (count) => {
    const now = Date.now()
    let text = ''
    for (let k = 0; k < count; k++, written++) text += lineOf(written, written % 3 === 0 ? ++listed : null, now)
    writeSync(fd, text)
  }
  writeLines(50_000)

  const child = spawn(process.execPath, [...nodeFlags, BIN, 'watch', log, '-o', page], { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (b) => (stderr += b))
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })))
  while (!(() => { try { return statSync(page).size > 0 } catch { return false } })()) await sleep(20)

  const latency = histogram()
  /** Listed lines written but not yet on a page: [first seq, last seq, time written], in order. */
  const pending = []
  let pageIno = statSync(page).ino
  const cpuStart = cpuSeconds(child.pid)
  const rss = []
  const fds = []
  let publishes = 0
  let rotations = 0

  const t0 = Date.now()
  let nextRotation = t0 + rotateEvery * 1000
  let nextSample = t0
  let due = 0
  while (Date.now() - t0 < seconds * 1000) {
    const now = Date.now()
    // append what is due by now
    const target = Math.floor(((now - t0) / 1000) * rate)
    if (target > due) {
      const before = listed
      writeLines(target - due)
      due = target
      if (listed > before) pending.push([before + 1, listed, Date.now()])
    }
    if (now >= nextRotation) {
      closeSync(fd)
      renameSync(log, `${log}.1`)
      fd = openSync(log, 'a')
      rotations++
      nextRotation += rotateEvery * 1000
    }
    // a new page: its newest row names the newest listed line it accounts for
    const ino = (() => { try { return statSync(page).ino } catch { return pageIno } })()
    if (ino !== pageIno) {
      pageIno = ino
      const seen = Date.now()
      // the first listed URL is the top row's: the newest line (between equal times the later one)
      const top = Number(/\/moebel\/(\d+)\/sofa-bergen/.exec(readFileSync(page, 'utf8'))?.[1] ?? 0)
      publishes++
      while (pending.length && pending[0][0] <= top) {
        const [first, last, at] = pending[0]
        const upTo = Math.min(last, top)
        latency.add(seen - at, upTo - first + 1)
        if (upTo === last) pending.shift()
        else pending[0][0] = upTo + 1
      }
    }
    if (now >= nextSample) {
      rss.push([(now - t0) / 1000, rssMb(child.pid)])
      fds.push(openFds(child.pid))
      nextSample += 1000
    }
    await sleep(5)
  }
  const elapsed = (Date.now() - t0) / 1000
  const cpu = cpuSeconds(child.pid) - cpuStart
  child.kill('SIGTERM')
  const end = await exited
  closeSync(fd)
  rmSync(dir, { recursive: true, force: true })

  const first = median(rss.filter(([at]) => at < window).map(([, mb]) => mb))
  const last = median(rss.filter(([at]) => at >= elapsed - window).map(([, mb]) => mb))
  const figures = {
    seconds: Math.round(elapsed),
    nodeFlags,
    rate,
    linesWritten: written,
    listedLines: listed,
    publishes,
    rotations,
    latencyMs: { median: latency.quantile(0.5), p99: latency.quantile(0.99), max: Math.round(latency.max), lines: latency.count },
    cpuPercentOfOneCore: (cpu / elapsed) * 100,
    rssMb: { firstWindow: first, lastWindow: last, change: (last - first) / first, peak: Math.max(...rss.map(([, mb]) => mb)), window },
    openFiles: { first: fds[0], last: fds[fds.length - 1], max: Math.max(...fds) },
    /** The median RSS of each window, in order. */
    rssOverTime: Array.from({ length: Math.ceil(elapsed / window) }, (_, k) =>
      median(rss.filter(([at]) => at >= k * window && at < (k + 1) * window).map(([, mb]) => mb))).filter(Number.isFinite),
    exit: end,
    stderr,
  }
  const pct = (x) => `${(x * 100).toFixed(1)}%`
  console.log(`  ${figures.linesWritten.toLocaleString('en-US')} lines written (${figures.listedLines.toLocaleString('en-US')} listed), ${publishes} pages published, ${rotations} rotations, exit ${end.code ?? end.signal}${stderr ? `, stderr: ${stderr.trim()}` : ''}`)
  console.log(`  update latency: median ${figures.latencyMs.median} ms, p99 ${figures.latencyMs.p99} ms, max ${figures.latencyMs.max} ms (${latency.count.toLocaleString('en-US')} listed lines)`)
  console.log(`  CPU: ${figures.cpuPercentOfOneCore.toFixed(1)}% of one core; open files ${figures.openFiles.first} at the start, ${figures.openFiles.last} at the end, at most ${figures.openFiles.max}`)
  console.log(`  RSS: ${first.toFixed(1)} MB in the first ${window} s, ${last.toFixed(1)} MB in the last ${window} s (${pct(figures.rssMb.change)}), peak ${figures.rssMb.peak.toFixed(1)} MB`)
  console.log(`  RSS over time, the median of each ${window} s: ${figures.rssOverTime.map((mb) => mb.toFixed(1)).join(', ')} MB`)
  figures.targets = [
    { what: 'soak: update latency p99 under 1.5 s', value: `${figures.latencyMs.p99} ms`, pass: figures.latencyMs.p99 < 1500 },
    { what: 'soak: RSS flat within 10% (last window vs first)', value: pct(figures.rssMb.change), pass: Math.abs(figures.rssMb.change) <= 0.1 },
    { what: 'soak: SIGTERM ends the watch with exit 0', value: String(end.code ?? end.signal), pass: end.code === 0 },
  ]
  return figures
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`)
    return i > 0 ? process.argv[i + 1] : fallback
  }
  const quick = process.argv.includes('--quick')
  const nodeFlags = arg('node-flags', RECOMMENDED_NODE_FLAGS).split(' ').filter(Boolean)
  const figures = await runSoak({ quick, seconds: Number(arg('seconds', quick ? 30 : 600)), rate: Number(arg('rate', 5000)), nodeFlags })
  for (const t of figures.targets) console.log(`  ${t.what}: ${t.value} ${t.pass ? '(met)' : '(NOT met)'}`)
}
