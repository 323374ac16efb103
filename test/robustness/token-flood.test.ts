/**
 * A second with more rows than microseconds: 1,000,001 copies of one line,
 * streamed to the bin's stdin. `--token` gives every line of the token's
 * second its page token; with more lines than microseconds in it that used
 * to search for a free one for ever. Now it ends, with the row that has the
 * token. (The tokens past the millionth, f4240 and on, and the search that
 * keeps only the records it needs: test/unit/profile/token.test.ts,
 * test/unit/select/filters/token.test.ts.)
 */

import t from 'tap'
import { detailSections, tableRows } from '../helpers/page.js'
import { startCli, type CliResult } from '../helpers/run-cli.js'

const LINES = 1_000_001
const LINE = '203.0.113.9 - - [25/Oct/2026:03:30:00 +0100] "GET /moebel/ HTTP/1.1" 200 5120 "-" "-"\n'
/** A hang is killed and fails; the runs take a few seconds on a loaded 2-core machine. */
const HANG_MS = 120_000

/** Runs the bin with the flood on stdin, written in pieces as the pipe takes them. */
const withFlood = async (args: string[]): Promise<CliResult> => {
  const { child, result } = startCli(args, { measureRss: true, timeoutMs: HANG_MS })
  const piece = LINE.repeat(10_000)
  for (let sent = 0; sent < LINES; sent += 10_000) {
    const text = sent + 10_000 <= LINES ? piece : LINE.repeat(LINES - sent)
    if (!child.stdin.write(text)) await new Promise((resolve) => child.stdin.once('drain', resolve))
  }
  child.stdin.end()
  return result
}

// fnv1a of the line (without its newline) % 1e6 = 0x018f8: the newest line's token; each older one is bumped by one.
t.test('--token among 1,000,001 lines of one second ends, with the newest line', async (t) => {
  const token = '6add69a8018f8'
  const r = await withFlood(['build', '--tz', 'UTC', '--token', token, '-'])
  t.equal(r.timedOut, false, `finished within ${HANG_MS / 1000} s`)
  t.equal(r.code, 0, r.stderr)
  t.equal(r.stderr, '')
  t.strictSame(tableRows(r.stdout), [['200', '203.0.113.9', 'GET', '/moebel/', '25.10.2026 2:30:00', token]])
  t.strictSame(detailSections(r.stdout)[0]?.log.find(([label]) => label === 'Source'), ['Source', `stdin:${LINES}`])
  t.comment(`peak RSS ${Math.round((r.maxRssKiB ?? 0) / 1024)} MB`)
})
