/**
 * No run may survive SIGTERM for more than a second, also while it matches
 * log lines against a config file's segment types. A pattern such as
 * `(a+)+$` took a backtracking engine longer than a lifetime on a segment of
 * forty a's and a b, in one synchronous call: the signal handler never got
 * its turn. In RE2 the lines are matched at once and the run, waiting for
 * more of stdin, ends by the signal.
 */

import { readdirSync, readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import t from 'tap'
import { tableRows } from '../helpers/page.js'
import { startCli } from '../helpers/run-cli.js'

const OLD_PAGE = '<!DOCTYPE html><p>previous page</p>\n'
const CONFIG = { shapes: { patterns: ['/p/{evil}', '/q/{worse}'], segmentTypes: { evil: '(a+)+$', worse: '(x+x+)+y' } } }
const line = (target: string): string => `192.0.2.1 - - [22/Nov/2026:12:00:01 +0000] "GET ${target} HTTP/1.1" 200 5 "-" "-"\n`
/** Lines that make a backtracking engine try about 2^40 ways each. */
const EVIL_LINES = line(`/p/${'a'.repeat(40)}b`) + line(`/q/${'x'.repeat(40)}`)

const waitFor = async (check: () => boolean, what: string, ms = 10_000): Promise<void> => {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(20)) if (check()) return
  throw new Error(`timed out waiting for ${what}`)
}

t.test('SIGTERM ends a build within a second while it reads lines a backtracking segment type chokes on', async (t) => {
  const dir = t.testdir({ 'index.html': OLD_PAGE, 'config.json': JSON.stringify(CONFIG) })
  // A run that does not end is killed after 10 s, and fails.
  // --log-format combined: `auto` would hold the lines back until it has seen enough of them to choose.
  const { child, result } = startCli(['build', '--config', `${dir}/config.json`, '--log-format', 'combined', '-', '-o', `${dir}/index.html`],
    { timeoutMs: 10_000 })
  await waitFor(() => readdirSync(dir).some((name) => name.endsWith('.tmp')), 'the temporary file (the stop handler is in place)')
  child.stdin.write(line('/p/aaa') + EVIL_LINES)
  await sleep(200)
  t.ok(child.kill('SIGTERM'))
  const signalled = Date.now()
  const r = await result
  const ms = Date.now() - signalled
  t.ok(ms < 1000, `gone ${ms} ms after the signal`)
  t.equal(r.timedOut, false)
  t.equal(r.signal, 'SIGTERM', 'ended by the signal')
  t.equal(r.stderr, '')
  t.strictSame(readdirSync(dir).sort(), ['config.json', 'index.html'], 'the temporary file is gone')
  t.equal(readFileSync(`${dir}/index.html`, 'utf8'), OLD_PAGE, 'the previous page stays')
})

t.test('the same lines to the end of the input: the page lists the ones that match, at once', async (t) => {
  const dir = t.testdir({ 'config.json': JSON.stringify(CONFIG) })
  const { child, result } = startCli(['build', '--config', `${dir}/config.json`, '--tz', 'UTC', '-'], { timeoutMs: 10_000 })
  child.stdin.end(line('/p/aaa') + EVIL_LINES + line('/q/xxy'))
  const r = await result
  t.equal(r.timedOut, false)
  t.equal(r.code, 0, r.stderr)
  t.strictSame(tableRows(r.stdout).map((cells) => cells[3]), ['/q/xxy', '/p/aaa'])
})
