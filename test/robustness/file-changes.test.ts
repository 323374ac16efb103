/**
 * A log that changes while it is read: logrotate's copytruncate empties it,
 * the server appends to it, a rename moves it away. The run must never end
 * as a bug (exit 70) nor publish a page from a file cut short: a file that
 * shrank is an input error (exit 2, one line; --partial-ok keeps the lines
 * read before), one that grew or moved is read consistently.
 *
 * The change is made at an exact moment: file handle reads are watched and
 * the change happens right before a chosen read, in this process.
 */

import { appendFileSync, chownSync, existsSync, readFileSync, renameSync, truncateSync, writeFileSync } from 'node:fs'
import { open } from 'node:fs/promises'
import t from 'tap'
import { asOtherUser, needsRoot, OTHER_USER } from '../helpers/other-user.js'
import { rowSummaries } from '../helpers/page.js'
import { runCli } from '../helpers/run-cli.js'
import { clfTime, combinedLine, timeAt } from '../helpers/log-line.js'

type Read = (...args: unknown[]) => Promise<unknown>

/**
 * Runs `change` right before the `at`-th read of any file handle (1 is the
 * first), during `run`. A run reads an input's first two bytes first (is it
 * gzip?); then its chunks (forwards) or blocks (from the end) follow.
 */
const changingAt = async <T>(at: number, change: () => void, run: () => Promise<T>): Promise<T> => {
  const handle = await open(import.meta.filename ?? new URL(import.meta.url).pathname)
  const proto = Object.getPrototypeOf(handle) as { read: Read }
  await handle.close()
  const read = proto.read
  let reads = 0
  proto.read = function (this: unknown, ...args: unknown[]) {
    if (++reads === at) change()
    return read.apply(this, args)
  }
  try {
    return await run()
  } finally {
    proto.read = read
  }
}

/** `count` listed nginx lines, one per second from 10:00:00 UTC, each about `width` bytes. */
const logLines = (count: number, width = 300, from = 0): string =>
  Array.from({ length: count }, (_, i) => {
    const s = from + i
    return `${combinedLine({ ip: `192.0.2.${(s % 250) + 1}`, time: clfTime(timeAt(s)), url: '/moebel/', bytes: s, userAgent: 'x'.repeat(width) })}\n`
  }).join('')

const rowsOf = (html: string): string[] => rowSummaries(html).map((row) => row.replace(/ 22\.11\.2026 /, ' '))

t.test('reading forwards: a file emptied after its first chunk (copytruncate) is exit 2, nothing published', async (t) => {
  const dir = t.testdir({ 'access.log': logLines(2000) })
  const log = `${dir}/access.log`
  const size = readFileSync(log).length
  const r = await changingAt(3, () => truncateSync(log, 0), () => runCli(['build', log, '-o', `${dir}/out.html`]))
  t.equal(r.code, 2)
  t.equal(r.stderr, `profiler-search: cannot read ${log} to its end: it shrank from ${size} to 0 bytes while it was read (rotated with copytruncate?) (run again; --partial-ok publishes the lines read before it shrank)\n`)
  t.ok(size > 256 * 1024, 'more than one chunk')
  t.notOk(existsSync(`${dir}/out.html`), 'nothing published')
})

t.test('reading forwards (--full-scan): a file cut to a shorter, non-zero size after its first chunk is exit 2, nothing published', async (t) => {
  const dir = t.testdir({ 'access.log': logLines(2000) })
  const log = `${dir}/access.log`
  const size = readFileSync(log).length
  // past the first chunk (256 KiB read), short of the end: the reads go on to the new end, where the old code saw a whole file
  const cut = 400_000
  t.ok(size > cut, `${size} bytes`)
  const r = await changingAt(3, () => truncateSync(log, cut), () => runCli(['build', '--full-scan', log, '-o', `${dir}/out.html`]))
  t.equal(r.code, 2)
  t.equal(r.stderr, `profiler-search: cannot read ${log} to its end: it shrank from ${size} to ${cut} bytes while it was read (rotated with copytruncate?) (run again; --partial-ok publishes the lines read before it shrank)\n`)
  t.notOk(existsSync(`${dir}/out.html`), 'nothing published')
})

t.test('the log\'s owner (another user) cuts it to a shorter, non-zero size while root reads it: exit 2, nothing published', { skip: needsRoot }, async (t) => {
  const dir = t.testdir({ 'access.log': logLines(2000) })
  const log = `${dir}/access.log`
  chownSync(log, OTHER_USER.uid, OTHER_USER.gid)
  const size = readFileSync(log).length
  const cut = 400_000
  const r = await changingAt(3, () => {
    if (asOtherUser('truncate -s "$1" "$2"', String(cut), log).status !== 0) throw new Error('the other user could not cut the log')
  }, () => runCli(['build', '--full-scan', log, '-o', `${dir}/out.html`]))
  t.equal(r.code, 2)
  t.equal(r.stderr, `profiler-search: cannot read ${log} to its end: it shrank from ${size} to ${cut} bytes while it was read (rotated with copytruncate?) (run again; --partial-ok publishes the lines read before it shrank)\n`)
  t.notOk(existsSync(`${dir}/out.html`), 'nothing published')
})

t.test('reading forwards, --partial-ok: a file cut to a shorter, non-zero size keeps the lines read before, with one warning', async (t) => {
  const text = logLines(2000)
  const dir = t.testdir({ 'access.log': text })
  const log = `${dir}/access.log`
  const cut = 400_000
  const complete = text.slice(0, cut).split('\n').length - 1
  const r = await changingAt(3, () => truncateSync(log, cut), () => runCli(['build', '--full-scan', '--partial-ok', '--limit', '2', log, '-o', `${dir}/out.html`]))
  t.equal(r.code, 0, r.stderr)
  t.equal(r.stderr, `profiler-search: cannot read ${log} to its end: it shrank from ${text.length} to ${cut} bytes while it was read (rotated with copytruncate?); kept the ${complete} lines read before the error (--partial-ok)\n`)
  t.strictSame(rowsOf(readFileSync(`${dir}/out.html`, 'utf8')), rowsOf((await runCli(['build', '--limit', '2', '-'], { input: logLines(complete) })).stdout),
    'the newest complete lines before the cut')
})

t.test('reading forwards, --partial-ok: the lines of the first chunk, one warning, exit 0', async (t) => {
  const text = logLines(2000)
  const dir = t.testdir({ 'access.log': text })
  const log = `${dir}/access.log`
  // the first chunk: its complete lines (the start of one more is not a line: its end never came)
  const complete = text.slice(0, 256 * 1024).split('\n').length - 1
  const r = await changingAt(3, () => truncateSync(log, 0), () => runCli(['build', '--partial-ok', '--limit', '2', log, '-o', `${dir}/out.html`]))
  t.equal(r.code, 0, r.stderr)
  t.equal(r.stderr, `profiler-search: cannot read ${log} to its end: it shrank from ${text.length} to 0 bytes while it was read (rotated with copytruncate?); kept the ${complete} lines read before the error (--partial-ok)\n`)
  t.strictSame(rowsOf(readFileSync(`${dir}/out.html`, 'utf8')), rowsOf((await runCli(['build', '--limit', '2', '-'], { input: logLines(complete) })).stdout),
    'the newest complete lines of the first chunk')
})

t.test('reading forwards: lines appended while the file is read are read too', async (t) => {
  const dir = t.testdir({ 'access.log': logLines(2000) })
  const log = `${dir}/access.log`
  const r = await changingAt(3, () => appendFileSync(log, logLines(3, 300, 5000)), () => runCli(['build', '--limit', '2', log]))
  t.equal(r.code, 0, r.stderr)
  t.strictSame(rowsOf(r.stdout), ['200 192.0.2.3 GET /moebel/ 11:23:22', '200 192.0.2.2 GET /moebel/ 11:23:21'])
})

t.test('reading forwards: a file renamed away while it is read is read to its end', async (t) => {
  const dir = t.testdir({ 'access.log': logLines(2000) })
  const log = `${dir}/access.log`
  const r = await changingAt(3, () => {
    renameSync(log, `${log}.1`)
    writeFileSync(log, logLines(1, 300, 9000))
  }, () => runCli(['build', '--limit', '1', log]))
  t.equal(r.code, 0, r.stderr)
  t.strictSame(rowsOf(r.stdout), ['200 192.0.2.250 GET /moebel/ 10:33:19'], 'the newest line of the file that was opened')
})

t.test('reading from the end: a file emptied after its first block is exit 2, not a bug', async (t) => {
  // 4 MiB and more are read from the end, in blocks of 64 KiB first, then 1 MiB
  const dir = t.testdir({ 'access.log': logLines(15000) })
  const log = `${dir}/access.log`
  const size = readFileSync(log).length
  t.ok(size >= 4 * 1024 * 1024, `${size} bytes: read from the end`)
  const r = await changingAt(3, () => truncateSync(log, 0), () => runCli(['build', '--limit', '5000', log, '-o', `${dir}/out.html`]))
  t.equal(r.code, 2)
  t.equal(r.stderr, `profiler-search: cannot read ${log} to its end: it shrank from ${size} to 0 bytes while it was read (rotated with copytruncate?) (run again; --partial-ok publishes the lines read before it shrank)\n`)
  t.notOk(existsSync(`${dir}/out.html`), 'nothing published')
})

t.test('reading from the end, --partial-ok: the newest lines read before it shrank', async (t) => {
  const dir = t.testdir({ 'access.log': logLines(15000) })
  const log = `${dir}/access.log`
  const r = await changingAt(3, () => truncateSync(log, 1000), () => runCli(['build', '--partial-ok', '--limit', '5000', log]))
  t.equal(r.code, 0, r.stderr)
  t.match(r.stderr, /^profiler-search: cannot read .*access\.log to its end: it shrank from \d+ to 1000 bytes while it was read \(rotated with copytruncate\?\); kept the \d+ lines read before the error \(--partial-ok\)\n/)
  const rows = rowsOf(r.stdout)
  t.equal(rows[0], '200 192.0.2.250 GET /moebel/ 14:09:59', 'the newest line of the file')
  t.ok(rows.length > 100 && rows.length < 5000, `${rows.length} rows: those of the block read before`)
})

t.test('reading from the end: lines appended while it is read are after the run\'s snapshot, left for the next run', async (t) => {
  const dir = t.testdir({ 'access.log': logLines(15000) })
  const log = `${dir}/access.log`
  const r = await changingAt(3, () => appendFileSync(log, logLines(3, 300, 20000)), () => runCli(['build', '--limit', '2', log]))
  t.equal(r.code, 0, r.stderr)
  t.strictSame(rowsOf(r.stdout), ['200 192.0.2.250 GET /moebel/ 14:09:59', '200 192.0.2.249 GET /moebel/ 14:09:58'],
    'the newest lines of the file as it was when it was opened')
})

t.test('reading from the end: a file renamed away while it is read is read as it was opened', async (t) => {
  const dir = t.testdir({ 'access.log': logLines(15000) })
  const log = `${dir}/access.log`
  const r = await changingAt(3, () => {
    renameSync(log, `${log}.1`)
    writeFileSync(log, logLines(1, 300, 30000))
  }, () => runCli(['build', '--limit', '2', log]))
  t.equal(r.code, 0, r.stderr)
  t.strictSame(rowsOf(r.stdout), ['200 192.0.2.250 GET /moebel/ 14:09:59', '200 192.0.2.249 GET /moebel/ 14:09:58'], 'the newest lines of the file that was opened')
})
