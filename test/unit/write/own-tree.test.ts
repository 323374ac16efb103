/**
 * Removing a folder this program made (src/write/own-tree.ts): all of it
 * that is ours, through its pinned handle; never through a link inside it;
 * whatever another user owns stays, with the folders that hold it.
 */

import { chown, lchown, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import t from 'tap'
import { removeOwnTree } from '../../../src/write/own-tree.js'
import { PinnedFolder } from '../../../src/write/pinned-folder.js'
import { needsRoot, OTHER_USER } from '../../helpers/other-user.js'

/** Every path under `dir`, relative, sorted; folders end with `/`. */
const tree = async (dir: string): Promise<string[]> =>
  (await readdir(dir, { recursive: true, withFileTypes: true }))
    .map((entry) => `${join(entry.parentPath, entry.name).slice(dir.length + 1)}${entry.isDirectory() ? '/' : ''}`)
    .sort()

/** A site's working folder as a run leaves it: files, subfolders, a link. */
const ourTree = { 'index.html': 'i', profiles: { 'a.html': 'a', deep: { 'b.html': 'b' } }, empty: {} }

t.test('a tree of ours is removed whole, reached through the pinned parent', async (t) => {
  const dir = t.testdir({ work: ourTree, keep: 'k' })
  const parent = await PinnedFolder.open(dir)
  t.teardown(() => parent.close())
  t.equal(await removeOwnTree(parent.self, 'work'), true)
  t.strictSame(await tree(dir), ['keep'])
})

t.test('by its path too; a name that is not there is gone; a file of ours is unlinked', async (t) => {
  const dir = t.testdir({ work: ourTree, 'file.txt': 'f' })
  t.equal(await removeOwnTree(dir, 'work'), true)
  t.equal(await removeOwnTree(dir, 'missing'), true)
  t.equal(await removeOwnTree(dir, 'file.txt'), true)
  t.strictSame(await readdir(dir), [])
})

t.test('a link inside is unlinked, never followed: the folder it points to keeps its files', async (t) => {
  const dir = t.testdir({ work: { 'index.html': 'i' }, outside: { 'precious.txt': 'p', sub: { 'deeper.txt': 'd' } } })
  await symlink(join(dir, 'outside'), join(dir, 'work', 'link'))
  await symlink(join(dir, 'outside', 'precious.txt'), join(dir, 'work', 'file-link'))
  t.equal(await removeOwnTree(dir, 'work'), true)
  t.strictSame(await tree(dir), ['outside/', 'outside/precious.txt', 'outside/sub/', 'outside/sub/deeper.txt'])
  t.equal(await readFile(join(dir, 'outside', 'precious.txt'), 'utf8'), 'p')
})

t.test('the tree itself a link: the link goes, not what it points to', async (t) => {
  const dir = t.testdir({ outside: { 'precious.txt': 'p' } })
  await symlink(join(dir, 'outside'), join(dir, 'work'))
  t.equal(await removeOwnTree(dir, 'work'), true)
  t.strictSame(await tree(dir), ['outside/', 'outside/precious.txt'])
})

t.test('a tree of another user (by the user id it is given) is left whole', async (t) => {
  const dir = t.testdir({ work: ourTree })
  const before = await tree(dir)
  t.equal(await removeOwnTree(dir, 'work', 4242), false)
  t.strictSame(await tree(dir), before)
})

t.test('as root: another user\'s entries stay, with the folders that hold them; the rest of ours goes', { skip: needsRoot }, async (t) => {
  const dir = t.testdir({ work: { 'mine.html': 'm', mixed: { 'theirs.txt': 't', 'mine.txt': 'm' }, ours: { 'x.html': 'x' }, 'their-folder': { 'inside.txt': 'i' } } })
  await chown(join(dir, 'work', 'mixed', 'theirs.txt'), OTHER_USER.uid, OTHER_USER.gid)
  await chown(join(dir, 'work', 'their-folder'), OTHER_USER.uid, OTHER_USER.gid)
  await symlink('/etc', join(dir, 'work', 'their-link'))
  await lchown(join(dir, 'work', 'their-link'), OTHER_USER.uid, OTHER_USER.gid)
  t.equal(await removeOwnTree(dir, 'work'), false)
  t.strictSame(await tree(dir), ['work/', 'work/mixed/', 'work/mixed/theirs.txt', 'work/their-folder/', 'work/their-folder/inside.txt', 'work/their-link'])
})

t.test('as root: a folder of another user at the top is not entered', { skip: needsRoot }, async (t) => {
  const dir = t.testdir({ work: { 'a.txt': 'a' } })
  await chown(join(dir, 'work'), OTHER_USER.uid, OTHER_USER.gid)
  t.equal(await removeOwnTree(dir, 'work'), false)
  t.strictSame(await tree(dir), ['work/', 'work/a.txt'])
  await mkdir(join(dir, 'mine'))
  await writeFile(join(dir, 'mine', 'b.txt'), 'b')
  t.equal(await removeOwnTree(dir, 'mine'), true)
})
