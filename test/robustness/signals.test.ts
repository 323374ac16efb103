/**
 * SIGINT, SIGTERM and SIGHUP mid-run (the build waits on a slow stdin): the
 * temporary file, reserved when the run started, is removed, the previous page
 * stays, and the process ends killed by that signal, as the sender expects.
 */

import { readdirSync, readFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import t from 'tap'
import { fixture, startCli } from '../helpers/run-cli.js'

const OLD_PAGE = '<!DOCTYPE html><p>previous page</p>\n'
const LINES = readFileSync(fixture('nginx/access.log'), 'utf8').split('\n')

const waitFor = async (check: () => boolean, what: string, ms = 10_000): Promise<void> => {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(20)) if (check()) return
  throw new Error(`timed out waiting for ${what}`)
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  t.test(`${signal} while reading a slow stdin removes the temporary file`, async (t) => {
    const dir = t.testdir({ 'index.html': OLD_PAGE })
    const { child, result } = startCli(['build', '-', '-o', `${dir}/index.html`])
    child.stdin.write(`${LINES.slice(0, 10).join('\n')}\n`)
    await waitFor(() => readdirSync(dir).some((name) => name.endsWith('.tmp')), 'the temporary file')
    t.equal(readdirSync(dir).length, 2, 'the page and the reserved temporary file')
    await sleep(100)
    child.stdin.write(`${LINES.slice(10, 20).join('\n')}\n`)
    await sleep(100)
    t.ok(child.kill(signal))
    const r = await result
    t.equal(r.signal, signal, `ended by ${signal}`)
    t.equal(r.stdout, '')
    t.equal(r.stderr, '')
    t.strictSame(readdirSync(dir), ['index.html'], 'the temporary file is gone')
    t.equal(readFileSync(`${dir}/index.html`, 'utf8'), OLD_PAGE, 'the previous page stays')
  })
}
