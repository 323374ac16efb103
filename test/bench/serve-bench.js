// The bench of `profiler-search serve` (issue 21), on the 5M-line log (generate-log.js, seed 42):
// - the default page (from memory) and a filtered search that reads from the end with the early stop,
//   each under 50 concurrent clients for 10 s: p50/p99 latency, errors, answers other than 2xx;
// - a search that must scan the whole log, alone and under the default page's load: its time against
//   its deadline (--search-timeout, 10 s);
// - a scanning search whose client goes away: the server's CPU while it scans and after;
// - the soak: 5 minutes (30 s with --quick) of 10 clients on the default pages with a filtered search
//   among them, RSS sampled every second; the median of the first and of the last window (a minute;
//   10 s with --quick), as watch's soak measures it;
// - a password flood (serve-flood.js): a valid user's default page while 64 clients send wrong passwords
//   (--htpasswd), from one address and from 64, and as unknown users.
// The server's node runs with the README's flags (--max-semi-space-size=1).
//
//   node test/bench/serve-bench.js [--quick] [--lines N]   (npm run bench runs it last; --serve alone)
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { generateLog } from './generate-log.js'
import { cpuSeconds, fetchPage, load, rawRequest, rssMb, startServe } from './serve-driver.js'
import { runFlood } from './serve-flood.js'

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN
}

/** Runs the bench; prints its figures and returns them with the targets. */
export const runServeBench = async ({ quick = false, lines = 5_000_000, nodeFlags = [] } = {}) => {
  const soakSeconds = quick ? 30 : 300
  const window = quick ? 10 : 60
  const dir = mkdtempSync(join(tmpdir(), 'profiler-search-serve-bench-'))
  const figures = {}
  let server = null
  try {
    const log = join(dir, 'access.log')
    console.log(`serve: generating ${lines.toLocaleString('en-US')} lines`)
    await generateLog(log, lines, { seed: 42 })
    server = await startServe([log, '--verbose'], { nodeFlags })
    const { base, child, waitFor, lines: said } = server

    console.log('serve: the default page, 50 clients, 10 s')
    figures.defaultPage = await load(base, { connections: 50, seconds: 10, paths: ['/'] })
    console.log(`  ${JSON.stringify(figures.defaultPage)}`)
    console.log('serve: a filtered search read from the end (url=/moebel/, 10 rows), 50 clients, 10 s, --max-searches 2')
    figures.filtered = await load(base, { connections: 50, seconds: 10, paths: ['/?url=%2Fmoebel%2F&limit=10'] })
    console.log(`  ${JSON.stringify(figures.filtered)}`)

    const scan = async () => {
      const from = said.length
      const started = Date.now()
      const page = await fetchPage(base, '/?url=/nowhere')
      const seconds = (Date.now() - started) / 1000
      const ended = await waitFor(/: search \/\?url=%2Fnowhere: /, from).then(() => waitFor(/: search \/\?url=%2Fnowhere: \d+ rows/, from))
      return { status: page.status, seconds, cut: /stopped: (.*)$/.exec(ended)?.[1] ?? null, linesRead: Number(/from (\d+) lines/.exec(ended)?.[1]) }
    }
    console.log('serve: a search that scans the whole log, alone')
    figures.scanAlone = await scan()
    console.log(`  ${JSON.stringify(figures.scanAlone)}`)
    console.log('serve: the same under 50 clients on the default page')
    const busy = load(base, { connections: 50, seconds: 15, paths: ['/'] })
    await sleep(2000)
    figures.scanUnderLoad = await scan()
    figures.scanUnderLoad.defaultPage = await busy
    console.log(`  ${JSON.stringify(figures.scanUnderLoad)}`)

    console.log('serve: a scanning search whose client goes away')
    const from = said.length
    const socket = rawRequest(base, '/?url=/gone')
    await waitFor(/: search \/\?url=%2Fgone: reading the logs$/, from)
    await sleep(500)
    const cpu0 = cpuSeconds(child.pid)
    await sleep(1000)
    const scanning = cpuSeconds(child.pid) - cpu0
    socket.destroy()
    const ended = await waitFor(/: search \/\?url=%2Fgone: \d+ rows/, from)
    const cpu1 = cpuSeconds(child.pid)
    await sleep(1000)
    const after = cpuSeconds(child.pid) - cpu1
    figures.gone = { cpuWhileScanning: scanning, cpuAfter: after, ended: ended.replace(/^profiler-search: /, '') }
    console.log(`  ${JSON.stringify(figures.gone)}`)

    console.log(`serve: soak, ${soakSeconds} s of 10 clients (default pages, a filtered search among them), RSS every second`)
    const rss = []
    const soak = load(base, { connections: 10, seconds: soakSeconds, paths: ['/', '/?limit=50', '/profile-search.css', '/?limit=100', '/', '/?url=%2Fmoebel%2F&limit=10'] })
    const t0 = Date.now()
    while (Date.now() - t0 < soakSeconds * 1000) {
      rss.push([(Date.now() - t0) / 1000, rssMb(child.pid)])
      await sleep(1000)
    }
    figures.soak = await soak
    const first = median(rss.filter(([at]) => at < window).map(([, mb]) => mb))
    const last = median(rss.filter(([at]) => at >= soakSeconds - window).map(([, mb]) => mb))
    figures.rss = { firstMb: first, lastMb: last, growth: last / first - 1, peakMb: Math.max(...rss.map(([, mb]) => mb)) }
    console.log(`  ${JSON.stringify(figures.soak)}; RSS ${first.toFixed(1)} → ${last.toFixed(1)} MB`)
    child.kill('SIGTERM')
    figures.exit = await server.exited

    console.log('serve --htpasswd: a valid user\'s page during password floods of 64 clients, 10 s each')
    figures.flood = await runFlood(log, { seconds: 10, nodeFlags })
  } finally {
    server?.child.kill('SIGKILL')
    rmSync(dir, { recursive: true, force: true })
  }
  const size = lines >= 1e6 ? `${lines / 1e6}M` : `${lines / 1e3}k`
  // a 503 (a search waiting too long for a slot) or any other answer than 2xx counts as an error too
  const failed = (f) => f.errors + f.timeouts + f.non2xx
  const errors = ['defaultPage', 'filtered', 'soak'].reduce((sum, key) => sum + failed(figures[key]), 0) + failed(figures.scanUnderLoad.defaultPage)
  const targets = [
    { what: `serve: default page p99 under 50 ms at 50 clients (${size} log)`, value: `${figures.defaultPage.latency.p99} ms (p50 ${figures.defaultPage.latency.p50} ms)`, pass: figures.defaultPage.latency.p99 < 50 },
    { what: `serve: a search that scans the ${size} log answers within its deadline (10 s)`, value: `${figures.scanAlone.seconds.toFixed(2)} s alone, ${figures.scanUnderLoad.seconds.toFixed(2)} s under load${figures.scanUnderLoad.cut ? ` (${figures.scanUnderLoad.cut})` : ''}`, pass: figures.scanAlone.seconds < 10 && figures.scanUnderLoad.seconds < 10.5 },
    { what: 'serve: 0 errors under load (connection errors, timeouts, answers other than 2xx)', value: String(errors), pass: errors === 0 },
    ...['oneAttacker', 'manyAttackers', 'unknownUsers'].map((key) => ({
      what: `serve: a valid user's page p99 under 100 ms during a flood of 64 clients (${{ oneAttacker: 'one address, wrong passwords', manyAttackers: '64 addresses', unknownUsers: 'one address, unknown users' }[key]}), all 200`,
      value: `${figures.flood[key].p99} ms (p50 ${figures.flood[key].p50} ms; alone ${figures.flood.alone.p99} ms)${figures.flood[key].notOk ? `, ${figures.flood[key].notOk} not 200` : ''}`,
      pass: figures.flood[key].p99 < 100 && figures.flood[key].notOk === 0,
    })),
    { what: 'serve: RSS flat within 10% over the soak', value: `${figures.rss.firstMb.toFixed(1)} → ${figures.rss.lastMb.toFixed(1)} MB (${(figures.rss.growth * 100).toFixed(1)}%)`, pass: Math.abs(figures.rss.growth) <= 0.1 },
  ]
  return { figures, targets }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name, fallback) => {
    const i = process.argv.indexOf(`--${name}`)
    return i > 0 ? process.argv[i + 1] : fallback
  }
  const { RECOMMENDED_NODE_FLAGS } = await import('./soak.js')
  const result = await runServeBench({ quick: process.argv.includes('--quick'), lines: Number(arg('lines', '5000000')), nodeFlags: RECOMMENDED_NODE_FLAGS.split(' ') })
  console.log('\n| target | this run | met |\n|---|---:|:---:|')
  for (const t of result.targets) console.log(`| ${t.what} | ${t.value} | ${t.pass ? 'yes' : 'NO'} |`)
  console.log(JSON.stringify(result.figures))
}
