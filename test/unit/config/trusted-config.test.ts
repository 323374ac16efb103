/**
 * Whose config file is read (src/config/trusted-config.ts): root's or the
 * user's, writable by nobody else, in a folder nobody else may put another
 * file into its place, reached through no link another user could have put
 * on the way.
 */

import { chmod, lchown, mkdir, realpath, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import t from 'tap'
import { openConfigFile, untrustedFile, untrustedFolder } from '../../../src/config/trusted-config.js'
import { needsRoot, OTHER_USER } from '../../helpers/other-user.js'

const ME = 1000
const OTHER = 2000

t.test('the file: root\'s or the user\'s, and neither its group nor others may write to it', async (t) => {
  const file = (uid: number, mode: number) => untrustedFile({ uid, mode: 0o100000 | mode }, ME)
  t.equal(file(ME, 0o644), null)
  t.equal(file(0, 0o600), null)
  t.equal(file(ME, 0o755), null)
  t.equal(file(OTHER, 0o644), 'it belongs to uid 2000, not to you (uid 1000) or root')
  t.equal(file(ME, 0o664), 'it belongs to you (uid 1000), but its mode 0664 lets others write to it')
  t.equal(file(0, 0o646), 'it belongs to root, but its mode 0646 lets others write to it')
  t.equal(untrustedFile({ uid: OTHER, mode: 0o100644 }, 0), 'it belongs to uid 2000, not to root', 'as root')
})

t.test('the folder: nobody else may put another file at the name (sticky folders are fine)', async (t) => {
  const folder = (uid: number, mode: number) => untrustedFolder({ uid, mode: 0o040000 | mode }, '/srv/x', ME)
  t.equal(folder(0, 0o755), null)
  t.equal(folder(ME, 0o700), null)
  t.equal(folder(0, 0o1777), null, '/tmp')
  t.equal(folder(ME, 0o1777), null)
  t.equal(folder(0, 0o775), 'its folder /srv/x (mode 0775) lets others put another file in its place')
  t.equal(folder(ME, 0o777), 'its folder /srv/x (mode 0777) lets others put another file in its place')
  t.equal(folder(OTHER, 0o755), 'its folder /srv/x belongs to uid 2000, who may put another file in its place')
  t.equal(folder(OTHER, 0o1777), 'its folder /srv/x belongs to uid 2000, who may put another file in its place')
})

t.test('opening: a file of the user\'s is opened; the way through another user\'s link is not taken', { skip: needsRoot }, async (t) => {
  const dir = await realpath(t.testdir({ mine: { 'site.json': '{}' }, shared: {} }))
  const mine = await openConfigFile(join(dir, 'mine', 'site.json'))
  t.ok('opened' in mine && mine.opened.stat.isFile(), 'opened')
  if ('opened' in mine) await mine.opened.handle.close()
  await chmod(join(dir, 'shared'), 0o1777)
  await symlink(join(dir, 'mine'), join(dir, 'shared', 'conf'))
  await lchown(join(dir, 'shared', 'conf'), OTHER_USER.uid, OTHER_USER.gid)
  t.strictSame(await openConfigFile(join(dir, 'shared', 'conf', 'site.json')),
    { untrusted: `on the way to it, ${join(dir, 'shared', 'conf')} is a symbolic link of another user (uid 65534)` })
  await mkdir(join(dir, 'shared', 'real'))
  await writeFile(join(dir, 'shared', 'real', 'site.json'), '{}')
  const real = await openConfigFile(join(dir, 'shared', 'real', 'site.json'))
  t.ok('opened' in real, 'root\'s folder inside a sticky one: opened')
  if ('opened' in real) await real.opened.handle.close()
  await t.rejects(openConfigFile(join(dir, 'mine', 'none.json')), { code: 'ENOENT' }, 'a missing file: the error as it is')
})
