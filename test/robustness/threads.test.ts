/**
 * The built bin reading on worker threads (dist/worker.cjs): a large log
 * gives the page and stderr of the run on one thread, and SIGINT or SIGTERM
 * while the workers are up ends the process, threads and all, by the signal,
 * the temporary file removed and the previous page left.
 */

import { readdirSync, readFileSync } from 'node:fs'
import t from 'tap'
import { writeLargeLog } from '../helpers/large-log.js'
import { ownDir } from '../helpers/own-dir.js'
import { spawnCli, startCli } from '../helpers/run-cli.js'
import { waitFor } from '../helpers/wait-for.js'

/** Lines enough for over 32 MiB, the size from which an input is read on the workers. */
const LINES = 160_000
const NOTE = / read on 2 threads from line \d+ \(/

const dir = ownDir(t, 'threads')
const log = `${dir}/access.log`
writeLargeLog(log, LINES)

t.test('a large log on two threads: the page and stderr of one thread', async (t) => {
  const args = ['build', '--full-scan', '--verbose', '--limit', '50', '--ip', '10.', log]
  const one = await spawnCli([...args, '--threads', '1'])
  const two = await spawnCli([...args, '--threads', '2'])
  t.equal(one.code, 0, one.stderr)
  t.match(two.stderr, NOTE)
  t.equal(two.stdout, one.stdout)
  t.equal(two.stderr.split('\n').filter((line) => !NOTE.test(line)).join('\n'), one.stderr)
  t.ok(one.stdout.includes('<h2>50 results found</h2>'))
})

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  t.test(`${signal} while the workers read stdin ends the run by the signal, nothing left behind`, async (t) => {
    const out = t.testdir({ 'index.html': 'previous page\n' })
    const { child, result } = startCli(['build', '--verbose', '--threads', '2', '-', '-o', `${out}/index.html`], { timeoutMs: 30_000 })
    let stderr = ''
    child.stderr.on('data', (b: Buffer) => {
      stderr += b.toString('utf8')
    })
    // the log, then nothing: the run waits for more with its workers up
    child.stdin.write(readFileSync(log))
    await waitFor('the workers to take over', () => NOTE.test(stderr))
    t.ok(child.kill(signal))
    const r = await result
    t.equal(r.signal, signal)
    t.strictSame(readdirSync(out), ['index.html'], 'the temporary file is gone')
    t.equal(readFileSync(`${out}/index.html`, 'utf8'), 'previous page\n')
  })
}
