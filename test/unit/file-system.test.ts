import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { open, readdir, readFile, rename, stat } from '../../src/file-system.js'

t.test('a file opened wx+ is written, read back at a position, synced, chmod-ed and closed', async (t) => {
  const dir = t.testdir({})
  const path = join(dir, 'page.html')
  const handle = await open(path, 'wx+', 0o600)
  t.equal((await handle.write(Buffer.from('hello, world'), 0, 12)).bytesWritten, 12)
  await handle.sync()
  const into = Buffer.alloc(5)
  t.strictSame(await handle.read(into, 0, 5, 7), { bytesRead: 5, buffer: into })
  t.equal(into.toString(), 'world')
  await handle.chmod(0o640)
  t.equal((await handle.stat()).size, 12)
  await handle.close()
  t.equal(readFileSync(path, 'utf8'), 'hello, world')
  t.equal((await stat(path)).mode & 0o777, 0o640)
})

t.test('read with position null goes on from where the last read ended', async (t) => {
  const path = join(t.testdir({ 'log': 'abcdef' }), 'log')
  const handle = await open(path)
  const a = Buffer.alloc(3)
  const b = Buffer.alloc(3)
  await handle.read(a, 0, 3, null)
  await handle.read(b, 0, 3, null)
  t.strictSame([a.toString(), b.toString()], ['abc', 'def'])
  t.equal((await handle.read(a, 0, 3, null)).bytesRead, 0)
  await handle.close()
})

t.test('after close: a second close does nothing, any other call fails with EBADF', async (t) => {
  const path = join(t.testdir({ 'log': 'x' }), 'log')
  const handle = await open(path)
  await handle.close()
  await handle.close()
  t.equal(handle.fd, -1)
  await t.rejects(handle.read(Buffer.alloc(1), 0, 1, 0), { code: 'EBADF' })
  await t.rejects(handle.stat(), { code: 'EBADF' })
})

t.test('errors carry their errno code, as those of node:fs/promises do', async (t) => {
  const dir = t.testdir({ 'there': 'x' })
  await t.rejects(open(join(dir, 'there'), 'wx'), { code: 'EEXIST' })
  await t.rejects(open(join(dir, 'missing')), { code: 'ENOENT' })
  await t.rejects(readFile(join(dir, 'missing'), 'utf8'), { code: 'ENOENT' })
  await t.rejects(stat(join(dir, 'missing')), { code: 'ENOENT' })
})

t.test('the path calls: readFile, rename, readdir', async (t) => {
  const dir = t.testdir({})
  writeFileSync(join(dir, 'a'), 'ä text')
  t.equal(await readFile(join(dir, 'a'), 'utf8'), 'ä text')
  await rename(join(dir, 'a'), join(dir, 'b'))
  t.strictSame(await readdir(dir), ['b'])
})
