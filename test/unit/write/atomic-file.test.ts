import { chmodSync, readdirSync, readFileSync, statSync, utimesSync } from 'node:fs'
import t from 'tap'
import { pinOutputFile, ReservedFile, withReservedFile, type CommitOptions, type Published } from '../../../src/write/atomic-file.js'
import { HOST_TAG } from '../../../src/write/temp-files.js'

/** Paths here are absolute: the working folder is not read. */
const HERE = process.cwd()

/** Reserve and commit in one go. */
const writeFileAtomic = (path: string, content: string, options: CommitOptions = {}): Promise<Published> =>
  withReservedFile(path, HERE, (file) => (file as ReservedFile).commit(content, options))

/** The checks of an output file, before anything is read. */
const checkWritable = async (path: string, cwd: string): Promise<void> => (await pinOutputFile(path, cwd)).folder.close()

/** A reserved file whose folder stays pinned until the test ends. */
const reserveFile = async (path: string, cwd: string): Promise<ReservedFile> => {
  const place = await pinOutputFile(path, cwd)
  t.teardown(() => place.folder.close())
  return ReservedFile.reserve(place)
}

t.test('writes a new file and leaves no temporary file', async (t) => {
  const dir = t.testdir({})
  await writeFileAtomic(`${dir}/page.html`, 'new ü')
  t.equal(readFileSync(`${dir}/page.html`, 'utf8'), 'new ü')
  t.strictSame(readdirSync(dir), ['page.html'])
  t.equal(statSync(`${dir}/page.html`).mode & 0o777, 0o644)
})

t.test('replaces an existing file and keeps its permissions', async (t) => {
  const dir = t.testdir({ 'page.html': 'old' })
  chmodSync(`${dir}/page.html`, 0o640)
  await writeFileAtomic(`${dir}/page.html`, 'new')
  t.equal(readFileSync(`${dir}/page.html`, 'utf8'), 'new')
  t.equal(statSync(`${dir}/page.html`).mode & 0o777, 0o640)
  t.strictSame(readdirSync(dir), ['page.html'])
})

t.test('a failed rename leaves the old file and no temporary file', async (t) => {
  const dir = t.testdir({ target: { inside: 'x' } })
  await t.rejects(writeFileAtomic(`${dir}/target`, 'new'), { message: /^cannot write .*target: / })
  t.strictSame(readdirSync(dir), ['target'])
  t.strictSame(readdirSync(`${dir}/target`), ['inside'])
})

t.test('checkWritable names the problem', async (t) => {
  const dir = t.testdir({ sub: {}, file: 'x' })
  await t.resolves(checkWritable(`${dir}/new.html`, HERE))
  await t.resolves(checkWritable(`${dir}/file`, HERE))
  await t.rejects(checkWritable(`${dir}/missing/new.html`, HERE), { message: `cannot write ${dir}/missing/new.html: its folder does not exist`, exitCode: 2 })
  await t.rejects(checkWritable(`${dir}/sub`, HERE), { message: `cannot write ${dir}/sub: it is a folder`, exitCode: 2 })
  await t.rejects(checkWritable(`${dir}/file/x.html`, HERE), { message: `cannot write ${dir}/file/x.html: a part of the path is not a folder`, exitCode: 2 })
})

t.test('a reserved file exists from the start and is gone after discard', async (t) => {
  const dir = t.testdir({ 'page.html': 'old' })
  const file = await reserveFile(`${dir}/page.html`, HERE)
  const names = readdirSync(dir).sort()
  t.equal(names.length, 2)
  t.match(names[0], /^\.page\.html\.[A-Za-z0-9-]+\.\d+\.[0-9a-f]{12}\.tmp$/)
  t.equal(statSync(`${dir}/${names[0]}`).mode & 0o777, 0o600, 'not readable by others while it is written')
  file.discard()
  file.discard()
  t.strictSame(readdirSync(dir), ['page.html'])
  t.equal(readFileSync(`${dir}/page.html`, 'utf8'), 'old')
  await t.rejects(file.commit('new'), { message: /after it was committed or discarded/ })
})

t.test('--if-changed: an identical target keeps its bytes, inode and mtime', async (t) => {
  const dir = t.testdir({ 'page.html': 'same ü' })
  const past = new Date('2020-01-02T03:04:05Z')
  utimesSync(`${dir}/page.html`, past, past)
  const before = statSync(`${dir}/page.html`)
  t.equal(await writeFileAtomic(`${dir}/page.html`, 'same ü', { ifChanged: true }), 'unchanged')
  const after = statSync(`${dir}/page.html`)
  t.equal(after.mtimeMs, past.getTime())
  t.equal(after.ino, before.ino)
  t.strictSame(readdirSync(dir), ['page.html'])
  t.equal(await writeFileAtomic(`${dir}/page.html`, 'same ü!', { ifChanged: true }), 'written', 'one more byte')
  t.equal(await writeFileAtomic(`${dir}/page.html`, 'same ü?', { ifChanged: true }), 'written', 'same length, other bytes')
  t.equal(readFileSync(`${dir}/page.html`, 'utf8'), 'same ü?')
  t.not(statSync(`${dir}/page.html`).mtimeMs, past.getTime())
  t.equal(await writeFileAtomic(`${dir}/new.html`, 'x', { ifChanged: true }), 'written', 'no target yet')
  t.equal(await writeFileAtomic(`${dir}/new.html`, 'x'), 'written', 'without --if-changed an identical file is rewritten')
})

t.test('--if-changed with a stamp: a page differing only there stays until it was written renewAfterMs ago; then it is written again', async (t) => {
  const stamp = { start: '<p class="page-stamp">', end: '</p>' }
  const page = (generated: string): string => `<h2>2 results found</h2>\n<p class="page-stamp">Generated ${generated}</p>\nrows\n`
  const dir = t.testdir({ 'page.html': page('10:00') })
  const written = new Date('2026-11-22T10:00:00Z')
  utimesSync(`${dir}/page.html`, written, written)
  const at = (iso: string): CommitOptions => ({ ifChanged: true, ignoring: stamp, renewAfterMs: 600_000, now: () => Date.parse(iso) })
  t.equal(await writeFileAtomic(`${dir}/page.html`, page('10:09'), at('2026-11-22T10:09:59.999Z')), 'unchanged', 'younger than 10 minutes: left alone')
  t.equal(statSync(`${dir}/page.html`).mtimeMs, written.getTime(), 'mtime too')
  t.equal(await writeFileAtomic(`${dir}/page.html`, page('10:00'), at('2026-11-22T11:00:00Z')), 'unchanged', 'the same bytes, stamp and all: left alone, however old')
  t.equal(await writeFileAtomic(`${dir}/page.html`, page('10:10'), at('2026-11-22T10:10:00Z')), 'written', '10 minutes old: its stamp moves on')
  t.equal(readFileSync(`${dir}/page.html`, 'utf8'), page('10:10'))
  t.equal(await writeFileAtomic(`${dir}/page.html`, page('10:11'), { ...at('2026-11-22T10:11:00Z'), renewAfterMs: null }), 'unchanged', 'renewAfterMs null: never')
})

t.test('a successful commit removes temporary files of dead writers of the same target', async (t) => {
  const host = HOST_TAG
  const dir = t.testdir({
    [`.page.html.${host}.999999999.0123456789ab.tmp`]: 'partial from a killed run',
    [`.page.html.${host}.${process.ppid}.0123456789ab.tmp`]: 'a live writer (our parent)',
    [`.other.html.${host}.999999999.0123456789ab.tmp`]: 'another target',
    '.page.html.tmp': 'not our pattern',
  })
  await writeFileAtomic(`${dir}/page.html`, 'new')
  t.strictSame(readdirSync(dir).sort(), [
    `.other.html.${host}.999999999.0123456789ab.tmp`,
    `.page.html.${host}.${process.ppid}.0123456789ab.tmp`,
    '.page.html.tmp',
    'page.html',
  ].sort())
})

t.test('two writes of one target in one process do not remove each other\'s file', async (t) => {
  const dir = t.testdir({})
  const first = await reserveFile(`${dir}/page.html`, HERE)
  const second = await reserveFile(`${dir}/page.html`, HERE)
  t.equal(await second.commit('second'), 'written')
  t.equal(readdirSync(dir).length, 2, 'the first write\'s temporary file is still there')
  t.equal(await first.commit('first'), 'written')
  t.strictSame(readdirSync(dir), ['page.html'])
  t.equal(readFileSync(`${dir}/page.html`, 'utf8'), 'first')
})

t.test('reserveFile names an unwritable target before anything is read', async (t) => {
  const dir = t.testdir({ sub: {} })
  await t.rejects(reserveFile(`${dir}/missing/x.html`, HERE), { message: `cannot write ${dir}/missing/x.html: its folder does not exist`, exitCode: 2 })
  await t.rejects(reserveFile(`${dir}/sub`, HERE), { message: `cannot write ${dir}/sub: it is a folder`, exitCode: 2 })
})
