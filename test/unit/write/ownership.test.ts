import t from 'tap'
import { ownershipFor } from '../../../src/write/ownership.js'

const file = (mode: number, uid: number, gid = 50): { mode: number; uid: number; gid: number } => ({ mode: 0o100000 | mode, uid, gid })

t.test('a file of ours keeps its mode, and its owner is left alone', async (t) => {
  t.strictSame(ownershipFor(file(0o640, 1000), 0o644, 1000, 0o022), { mode: 0o640, owner: null })
})

t.test('a file of another user lends nothing: a new file\'s mode less the umask', async (t) => {
  t.strictSame(ownershipFor(file(0o666, 33), 0o644, 1000, 0o022), { mode: 0o644, owner: null })
  t.strictSame(ownershipFor(file(0o600, 33), 0o644, 1000, 0o027), { mode: 0o640, owner: null })
})

t.test('as root, a file of root keeps its mode and group', async (t) => {
  t.strictSame(ownershipFor(file(0o640, 0, 33), 0o644, 0, 0o077), { mode: 0o640, owner: { uid: 0, gid: 33 } })
})

t.test('as root, another user\'s file lends neither mode nor owner: root\'s new file, 0644 less the umask', async (t) => {
  t.strictSame(ownershipFor(file(0o666, 65534, 65534), 0o644, 0, 0o022), { mode: 0o644, owner: null })
  t.strictSame(ownershipFor(file(0o604, 33, 44), 0o755, 0, 0o077), { mode: 0o700, owner: null })
})

t.test('nothing before: the default less the umask, for files and folders', async (t) => {
  t.strictSame(ownershipFor(null, 0o644, 0, 0o022), { mode: 0o644, owner: null })
  t.strictSame(ownershipFor(null, 0o755, 1000, 0o077), { mode: 0o700, owner: null })
})

t.test('only permission bits carry over (no set-uid, no sticky, no type)', async (t) => {
  t.equal(ownershipFor(file(0o4755, 1000), 0o644, 1000, 0).mode, 0o755)
})
