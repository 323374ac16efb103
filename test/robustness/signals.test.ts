/**
 * SIGINT, SIGTERM and SIGHUP mid-run (the build waits on a slow stdin): the
 * temporary file, reserved when the run started, is removed, the previous page
 * stays, and the process ends killed by that signal, as the sender expects.
 */

import { readdirSync, readFileSync } from 'node:fs'
import t from 'tap'
import { fixture, startCli } from '../helpers/run-cli.js'
import { waitFor } from '../helpers/wait-for.js'

const OLD_PAGE = '<!DOCTYPE html><p>previous page</p>\n'
const LINES = readFileSync(fixture('nginx/access.log'), 'utf8').split('\n')

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  t.test(`${signal} while reading a slow stdin removes the temporary file`, async (t) => {
    const dir = t.testdir({ 'index.html': OLD_PAGE })
    // each batch of lines ends with one that is no log line, which --verbose shows once it is read
    // (--log-format combined: `auto` would hold the lines back until it has seen enough of them to choose)
    const { child, result } = startCli(['build', '--log-format', 'combined', '--verbose', '-', '-o', `${dir}/index.html`], { timeoutMs: 20_000 })
    let stderr = ''
    child.stderr.on('data', (b: Buffer) => {
      stderr += b.toString('utf8')
    })
    const batch = async (lines: string[], last: string): Promise<void> => {
      child.stdin.write(`${lines.join('\n')}\n${last}\n`)
      await waitFor(`"${last}" to be read`, () => stderr.includes(last))
    }
    await batch(LINES.slice(0, 10), 'first batch')
    t.strictSame(readdirSync(dir).filter((name) => name !== 'index.html').map((name) => name.endsWith('.tmp')), [true], 'the reserved temporary file')
    await batch(LINES.slice(10, 20), 'second batch')
    t.ok(child.kill(signal))
    const r = await result
    t.equal(r.signal, signal, `ended by ${signal}`)
    t.equal(r.stdout, '')
    t.equal(r.stderr, 'profiler-search: stdin:11: not a log line: first batch\nprofiler-search: stdin:22: not a log line: second batch\n')
    t.strictSame(readdirSync(dir), ['index.html'], 'the temporary file is gone')
    t.equal(readFileSync(`${dir}/index.html`, 'utf8'), OLD_PAGE, 'the previous page stays')
  })
}
