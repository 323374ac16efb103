/**
 * A stop signal while `watch` reads the logs for its first page, or `serve`
 * reads them at start: each hears it between two batches of lines, says so
 * and exits 0 at once, as it does once running. Before, a large log held the
 * watch until the stop's grace (a second, more on a loaded machine) and
 * killed serve by the signal. The log here, 2.4 million lines in gzip
 * members, takes seconds to read; the signal goes as soon as `--verbose`
 * shows its first line, which is no log line. No time is asserted: what
 * tells is that the command itself said it stopped (which it says under
 * --verbose only; the README gives the time it takes).
 */

import { existsSync, writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import t from 'tap'
import { startCli } from '../helpers/run-cli.js'

const MARKER = 'a line that is no log line, where reading has begun'
const LINE = '192.0.2.7 - - [22/Nov/2026:10:00:00 +0000] "GET /moebel/12/sofa-bergen HTTP/1.1" 200 512 "-" "curl/8.5"\n'

/** 300 gzip members of 8,000 lines each (the marker first in the first), written once: a few MB, seconds to read. */
const bigGzipLog = (path: string): void => {
  const member = gzipSync(LINE.repeat(8000))
  writeFileSync(path, Buffer.concat([gzipSync(`${MARKER}\n`), ...Array.from({ length: 300 }, () => member)]))
}

/** Runs `args`, sends SIGTERM once --verbose shows the marker, and gives what it did. */
const stoppedWhileReading = async (args: string[]) => {
  const { child, result } = startCli(args, { timeoutMs: 60_000 })
  child.stdin.end()
  let said = ''
  let sent = false
  child.stderr.on('data', (chunk: Buffer) => {
    said += chunk.toString('utf8')
    // once: a second signal ends a process at once, by the signal
    if (!sent && said.includes(MARKER)) sent = child.kill('SIGTERM')
  })
  return result
}

t.test('watch: SIGTERM while the first page is read ends it there, exit 0, nothing published', async (t) => {
  const dir = t.testdir({})
  bigGzipLog(`${dir}/access.log.2.gz`)
  const r = await stoppedWhileReading(['watch', '--log-format', 'combined', '--verbose', `${dir}/access.log.2.gz`, '-o', `${dir}/index.html`])
  t.strictSame([r.code, r.signal, r.timedOut], [0, null, false])
  t.match(r.stderr, /\nprofiler-search: stopped by SIGTERM while reading the logs for the first page; nothing published\n$/)
  t.notOk(existsSync(`${dir}/index.html`), 'no page')
})

t.test('serve: SIGTERM while the logs are read at start ends it there, exit 0', async (t) => {
  const dir = t.testdir({})
  bigGzipLog(`${dir}/access.log.2.gz`)
  const r = await stoppedWhileReading(['serve', '--log-format', 'combined', '--verbose', `${dir}/access.log.2.gz`, '--listen', '127.0.0.1:0'])
  t.strictSame([r.code, r.signal, r.timedOut], [0, null, false])
  t.match(r.stderr, /\nprofiler-search: stopped by SIGTERM while reading the logs at start\n$/)
  t.notMatch(r.stderr, 'skipped 1 of', 'it said nothing of what it read')
  t.notMatch(r.stderr, 'serving http://', 'it never listened')
})
