/**
 * `serve` as a service manager and a terminal stop it: SIGTERM, SIGINT and
 * SIGHUP (a closed terminal; there is nothing to reopen: the log is stderr)
 * each end it with exit 0; a second signal is not needed.
 */

import t from 'tap'
import { fixture, startCli } from '../helpers/run-cli.js'

for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) {
  t.test(`${signal}: exit 0`, async (t) => {
    const { child, result } = startCli(['serve', fixture('nginx/access.log'), '--listen', '127.0.0.1:0'], { timeoutMs: 60_000 })
    child.stdin.end()
    await new Promise<void>((resolve) => {
      let said = ''
      child.stderr.on('data', (chunk: Buffer) => {
        said += chunk.toString()
        if (said.includes('serving http://')) resolve()
      })
      child.on('close', () => resolve())
    })
    child.kill(signal)
    const ended = await result
    t.strictSame([ended.code, ended.signal, ended.timedOut], [0, null, false])
    t.match(ended.stderr, /^profiler-search: serving http:\/\/127\.0\.0\.1:\d+\/ \(30 rows in memory\)\n$/)
  })
}
