/**
 * Writing the files of a site into its working folder (src/write/site-files.ts):
 * each as it comes, at most WRITE_CONCURRENCY at a time, then the marker;
 * only our own names (never an existing one or a link); a failure stops new
 * writes and is thrown once those under way have ended; a stop ends it.
 */

import { lstat, readdir, readFile, realpath, symlink } from 'node:fs/promises'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import type { SiteFile } from '../../../src/render/page.js'
import { StopRequest } from '../../../src/stop.js'
import { PinnedFolder } from '../../../src/write/pinned-folder.js'
import { MARKER_TEXT, SITE_MARKER, WRITE_CONCURRENCY, writeSiteFiles } from '../../../src/write/site-files.js'

/** Every file under `dir`, relative, sorted, with its text. */
const files = async (dir: string): Promise<string[]> => {
  const found: string[] = []
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const path = join(entry.parentPath, entry.name)
      found.push(`${path.slice(dir.length + 1)}: ${await readFile(path, 'utf8')}`)
    }
  }
  return found.sort()
}

const pinned = async (t: Test, tree: Parameters<Test['testdir']>[0] = {}): Promise<{ dir: string; root: PinnedFolder }> => {
  const dir = await realpath(t.testdir(tree))
  const root = await PinnedFolder.open(dir)
  t.teardown(() => root.close())
  return { dir, root }
}

/** A promise and its resolve function. */
const deferred = (): { promise: Promise<void>; resolve: () => void } => {
  let resolve = (): void => undefined
  const promise = new Promise<void>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

t.test('the files, in their folders, then the marker; modes 0644 and 0755 (less the umask)', async (t) => {
  const { dir, root } = await pinned(t)
  async function* pieces(): AsyncGenerator<string> {
    yield 'piece one, '
    yield 'piece two'
  }
  await writeSiteFiles(root, [
    { path: 'index.html', content: 'index' },
    { path: 'profiles/6b02af1b4c6f3.html', content: pieces() },
    { path: 'profiles/deeper/x.css', content: ['a', 'b'] },
  ], new StopRequest())
  t.strictSame(await files(dir), [`${SITE_MARKER}: ${MARKER_TEXT}`, 'index.html: index', 'profiles/6b02af1b4c6f3.html: piece one, piece two', 'profiles/deeper/x.css: ab'])
  const umask = process.umask()
  t.equal((await lstat(join(dir, 'index.html'))).mode & 0o777, 0o644 & ~umask)
  t.equal((await lstat(join(dir, 'profiles'))).mode & 0o777, 0o755 & ~umask)
  t.equal(MARKER_TEXT, 'This folder is written by profiler-search build --out-dir and is replaced as a whole on every run.\n')
})

t.test('only our own paths: anything else is refused before it is written', async (t) => {
  for (const path of ['../escape.html', '/etc/passwd', '.hidden', 'a//b', 'a/../b', 'profiles/', 'a b.html', '']) {
    const { dir, root } = await pinned(t)
    await t.rejects(writeSiteFiles(root, [{ path: 'ok.html', content: 'ok' }, { path, content: 'bad' }], new StopRequest()),
      { message: `unsafe site path ${JSON.stringify(path)}` })
    t.strictSame(await files(dir), ['ok.html: ok'], `${JSON.stringify(path)}: the files before it only, no marker`)
  }
})

t.test('never an existing name, nor through a link at the name', async (t) => {
  const { dir, root } = await pinned(t, { 'index.html': 'old', outside: {} })
  await t.rejects(writeSiteFiles(root, [{ path: 'index.html', content: 'new' }], new StopRequest()), { code: 'EEXIST' })
  t.equal(await readFile(join(dir, 'index.html'), 'utf8'), 'old')
  await symlink(join(dir, 'outside', 'planted.html'), join(dir, 'link.html'))
  await t.rejects(writeSiteFiles(root, [{ path: 'link.html', content: 'new' }], new StopRequest()), { code: 'EEXIST' })
  t.strictSame(await readdir(join(dir, 'outside')), [])
})

t.test('a stop: Stopped with the signal, before the next file or the next piece', async (t) => {
  const { dir, root } = await pinned(t)
  const stop = new StopRequest()
  stop.request('SIGTERM')
  await t.rejects(writeSiteFiles(root, [{ path: 'index.html', content: 'x' }], stop), { name: 'Stopped', signal: 'SIGTERM' })
  t.strictSame(await readdir(dir), [])
  const during = new StopRequest()
  async function* stoppedHalfway(): AsyncGenerator<string> {
    yield 'x'.repeat(70_000)
    during.request('SIGINT')
    yield 'y'
  }
  await t.rejects(writeSiteFiles(root, [{ path: 'big.html', content: stoppedHalfway() }], during), { name: 'Stopped', signal: 'SIGINT' })
  t.equal((await readFile(join(dir, 'big.html'), 'utf8')).length, 70_000, 'the piece before the stop, not the one after')
})

/** `n` files whose content waits for its gate; `started` tells when each began to be written. */
const gatedFiles = (n: number, events: string[]) => {
  const gates = Array.from({ length: n }, deferred)
  const started = Array.from({ length: n }, deferred)
  const fileOf = (i: number): SiteFile => ({
    path: `profiles/${i}.html`,
    content: (async function* content(): AsyncGenerator<string> {
      events.push(`start ${i}`)
      started[i]?.resolve()
      await gates[i]?.promise
      yield `page ${i}`
      events.push(`end ${i}`)
    })(),
  })
  return { gates, started, fileOf }
}

t.test(`at most WRITE_CONCURRENCY (${WRITE_CONCURRENCY}) files are written at a time; the next starts as one ends`, async (t) => {
  const { dir, root } = await pinned(t)
  const events: string[] = []
  const n = WRITE_CONCURRENCY + 4
  const { gates, started, fileOf } = gatedFiles(n, events)
  const writing = writeSiteFiles(root, Array.from({ length: n }, (_, i) => fileOf(i)), new StopRequest())
  // the first ones begin in any order: each waits for its folder and its file to be made first
  await Promise.all(started.slice(0, WRITE_CONCURRENCY).map((s) => s.promise))
  t.equal(events.length, WRITE_CONCURRENCY, 'all gated: the writer waits for one to end')
  for (let i = 0; i < n; i++) {
    gates[i]?.resolve()
    await started[Math.min(i + WRITE_CONCURRENCY, n - 1)]?.promise
  }
  await writing
  const running = events.reduce(({ now, most }, event) => {
    const next = now + (event.startsWith('start') ? 1 : -1)
    return { now: next, most: Math.max(most, next) }
  }, { now: 0, most: 0 })
  t.equal(running.most, WRITE_CONCURRENCY)
  t.equal(events.indexOf(`start ${WRITE_CONCURRENCY}`) > events.indexOf('end 0'), true, 'the 17th after the first ended')
  t.equal((await files(dir)).length, n + 1, 'every file and the marker')
})

t.test('a failed write stops new ones; it is thrown once those under way have ended, and no marker is written', async (t) => {
  const { dir, root } = await pinned(t)
  const events: string[] = []
  const n = WRITE_CONCURRENCY
  const { gates, started, fileOf } = gatedFiles(n, events)
  const broken = new Error('broken page')
  const failing = deferred()
  const sourceLeft = deferred()
  async function* source(): AsyncGenerator<SiteFile> {
    try {
      yield {
        path: 'profiles/broken.html',
        content: (async function* content(): AsyncGenerator<string> {
          await failing.promise
          if (broken instanceof Error) throw broken
          yield 'never'
        })(),
      }
      for (let i = 0; i < n; i++) yield fileOf(i)
    } finally {
      sourceLeft.resolve()
    }
  }
  const writing = writeSiteFiles(root, source(), new StopRequest())
  const outcome = writing.then(() => 'written', (e: unknown) => e)
  await Promise.all(started.slice(0, n - 1).map((s) => s.promise))
  failing.resolve()
  await sourceLeft.promise
  t.strictSame(events.sort(), Array.from({ length: n - 1 }, (_, i) => `start ${i}`).sort(), 'nothing new started after the failure')
  for (const gate of gates) gate.resolve()
  t.equal(await outcome, broken)
  t.strictSame(events.filter((event) => event.startsWith('end')).length, n - 1, 'those under way ended before it was thrown')
  t.strictSame((await files(dir)).filter((file) => !file.startsWith('profiles/broken.html')), Array.from({ length: n - 1 }, (_, i) => `profiles/${i}.html: page ${i}`).sort())
})
