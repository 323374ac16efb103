/**
 * `serve` under load, as a process (test/helpers/serve-load.js drives it
 * from a process of its own and reports): 50 connections for 10 s on the
 * bench's 1M-line log without an error, a timeout or an answer other than
 * 2xx; 500 idle connections do not keep a real request from its answer; a
 * search whose client went away stops reading; SIGTERM while a search reads
 * answers it and exits 0.
 *
 * It is started when this file is imported, so its 10 s run beside the other
 * robustness tests (most of them wait on processes) instead of before them;
 * the test below waits for its report.
 */

import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import t from 'tap'
import { NODE, NODE_ARGS, ROOT } from '../helpers/run-cli.js'

interface LoadReport {
  error?: string
  load?: { requests: number; errors: number; timeouts: number; non2xx: number; statuses: Record<string, number>; latency: Record<string, number> }
  idle?: { sockets: number; status: number; rows: number }
  gone?: { ended: string; linesRead: number; lines: number }
  stop?: { status: number; complete: boolean; note: string | null; exit: { code: number | null; signal: string | null } }
}

const RUNNER = fileURLToPath(new URL('../helpers/serve-load.js', import.meta.url))

const report = new Promise<LoadReport>((resolve) => {
  const child = spawn(NODE, [...NODE_ARGS, RUNNER], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  let err = ''
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
  child.on('close', (code) => {
    try {
      resolve(JSON.parse(out) as LoadReport)
    } catch {
      resolve({ error: `the load runner ended (${code}) without its report: ${out}${err}` })
    }
  })
})

t.test('serve under load: 50 clients for 10 s, 500 idle sockets, a client gone, a stop', async (t) => {
  const r = await report
  t.equal(r.error, undefined, 'the runner ran to its end')
  t.comment(JSON.stringify(r))
  const load = r.load
  t.ok(load && load.requests > 50, `${load?.requests ?? 0} requests answered`)
  t.strictSame([load?.errors, load?.timeouts, load?.non2xx, load?.statuses], [0, 0, 0, {}], '0 errors, 0 timeouts, only 2xx')
  t.strictSame(r.idle && [r.idle.status, r.idle.rows], [200, 20], '500 idle sockets open: a real request is answered')
  t.ok(r.gone && r.gone.linesRead < r.gone.lines, `the search whose client went away stopped reading: ${r.gone?.ended ?? ''}`)
  t.match(r.gone?.ended, /; stopped: client gone$/)
  t.strictSame(r.stop && [r.stop.status, r.stop.complete, r.stop.exit], [200, true, { code: 0, signal: null }],
    'SIGTERM while a search reads: its page is sent whole, and the server exits 0')
})
