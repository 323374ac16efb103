// The load test of `serve` as a process of its own (test/robustness/serve-load.test.ts starts it and
// reads its one line of JSON): its event loop drives the server alone, whatever the test runner does
// meanwhile. On the bench's 1M-line log (generate-log.js, seed 42):
// - load: 50 connections for 10 s through the pages a person opens most (the default page and its
//   limits, the stylesheet, the newest token's page), counting errors, timeouts and non-2xx;
// - idle: 500 connections that send nothing, then a real request;
// - gone: a search that must read the whole log, its client gone as it starts to read (--verbose says
//   when it reads and how it ended): how many lines it read;
// - stop: SIGTERM while a search reads: its answer, and the exit code.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generateLog } from '../bench/generate-log.js'
import { fetchPage, idleSockets, load, rawRequest, startServe, tokensOf } from '../bench/serve-driver.js'

const LINES = 1_000_000
const dir = mkdtempSync(join(tmpdir(), 'profiler-search-serve-load-'))
const report = {}
let server = null
try {
  const log = join(dir, 'access.log')
  await generateLog(log, LINES, { seed: 42 })
  server = await startServe([log, '--verbose'])
  const { base, waitFor, lines } = server
  const token = tokensOf((await fetchPage(base, '/')).body)[0]
  report.load = await load(base, {
    connections: 50,
    seconds: 10,
    paths: ['/', '/?limit=50', '/profile-search.css', '/?limit=100', `/profiles/${token}.html`, '/?method=GET&status_code=200&limit=10'],
  })

  const idle = await idleSockets(base, 500)
  const answered = await fetchPage(base, '/?limit=20')
  idle.close()
  report.idle = { sockets: 500, status: answered.status, rows: tokensOf(answered.body).length }

  const from = lines.length
  const socket = rawRequest(base, '/?url=/nowhere')
  await waitFor(/: search \/\?url=%2Fnowhere: reading the logs$/, from)
  socket.destroy()
  const ended = await waitFor(/: search \/\?url=%2Fnowhere: \d+ rows from \d+ lines read/, from)
  await waitFor(/"GET \/\?url=\/nowhere HTTP\/1\.1" 499 /, from)
  report.gone = { ended: ended.replace(/^profiler-search: /, ''), linesRead: Number(/from (\d+) lines read/.exec(ended)[1]), lines: LINES }

  const stopFrom = lines.length
  const answer = fetchPage(base, '/?url=/elsewhere')
  await waitFor(/: search \/\?url=%2Felsewhere: reading the logs$/, stopFrom)
  server.child.kill('SIGTERM')
  const page = await answer
  const exit = await server.exited
  report.stop = { status: page.status, complete: page.body.endsWith('</html>\n'), note: /<p class="search-stopped" role="status">([^<]*)<\/p>/.exec(page.body)?.[1] ?? null, exit }
} catch (e) {
  report.error = e instanceof Error ? e.stack ?? e.message : String(e)
} finally {
  server?.child.kill('SIGKILL')
  rmSync(dir, { recursive: true, force: true })
}
process.stdout.write(`${JSON.stringify(report)}\n`)
