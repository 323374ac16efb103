/**
 * `watch` as a process, with the log written by the test: a stop signal at
 * any moment is exit 0 with no temporary file or folder left; a failed write
 * is one line and is tried again at the next change; the notices and stdin
 * are followed too; the page of an --out-dir site follows a rotation; and
 * the process holds no more files after many rotations than before them.
 */

import { spawnSync } from 'node:child_process'
import {
  appendFileSync, chmodSync, chownSync, existsSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, statSync, truncateSync, watch, writeFileSync,
} from 'node:fs'
import type { Writable } from 'node:stream'
import t, { type Test } from 'tap'
import { asOtherUser, needsRoot, OTHER_USER } from '../helpers/other-user.js'
import { tableRows } from '../helpers/page.js'
import { startCli } from '../helpers/run-cli.js'
import { between, seeded } from '../helpers/seeded.js'
import { waitFor } from '../helpers/wait-for.js'
import { clfTime, combinedLine, timeAt } from '../helpers/log-line.js'

/** The URL of request n: an article page (its id 100 + n). */
const url = (n: number): string => `/moebel/${100 + n}/sofa`

/** A listed nginx line for request n, at 10:00:00 UTC plus n seconds. */
const line = (n: number): string => `${combinedLine({ ip: `192.0.2.${(n % 250) + 1}`, time: clfTime(timeAt(n)), url: url(n), bytes: n, userAgent: 'curl/8.5' })}\n`

const urlsOn = (page: string): string[] => {
  try {
    return tableRows(readFileSync(page, 'utf8')).map((cells) => cells[3] as string)
  } catch {
    return []
  }
}

/** Waits until the page lists request n. */
const listed = (page: string, n: number): Promise<void> => waitFor(url(n), () => urlsOn(page).includes(url(n)))

const leftovers = (dir: string): string[] => readdirSync(dir).filter((name) => name.startsWith('.'))

/**
 * The temporary files and folders (`.` names) made in `dir` from now on, as
 * inotify tells them: each publish reserves one of its own, named at random,
 * so the count of names is the count of publishes begun. `onNew` hears of
 * each new one at once.
 */
const temporaryNames = (t: Test, dir: string, onNew: () => void = () => undefined): Set<string> => {
  const names = new Set<string>()
  const watcher = watch(dir, (event, name) => {
    if (event !== 'rename' || !name?.startsWith('.') || names.has(name)) return
    names.add(name)
    onNew()
  })
  t.teardown(() => watcher.close())
  return names
}

/** Writes to a stream and waits until the bytes are handed on. */
const written = (stream: Writable, text: string): Promise<void> =>
  new Promise((resolve, reject) => stream.write(text, (e) => (e ? reject(e) : resolve())))

t.test('a stop signal at any moment of following: exit 0, nothing said, no temporary file or folder', async (t) => {
  const random = seeded(16)
  // where the signal lands: right after lines were appended (read or not yet), as a publish begins, or after one ended
  const moments = ['after an append', 'as a publish begins', 'after a publish'] as const
  for (let run = 0; run < 6; run++) {
    const signal = (['SIGTERM', 'SIGINT', 'SIGHUP'] as const)[run % 3] as NodeJS.Signals
    const moment = moments[Math.floor(run / 2)] as (typeof moments)[number]
    const dir = t.testdir({ 'access.log': Array.from({ length: 2000 }, (_, i) => line(i)).join('') })
    const site = run % 2 === 1
    const page = site ? `${dir}/site/index.html` : `${dir}/page.html`
    // a signal sent as a publish begins comes while it writes: a page of 2,000 rows (a site of 100) takes long enough
    const limit = moment === 'as a publish begins' ? ['--limit', site ? '100' : '2000'] : []
    const watching = startCli(['watch', `${dir}/access.log`, ...(site ? ['--out-dir', `${dir}/site`] : ['-o', page]), '--interval', '0.05', ...limit])
    await listed(page, 1999)
    let signalNext = false
    const stop = (): void => void watching.child.kill(signal)
    temporaryNames(t, dir, () => signalNext && stop())
    // a seeded count of lines, some of them waited for until the page lists them
    const last = 2000 + between(random, 1, 30)
    for (let n = 2000; n < last; n++) {
      appendFileSync(`${dir}/access.log`, line(n))
      if (random() < 0.2) await listed(page, n)
    }
    signalNext = moment === 'as a publish begins'
    appendFileSync(`${dir}/access.log`, line(last))
    if (moment === 'after a publish') await listed(page, last)
    if (moment !== 'as a publish begins') stop()
    const r = await watching.result
    t.strictSame([r.code, r.signal, r.stderr], [0, null, ''], `${signal} ${moment}, ${site ? '--out-dir' : '-o'}`)
    t.strictSame(leftovers(dir), [], 'no temporary file or folder')
    t.match(readFileSync(page, 'utf8'), /<\/html>\n$/, 'the page a publish left is whole')
  }
})

t.test('a stop signal while the first page is built: exit 0, no temporary file', async (t) => {
  const dir = t.testdir({ 'access.log': Array.from({ length: 100_000 }, (_, i) => line(i)).join('') })
  const watching = startCli(['watch', `${dir}/access.log`, '-o', `${dir}/page.html`, '--full-scan'])
  await waitFor('the reserved temporary file', () => leftovers(dir).some((name) => name.endsWith('.tmp')))
  watching.child.kill('SIGTERM')
  const r = await watching.result
  t.strictSame([r.code, r.signal, r.stderr], [0, null, ''])
  t.strictSame(readdirSync(dir), ['access.log'], 'no page, no temporary file')
})

t.test('as root, the folder of -o swapped for another user\'s link while watching: publishes stay in the folder the watch began with', { skip: needsRoot }, async (t) => {
  const dir = t.testdir({ 'access.log': line(0), theirs: { prof: {} }, secret: {} })
  chownSync(`${dir}/theirs`, OTHER_USER.uid, OTHER_USER.gid)
  chmodSync(`${dir}/secret`, 0o700)
  const watching = startCli(['watch', `${dir}/access.log`, '-o', `${dir}/theirs/prof/index.html`, '--interval', '0.05'])
  t.teardown(() => void watching.child.kill('SIGKILL'))
  await listed(`${dir}/theirs/prof/index.html`, 0)
  t.equal(asOtherUser('mv "$1/prof" "$1/prof-old" && ln -s "$2" "$1/prof"', `${dir}/theirs`, `${dir}/secret`).status, 0, 'they swapped the folder for a link')
  appendFileSync(`${dir}/access.log`, line(1))
  await listed(`${dir}/theirs/prof-old/index.html`, 1)
  t.strictSame(readdirSync(`${dir}/secret`), [], 'nothing written through the link')
  watching.child.kill('SIGTERM')
  const r = await watching.result
  t.strictSame([r.code, r.stderr], [0, ''])
})

t.test('a write that fails is said once and tried again at the next change', async (t) => {
  const dir = t.testdir({ 'access.log': line(0) })
  const log = `${dir}/access.log`
  const page = `${dir}/page.html`
  // --verbose: a line that is no log line is said as it is read, and changes nothing on the page
  const watching = startCli(['watch', log, '-o', page, '--interval', '0.05', '--log-format', 'combined', '--verbose'])
  t.teardown(() => void watching.child.kill('SIGKILL'))
  let stderr = ''
  watching.child.stderr.on('data', (bytes: Buffer) => void (stderr += bytes.toString()))
  await listed(page, 0)
  const temporary = temporaryNames(t, dir)
  rmSync(page)
  mkdirSync(page)
  for (let n = 1; n <= 3; n++) {
    appendFileSync(log, line(n))
    await waitFor(`the write with line ${n}`, () => temporary.size >= n)
  }
  await waitFor('the last failed write to remove its temporary file', () => leftovers(dir).length === 0)
  t.strictSame(readdirSync(page), [], 'the failed writes left nothing, in the folder either')
  rmSync(page, { recursive: true })
  // two lines read one after the other: the watch went once round its loop after the first, where a try without a change would have been
  for (const marker of ['nothing to list', 'still nothing']) {
    appendFileSync(log, `${marker}\n`)
    await waitFor(`"${marker}" to be read`, () => stderr.includes(marker))
  }
  t.throws(() => statSync(page), 'no change, no new try')
  t.equal(temporary.size, 3, 'three tries, one for each change')
  appendFileSync(log, line(4))
  await listed(page, 4)
  t.strictSame(urlsOn(page), [4, 3, 2, 1, 0].map(url))
  // said once the publish is done, which may be after the page is in place: a signal before would cut it short
  await waitFor('the publish to be said', () => stderr.includes('written again'))
  watching.child.kill('SIGTERM')
  const r = await watching.result
  t.equal(r.code, 0)
  const at = line(0).length * 4
  t.equal(r.stderr, `profiler-search: cannot write ${page}: it is a folder (tried again at the next change)\n` +
    `profiler-search: ${log}@byte ${at}: not a log line: nothing to list\nprofiler-search: ${log}@byte ${at + 16}: not a log line: still nothing\n` +
    `profiler-search: ${page}: written again\nprofiler-search: while following: skipped 2 of 6 lines (2 not a log line); first at ${log}@byte ${at}\n`)
})

t.test('the notices and stdin are followed too', async (t) => {
  const dir = t.testdir({ 'error.log': '' })
  const page = `${dir}/page.html`
  const watching = startCli(['watch', '-', '--notices', `${dir}/error.log`, '-o', page, '--interval', '0.05'])
  t.teardown(() => void watching.child.kill('SIGKILL'))
  const notice = (message: string): void =>
    appendFileSync(`${dir}/error.log`, `[22-Nov-2026 10:00:00 UTC] PHP Deprecated:  ${message} in /var/www/a.php on line 3\n`)
  const shown = (message: string): Promise<void> => waitFor(message, () => readFileSync(page, 'utf8').includes(message))
  watching.child.stdin.write(line(1))
  await listed(page, 1)
  t.notMatch(readFileSync(page, 'utf8'), 'Old thing', 'no notices yet')
  // half a line into the pipe, then a notice: the page that shows the notice came after the half line
  await written(watching.child.stdin, line(2).slice(0, 20))
  notice('Old thing')
  await shown('Old thing')
  t.strictSame(urlsOn(page), [url(1)], 'half a line is not read yet')
  watching.child.stdin.write(line(2).slice(20))
  await listed(page, 2)
  await new Promise<void>((resolve) => watching.child.stdin.end(resolve))
  // two notices, each waited for: a watch that ended with stdin would publish the first at most
  notice('Newer thing')
  await shown('Newer thing')
  notice('Newest thing')
  await shown('Newest thing')
  t.equal(watching.child.exitCode, null, 'stdin ended, the notices file is still followed')
  watching.child.kill('SIGTERM')
  const r = await watching.result
  t.strictSame([r.code, r.stderr], [0, ''])
})

t.test('stdin alone: the watch ends when it does, with the last page written', async (t) => {
  const dir = t.testdir({})
  const page = `${dir}/page.html`
  const watching = startCli(['watch', '-o', page, '--interval', '0.05'])
  watching.child.stdin.write(line(1))
  await listed(page, 1)
  watching.child.stdin.end(line(2))
  const r = await watching.result
  t.strictSame([r.code, r.stderr], [0, ''])
  t.strictSame(urlsOn(page), [url(2), url(1)])
})

t.test('stdin alone, stopped by SIGTERM while it is still open: exit 0', async (t) => {
  const dir = t.testdir({})
  const page = `${dir}/page.html`
  const watching = startCli(['watch', '-o', page, '--interval', '0.05'], { timeoutMs: 20_000 })
  watching.child.stdin.write(line(1))
  await listed(page, 1)
  watching.child.kill('SIGTERM')
  const r = await watching.result
  t.strictSame([r.code, r.signal, r.stderr], [0, null, ''], 'a clean stop, not killed by the signal')
})

const mkfifo = (path: string): string => {
  if (spawnSync('mkfifo', [path]).status !== 0) throw new Error(`mkfifo ${path}`)
  return path
}

t.test('a FIFO without a writer as the log or as the notices: the page is published, SIGTERM is exit 0', async (t) => {
  for (const asNotices of [false, true]) {
    const dir = t.testdir({ 'access.log': line(1) })
    const fifo = mkfifo(`${dir}/fifo`)
    const page = `${dir}/page.html`
    const inputs = asNotices ? [`${dir}/access.log`, '--notices', fifo] : [fifo]
    // before, opening the FIFO waited in a thread for a writer: no page, and the process never ended (killed after 20 s)
    const watching = startCli(['watch', ...inputs, '-o', page, '--interval', '0.05'], { timeoutMs: 20_000 })
    await waitFor('the first page', () => existsSync(page), 10_000)
    watching.child.kill('SIGTERM')
    const r = await watching.result
    t.strictSame([r.code, r.timedOut, r.stderr], [0, false, ''], asNotices ? '--notices FIFO' : 'log FIFO')
    t.strictSame(urlsOn(page), asNotices ? [url(1)] : [])
  }
})

t.test('the log\'s name is a FIFO without a writer for a while, then a file again: its lines are published, SIGTERM is exit 0', async (t) => {
  const dir = t.testdir({ 'access.log': line(0) })
  const log = `${dir}/access.log`
  const page = `${dir}/page.html`
  const watching = startCli(['watch', log, '-o', page, '--interval', '0.05'], { timeoutMs: 30_000 })
  let stderr = ''
  watching.child.stderr.on('data', (bytes: Buffer) => void (stderr += bytes.toString()))
  await listed(page, 0)
  renameSync(mkfifo(`${dir}/fifo`), log)
  const waiting = `profiler-search: ${log}: is not a regular file now; waiting for the log to come back\n`
  await waitFor('the FIFO to be seen', () => stderr === waiting)
  writeFileSync(`${dir}/new`, line(1))
  renameSync(`${dir}/new`, log)
  await listed(page, 1)
  appendFileSync(log, line(2))
  await listed(page, 2)
  watching.child.kill('SIGTERM')
  const r = await watching.result
  t.strictSame([r.code, r.timedOut, r.stderr], [0, false, waiting])
  t.strictSame(urlsOn(page), [url(2), url(1), url(0)])
})

t.test('another user who owns the log folder puts a FIFO at the log\'s name, then a file: root\'s watch publishes its lines, SIGTERM is exit 0', { skip: needsRoot }, async (t) => {
  const dir = t.testdir({ logs: { 'access.log': line(0) } })
  const logs = `${dir}/logs`
  chownSync(logs, OTHER_USER.uid, OTHER_USER.gid)
  chownSync(`${logs}/access.log`, OTHER_USER.uid, OTHER_USER.gid)
  const log = `${logs}/access.log`
  const page = `${dir}/page.html`
  const watching = startCli(['watch', log, '-o', page, '--interval', '0.05'], { timeoutMs: 30_000 })
  let stderr = ''
  watching.child.stderr.on('data', (bytes: Buffer) => void (stderr += bytes.toString()))
  await listed(page, 0)
  t.equal(asOtherUser('mkfifo "$1.fifo" && mv "$1.fifo" "$1"', log).status, 0, 'they put a FIFO at the name')
  const waiting = `profiler-search: ${log}: is not a regular file now; waiting for the log to come back\n`
  await waitFor('the FIFO to be seen', () => stderr === waiting)
  t.equal(asOtherUser('printf %s "$2" > "$1.new" && mv "$1.new" "$1"', log, line(1)).status, 0, 'and a file again')
  await listed(page, 1)
  t.equal(asOtherUser('printf %s "$2" >> "$1"', log, line(2)).status, 0)
  await listed(page, 2)
  watching.child.kill('SIGTERM')
  const r = await watching.result
  t.strictSame([r.code, r.timedOut, r.stderr], [0, false, waiting])
  t.strictSame(urlsOn(page), [url(2), url(1), url(0)])
})

t.test('an --out-dir site follows a rotation; a line skipped while following is summed up at the end', async (t) => {
  const dir = t.testdir({ 'access.log': line(1) })
  const log = `${dir}/access.log`
  const watching = startCli(['watch', log, '--out-dir', `${dir}/site`, '--interval', '0.05', '--limit', '3'])
  await listed(`${dir}/site/index.html`, 1)
  renameSync(log, `${log}.1`)
  appendFileSync(`${log}.1`, line(2))
  writeFileSync(log, `not a log line\n${line(3)}`)
  await listed(`${dir}/site/index.html`, 3)
  t.strictSame(urlsOn(`${dir}/site/index.html`), [url(3), url(2), url(1)])
  t.equal(readdirSync(`${dir}/site/profiles`).length, 3)
  watching.child.kill('SIGTERM')
  const r = await watching.result
  t.strictSame([r.code, r.stderr], [0, `profiler-search: while following: skipped 1 of 3 lines (1 not a log line); first at ${log}@byte 0\n`])
  t.strictSame(leftovers(dir), [])
})

/** What the process holds open, sorted: a file renamed away shows as its new name, or as `(deleted)` once another took that name. */
const openFiles = (pid: number): string[] => readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
  try {
    return [readlinkSync(`/proc/${pid}/fd/${fd}`)]
  } catch {
    return [] // closed since the listing
  }
}).sort()

t.test('no file is left open across many rotations', async (t) => {
  const dir = t.testdir({ 'access.log': line(0) })
  const log = `${dir}/access.log`
  const page = `${dir}/page.html`
  const watching = startCli(['watch', log, '-o', page, '--interval', '0.05'])
  t.teardown(() => void watching.child.kill('SIGKILL'))
  const pid = watching.child.pid as number
  await listed(page, 0)
  const before = openFiles(pid)
  for (let n = 1; n <= 30; n++) {
    if (n % 2 === 0) truncateSync(log, 0)
    else {
      renameSync(log, `${log}.1`)
      writeFileSync(log, '')
    }
    appendFileSync(log, line(n))
    await listed(page, n)
  }
  // a file renamed away is read until it stays quiet for 5 s, then closed; one never closed shows below
  const same = (): boolean => JSON.stringify(openFiles(pid)) === JSON.stringify(before)
  await waitFor('the files open before the rotations, and no other', same, 20_000).catch(() => undefined)
  t.strictSame(openFiles(pid), before, 'the files open before the rotations, and no other')
  t.ok(before.includes(log), 'the log is among them')
  watching.child.kill('SIGTERM')
  t.equal((await watching.result).code, 0)
})
