/**
 * The older generations beside a followed log (src/input/rotated-generations.ts):
 * the first look learns what is there; later looks give back plain
 * generations never seen (oldest first) and count new .gz files beyond the
 * rotations seen.
 */

import { mkdir, rename, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import t from 'tap'
import { fileKey, RotatedGenerations } from '../../../src/input/rotated-generations.js'

const none = (): boolean => false

t.test('a file is known by its device and inode', async (t) => {
  t.equal(fileKey({ dev: 2049, ino: 1234 }), '2049:1234')
})

t.test('the first look only learns; a later one gives back the new plain generations, oldest first', async (t) => {
  const dir = t.testdir({ 'access.log': '', 'access.log.1': 'old' })
  const generations = new RotatedGenerations(join(dir, 'access.log'))
  t.strictSame(await generations.look(none), { unread: [], compressed: 0 })
  await rename(join(dir, 'access.log.1'), join(dir, 'access.log.3'))
  await writeFile(join(dir, 'access.log.2'), 'two')
  await writeFile(join(dir, 'access.log.1'), 'one')
  const look = await generations.look(none)
  t.strictSame(look.unread.map((g) => g.name), ['access.log.2', 'access.log.1'], 'access.log.3 is the file seen before, renamed')
  t.equal(look.compressed, 0)
  t.strictSame(look.unread[1], { name: 'access.log.1', path: join(dir, 'access.log.1'), key: fileKey(await stat(join(dir, 'access.log.1'))) })
  t.strictSame(await generations.look(none), { unread: [], compressed: 0 }, 'given back once')
})

t.test('dated generations too, the earlier date first; nothing of other names, folders, or the live file', async (t) => {
  const dir = t.testdir({ 'access.log': '' })
  const generations = new RotatedGenerations(join(dir, 'access.log'))
  await generations.look(none)
  await writeFile(join(dir, 'access.log-20261121'), '')
  await writeFile(join(dir, 'access.log-20261120'), '')
  await writeFile(join(dir, 'error.log.1'), '')
  await writeFile(join(dir, 'access.log.bak'), '')
  await mkdir(join(dir, 'access.log.4'))
  t.strictSame((await generations.look(none)).unread.map((g) => g.name), ['access.log-20261120', 'access.log-20261121'])
})

t.test('a generation already open is no unread one', async (t) => {
  const dir = t.testdir({ 'access.log': '' })
  const generations = new RotatedGenerations(join(dir, 'access.log'))
  await generations.look(none)
  await rename(join(dir, 'access.log'), join(dir, 'access.log.1'))
  const key = fileKey(await stat(join(dir, 'access.log.1')))
  t.strictSame(await generations.look((k) => k === key), { unread: [], compressed: 0 })
})

t.test('compressed before it was read: new .gz files beyond the rotations seen are counted', async (t) => {
  const dir = t.testdir({ 'access.log': '' })
  const generations = new RotatedGenerations(join(dir, 'access.log'))
  await generations.look(none)
  generations.rotated()
  await writeFile(join(dir, 'access.log.2.gz'), 'gz')
  t.strictSame(await generations.look(none), { unread: [], compressed: 0 }, 'one rotation, one new .gz: the file seen went into it')
  await writeFile(join(dir, 'access.log.3.gz'), 'gz')
  await writeFile(join(dir, 'access.log.4.gz'), 'gz')
  t.strictSame(await generations.look(none), { unread: [], compressed: 2 }, 'two .gz without a rotation: two generations never read')
  generations.rotated()
  generations.rotated()
  await writeFile(join(dir, 'access.log.5.gz'), 'gz')
  t.strictSame(await generations.look(none), { unread: [], compressed: 0 })
  await writeFile(join(dir, 'access.log.6.gz'), 'gz')
  t.strictSame(await generations.look(none), { unread: [], compressed: 0 }, 'a rotation seen before still waits for its .gz')
})

t.test('a generation read (given back unread) accounts for the .gz it becomes', async (t) => {
  const dir = t.testdir({ 'access.log': '' })
  const generations = new RotatedGenerations(join(dir, 'access.log'))
  await generations.look(none)
  await writeFile(join(dir, 'access.log.1'), 'one')
  t.equal((await generations.look(none)).unread.length, 1)
  await rename(join(dir, 'access.log.1'), join(dir, 'access.log.1.tmp'))
  await writeFile(join(dir, 'access.log.1.gz'), 'gz')
  t.strictSame(await generations.look(none), { unread: [], compressed: 0 })
})

t.test('forget: a generation given back that could not be opened is found again', async (t) => {
  const dir = t.testdir({ 'access.log': '' })
  const generations = new RotatedGenerations(join(dir, 'access.log'))
  await generations.look(none)
  await writeFile(join(dir, 'access.log.1'), 'one')
  const [found] = (await generations.look(none)).unread
  generations.forget(found?.key ?? '')
  t.strictSame((await generations.look(none)).unread.map((g) => g.name), ['access.log.1'])
})

t.test('absorb: only learn what is there (the copy of a copytruncate)', async (t) => {
  const dir = t.testdir({ 'access.log': '' })
  const generations = new RotatedGenerations(join(dir, 'access.log'))
  await generations.look(none)
  await writeFile(join(dir, 'access.log.1'), 'copy')
  t.strictSame(await generations.look(none, true), { unread: [], compressed: 0 })
  t.strictSame(await generations.look(none), { unread: [], compressed: 0 }, 'and it is known from then on')
})

t.test('a folder that is gone: nothing beside the log', async (t) => {
  const generations = new RotatedGenerations(join(t.testdir(), 'gone', 'access.log'))
  t.strictSame(await generations.look(none), { unread: [], compressed: 0 })
  t.strictSame(await generations.look(none), { unread: [], compressed: 0 })
})
