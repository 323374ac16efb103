/**
 * Atomic publishing under SIGKILL: many builds of a large log, each killed at
 * a random (seeded) moment. After every kill the target is absent or the
 * complete page, byte for byte; never a part. Every other build replaces a
 * complete page already there, which then must still be there, whole, after
 * the kill: a reader sees the old page or the new one. Killed runs leave
 * temporary files behind (they cannot clean up); the next successful run
 * removes them.
 */

import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import t from 'tap'
import { runCli, spawnCli, startCli } from '../helpers/run-cli.js'
import { seeded } from '../helpers/seeded.js'
import { isCompletePage, writeLargeLog } from '../helpers/large-log.js'

const RUNS = 40

t.test(`${RUNS} builds killed with SIGKILL at random moments never leave a partial page`, async (t) => {
  const dir = t.testdir({ input: {}, www: {} })
  const log = `${dir}/input/access.log`
  writeLargeLog(log, 5_000)
  const target = `${dir}/www/index.html`
  const args = ['build', log, '--limit', '200', '--tz', 'UTC', '-o', target]

  // processes, as the killed runs are: their kill times are spread over the quickest one's
  // duration, so a slow moment of a busy machine does not let most runs finish
  const durations: number[] = []
  let reference = await spawnCli(args)
  for (let i = 0; i < 3; i++) {
    const started = Date.now()
    reference = await spawnCli(args)
    durations.push(Date.now() - started)
  }
  const duration = Math.min(...durations)
  t.equal(reference.code, 0, reference.stderr)
  const page = readFileSync(target, 'utf8')
  t.ok(isCompletePage(page), `the reference page (${Math.round(page.length / 1024)} KB, ${duration} ms)`)
  rmSync(target)

  const random = seeded(2026)
  const outcomes = { killed: 0, finished: 0, killedWithTempLeft: 0, killedWithTargetLeft: 0 }
  // A run that finishes shows the machine is quicker now than when the reference was timed:
  // later kills are spread over the quicker duration, so most runs are still killed mid-run.
  let quickest = duration
  for (let run = 0; run < RUNS; run++) {
    // odd runs replace the complete page, even runs publish where there is none
    const replacing = run % 2 === 1
    if (replacing) writeFileSync(target, page)
    else rmSync(target, { force: true })
    const before = new Set(readdirSync(`${dir}/www`))
    const started = Date.now()
    const { child, result } = startCli(args)
    child.stdin.end()
    const delay = Math.floor(random() * quickest * 1.1)
    const timer = setTimeout(() => child.kill('SIGKILL'), delay)
    const r = await result
    clearTimeout(timer)
    if (r.signal === 'SIGKILL') outcomes.killed++
    else outcomes.finished++
    if (r.signal === null && r.code === 0) quickest = Math.min(quickest, Date.now() - started)
    t.ok(r.signal === 'SIGKILL' || (r.code === 0 && r.stderr === ''), `run ${run}: killed at ${delay} ms, or finished cleanly before`)
    const left = readdirSync(`${dir}/www`).filter((name) => name.endsWith('.tmp') && !before.has(name))
    if (r.signal === 'SIGKILL' && left.length > 0) outcomes.killedWithTempLeft++
    if (existsSync(target)) {
      if (r.signal === 'SIGKILL') outcomes.killedWithTargetLeft++
      t.equal(readFileSync(target, 'utf8'), page, `run ${run} (kill at ${delay} ms${replacing ? ', replacing the page' : ''}): the target is the complete page`)
    } else {
      t.strictSame([r.signal, replacing], ['SIGKILL', false], `run ${run} (kill at ${delay} ms): no target, so it was killed before it published, and there was none before`)
    }
  }
  t.comment(`outcomes: ${JSON.stringify(outcomes)}`)
  t.ok(outcomes.killed >= RUNS / 2, 'most runs were killed mid-run')
  t.ok(outcomes.killedWithTempLeft > 0, 'some kills left a temporary file behind')

  const stale = readdirSync(`${dir}/www`).filter((name) => name.endsWith('.tmp')).length
  t.comment(`${stale} stale temporary files before the next run`)
  const next = await runCli(args)
  t.equal(next.code, 0)
  t.strictSame(readdirSync(`${dir}/www`), ['index.html'], 'the next successful run removed every stale temporary file')
  t.equal(readFileSync(target, 'utf8'), page)
})
