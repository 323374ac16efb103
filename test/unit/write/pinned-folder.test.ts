/**
 * The folder a publish writes into (src/write/pinned-folder.ts): reached
 * from `/` one name at a time, following only links nobody else could have
 * put there, then held open: what is made through it lands in the folder
 * checked, whatever happens to its path afterwards.
 */

import { chmod, lchown, mkdir, readdir, readFile, realpath, rename, stat, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import t from 'tap'
import { currentUser, othersMayChange, PinnedFolder, sharedWithOthers, UntrustedLink } from '../../../src/write/pinned-folder.js'
import { needsRoot, OTHER_USER } from '../../helpers/other-user.js'

const ME = 1000
const OTHER = 2000

t.test('the user running', async (t) => {
  t.equal(currentUser(), process.geteuid?.())
})

t.test('othersMayChange: another user\'s folder, or one a group or everyone may write to without the sticky bit', async (t) => {
  const cases: [number, number, boolean][] = [
    [0, 0o755, false], [ME, 0o755, false], [ME, 0o700, false], [OTHER, 0o755, true], [OTHER, 0o700, true],
    [0, 0o775, true], [0, 0o757, true], [ME, 0o777, true], [0, 0o1777, false], [ME, 0o1777, false], [OTHER, 0o1777, true],
  ]
  for (const [uid, mode, expected] of cases) {
    t.equal(othersMayChange({ uid, mode: 0o040000 | mode }, ME), expected, `uid ${uid} mode ${mode.toString(8)}`)
  }
})

t.test('sharedWithOthers: another user\'s folder that others may write to, sticky or not', async (t) => {
  const cases: [number, number, boolean][] = [
    [OTHER, 0o777, true], [OTHER, 0o1777, true], [OTHER, 0o775, true], [OTHER, 0o755, false],
    [0, 0o777, false], [ME, 0o777, false], [0, 0o1777, false],
  ]
  for (const [uid, mode, expected] of cases) {
    t.equal(sharedWithOthers({ uid, mode: 0o040000 | mode }, ME), expected, `uid ${uid} mode ${mode.toString(8)}`)
  }
})

t.test('an untrusted link names itself and why', async (t) => {
  const e = new UntrustedLink('/srv/www', 'of another user (uid 33)')
  t.equal(e.message, '/srv/www is a symbolic link of another user (uid 33)')
  t.equal(e.name, 'UntrustedLink')
  t.equal(e.path, '/srv/www')
})

t.test('a folder opened by its path is held: made through it, a file lands there', async (t) => {
  const dir = await realpath(t.testdir({ site: {} }))
  const folder = await PinnedFolder.open(join(dir, 'site'))
  t.teardown(() => folder.close())
  t.equal(folder.path, join(dir, 'site'))
  t.equal(folder.stats.ino, (await stat(join(dir, 'site'))).ino)
  t.match(folder.self, /^\/proc\/self\/fd\/\d+$/)
  t.equal(folder.at('x'), `${folder.self}/x`)
  await writeFile(folder.at('x'), 'x')
  t.strictSame(await readdir(join(dir, 'site')), ['x'])
})

t.test('it keeps working after its path is renamed away and replaced by a link', async (t) => {
  const dir = await realpath(t.testdir({ site: {}, elsewhere: {} }))
  const folder = await PinnedFolder.open(join(dir, 'site'))
  t.teardown(() => folder.close())
  await rename(join(dir, 'site'), join(dir, 'site-old'))
  await symlink(join(dir, 'elsewhere'), join(dir, 'site'))
  await writeFile(folder.at('page.html'), 'new')
  await mkdir(folder.at('profiles'))
  t.strictSame((await readdir(join(dir, 'site-old'))).sort(), ['page.html', 'profiles'])
  t.strictSame(await readdir(join(dir, 'elsewhere')), [])
  t.equal(await readFile(join(dir, 'site-old', 'page.html'), 'utf8'), 'new')
})

t.test('links of the user running (or root) are followed: relative, absolute, with ..', async (t) => {
  const dir = await realpath(t.testdir({ real: { sub: { 'here.txt': 'h' } }, other: {} }))
  await symlink('real', join(dir, 'relative'))
  await symlink(join(dir, 'real'), join(dir, 'absolute'))
  await symlink('../real/sub', join(dir, 'other', 'up'))
  for (const path of ['relative/sub', 'absolute/sub', 'other/up']) {
    const folder = await PinnedFolder.open(join(dir, path))
    t.strictSame(await readdir(folder.self), ['here.txt'], path)
    t.equal(folder.stats.ino, (await stat(join(dir, 'real', 'sub'))).ino)
    await folder.close()
  }
})

t.test('a link in a folder others may change is refused; with the sticky bit it is followed', async (t) => {
  const dir = await realpath(t.testdir({ real: {}, open: {} }))
  await symlink(join(dir, 'real'), join(dir, 'open', 'link'))
  await chmod(join(dir, 'open'), 0o777)
  await t.rejects(PinnedFolder.open(join(dir, 'open', 'link')), {
    name: 'UntrustedLink', message: `${dir}/open/link is a symbolic link in ${dir}/open, which others may change`,
  })
  await chmod(join(dir, 'open'), 0o1777)
  const folder = await PinnedFolder.open(join(dir, 'open', 'link'))
  t.equal(folder.stats.ino, (await stat(join(dir, 'real'))).ino)
  await folder.close()
})

t.test('as root: a link of another user is refused', { skip: needsRoot }, async (t) => {
  const dir = await realpath(t.testdir({ real: {} }))
  await symlink(join(dir, 'real'), join(dir, 'link'))
  await lchown(join(dir, 'link'), OTHER_USER.uid, OTHER_USER.gid)
  await t.rejects(PinnedFolder.open(join(dir, 'link')), {
    name: 'UntrustedLink', message: `${dir}/link is a symbolic link of another user (uid ${OTHER_USER.uid})`,
  })
  await t.rejects(PinnedFolder.open(join(dir, 'link', 'deeper')), { name: 'UntrustedLink' }, 'also on the way')
})

t.test('what is not a folder: the system\'s error code', async (t) => {
  const dir = await realpath(t.testdir({ 'file.txt': 'f' }))
  await symlink('loop-b', join(dir, 'loop-a'))
  await symlink('loop-a', join(dir, 'loop-b'))
  await t.rejects(PinnedFolder.open(join(dir, 'missing')), { code: 'ENOENT' })
  await t.rejects(PinnedFolder.open(join(dir, 'file.txt')), { code: 'ENOTDIR' })
  await t.rejects(PinnedFolder.open(join(dir, 'file.txt', 'x')), { code: 'ENOTDIR' })
  await t.rejects(PinnedFolder.open(join(dir, 'loop-a')), { code: 'ELOOP', message: 'too many symbolic links' })
})

t.test('openIn: one step into a folder, never through a link', async (t) => {
  const dir = await realpath(t.testdir({ sub: { 'a.txt': 'a' }, 'file.txt': 'f' }))
  await symlink(join(dir, 'sub'), join(dir, 'link'))
  const parent = await PinnedFolder.open(dir)
  t.teardown(() => parent.close())
  const sub = await PinnedFolder.openIn(parent.self, 'sub')
  t.strictSame(await readdir(sub.self), ['a.txt'])
  t.equal(sub.path, `${parent.self}/sub`)
  await sub.close()
  await t.rejects(PinnedFolder.openIn(parent.self, 'link'), { code: 'ENOTDIR' })
  await t.rejects(PinnedFolder.openIn(parent.self, 'file.txt'), { code: 'ENOTDIR' })
})
