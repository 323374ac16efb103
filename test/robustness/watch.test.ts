/**
 * `watch` as a process, with the log written by the test: a stop signal at
 * any moment is exit 0 with no temporary file or folder left; a failed write
 * is one line and is tried again at the next change; the notices and stdin
 * are followed too; the page of an --out-dir site follows a rotation; and
 * the process holds no more files after many rotations than before them.
 */

import { spawnSync } from 'node:child_process'
import { appendFileSync, chmodSync, chownSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs'
import { setTimeout as sleep } from 'node:timers/promises'
import t from 'tap'
import { asOtherUser, needsRoot, OTHER_USER } from '../helpers/other-user.js'
import { tableRows } from '../helpers/page.js'
import { startCli } from '../helpers/run-cli.js'
import { between, seeded } from '../helpers/seeded.js'

/** The URL of request n: an article page (its id 100 + n). */
const url = (n: number): string => `/moebel/${100 + n}/sofa`

/** A listed nginx line for request n, at 10:00:00 UTC plus n seconds. */
const line = (n: number): string => {
  const s = String(n % 60).padStart(2, '0')
  const m = String(Math.floor(n / 60) % 60).padStart(2, '0')
  return `192.0.2.${(n % 250) + 1} - - [22/Nov/2026:10:${m}:${s} +0000] "GET ${url(n)} HTTP/1.1" 200 ${n} "-" "curl/8.5"\n`
}

const urlsOn = (page: string): string[] => {
  try {
    return tableRows(readFileSync(page, 'utf8')).map((cells) => cells[3] as string)
  } catch {
    return []
  }
}

const waitFor = async (check: () => boolean, what: string, ms = 5000): Promise<void> => {
  for (const end = Date.now() + ms; !check(); await sleep(20)) if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
}

/** Waits until the page lists request n. */
const listed = (page: string, n: number): Promise<void> => waitFor(() => urlsOn(page).includes(url(n)), url(n))

const leftovers = (dir: string): string[] => readdirSync(dir).filter((name) => name.startsWith('.'))

t.test('a stop signal at any moment of following: exit 0, nothing said, no temporary file or folder', async (t) => {
  const random = seeded(16)
  for (let run = 0; run < 6; run++) {
    const signal = (['SIGTERM', 'SIGINT', 'SIGHUP'] as const)[run % 3] as NodeJS.Signals
    const dir = t.testdir({ 'access.log': Array.from({ length: 2000 }, (_, i) => line(i)).join('') })
    const site = run % 2 === 1
    const page = site ? `${dir}/site/index.html` : `${dir}/page.html`
    const watching = startCli(['watch', `${dir}/access.log`, ...(site ? ['--out-dir', `${dir}/site`] : ['-o', page]), '--interval', '0.05'])
    await listed(page, 1999)
    const stopAt = Date.now() + between(random, 0, 500)
    for (let n = 2000; Date.now() < stopAt; n++) {
      appendFileSync(`${dir}/access.log`, line(n))
      await sleep(2)
    }
    watching.child.kill(signal)
    const r = await watching.result
    t.strictSame([r.code, r.signal, r.stderr], [0, null, ''], `${signal} ${site ? '--out-dir' : '-o'}`)
    t.strictSame(leftovers(dir), [], 'no temporary file or folder')
  }
})

t.test('a stop signal while the first page is built: exit 0, no temporary file', async (t) => {
  const dir = t.testdir({ 'access.log': Array.from({ length: 100_000 }, (_, i) => line(i)).join('') })
  const watching = startCli(['watch', `${dir}/access.log`, '-o', `${dir}/page.html`, '--full-scan'])
  await waitFor(() => leftovers(dir).some((name) => name.endsWith('.tmp')), 'the reserved temporary file')
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
  const page = `${dir}/page.html`
  const watching = startCli(['watch', `${dir}/access.log`, '-o', page, '--interval', '0.05'])
  t.teardown(() => void watching.child.kill('SIGKILL'))
  await listed(page, 0)
  rmSync(page)
  mkdirSync(page)
  for (let n = 1; n <= 3; n++) {
    appendFileSync(`${dir}/access.log`, line(n))
    await sleep(300)
  }
  t.strictSame(leftovers(dir), [], 'the failed writes left nothing')
  rmSync(page, { recursive: true })
  await sleep(300)
  t.throws(() => statSync(page), 'no change, no new try')
  appendFileSync(`${dir}/access.log`, line(4))
  await listed(page, 4)
  t.strictSame(urlsOn(page), [4, 3, 2, 1, 0].map(url))
  watching.child.kill('SIGTERM')
  const r = await watching.result
  t.equal(r.code, 0)
  t.equal(r.stderr, `profiler-search: cannot write ${page}: it is a folder (tried again at the next change)\nprofiler-search: ${page}: written again\n`)
})

t.test('the notices and stdin are followed too', async (t) => {
  const dir = t.testdir({ 'error.log': '' })
  const page = `${dir}/page.html`
  const watching = startCli(['watch', '-', '--notices', `${dir}/error.log`, '-o', page, '--interval', '0.05'])
  watching.child.stdin.write(line(1))
  await listed(page, 1)
  t.notMatch(readFileSync(page, 'utf8'), 'Old thing', 'no notices yet')
  appendFileSync(`${dir}/error.log`, '[22-Nov-2026 10:00:00 UTC] PHP Deprecated:  Old thing in /var/www/a.php on line 3\n')
  await waitFor(() => readFileSync(page, 'utf8').includes('Old thing'), 'the notice')
  watching.child.stdin.write(line(2).slice(0, 20))
  await sleep(300)
  t.strictSame(urlsOn(page), [url(1)], 'half a line is not read yet')
  watching.child.stdin.write(line(2).slice(20))
  await listed(page, 2)
  watching.child.stdin.end()
  await sleep(300)
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
    await waitFor(() => existsSync(page), 'the first page', 10_000)
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
  await waitFor(() => stderr === waiting, 'the FIFO to be seen')
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

const openFiles = (pid: number): number => readdirSync(`/proc/${pid}/fd`).length

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
  // a file renamed away is read until it stays quiet for 5 s, then closed
  await sleep(5600)
  t.equal(openFiles(pid), before, `${before} open before the rotations, as many after`)
  watching.child.kill('SIGTERM')
  t.equal((await watching.result).code, 0)
})
