/**
 * `--htpasswd`: bcrypt entries as `htpasswd -B` writes them, read once;
 * Basic credentials checked against them; anything else refused at start.
 */

import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import t from 'tap'
import { basicCredentials, Htpasswd, parseHtpasswd } from '../../../../src/jobs/serve/htpasswd.js'

// written by `htpasswd -nbB` (apache2-utils)
const ALICE = 'alice:$2y$05$WbGIptCpY13T6U4q/56bN.qB4W0aLNtvg6ituaU6q4yfFI4NVelqa'
const BOB = 'bob:$2y$05$IMHI0L9bSJJ5D/nN5eVyoeyqvflLx95vFMbRNMlqOHAdHr2GkU/Iq'

const basic = (user: string, password: string): string => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`

const HAS_HTPASSWD = spawnSync('htpasswd', ['-nbB', 'x', 'y']).status === 0

t.test('the users of a file, their passwords checked; an unknown user, a wrong password, no or other credentials: nobody', async (t) => {
  const dir = t.testdir({ users: `# the team\n${ALICE}\n\n${BOB}\r\n` })
  const users = await Htpasswd.load('users', dir)
  t.equal(users.users, 2)
  t.equal(await users.verify(basic('alice', 's3cret')), 'alice')
  t.equal(await users.verify(basic('bob', 'pässwörd')), 'bob', 'UTF-8 passwords, as htpasswd hashes them from a UTF-8 terminal')
  t.equal(await users.verify(basic('alice', 's3cret ')), null)
  t.equal(await users.verify(basic('alice', 'pässwörd')), null, 'another user\'s password')
  t.equal(await users.verify(basic('mallory', 's3cret')), null, 'an unknown user, whatever the password')
  t.equal(await users.verify(basic('bob', 's3cret')), null)
  t.equal(await users.verify(undefined), null)
  t.equal(await users.verify('Bearer abc'), null)
  t.equal(await users.verify('Basic !!!'), null)
})

t.test('a file htpasswd -cB writes, when htpasswd is installed', { skip: HAS_HTPASSWD ? false : 'htpasswd is not installed (apt-get install apache2-utils)' }, async (t) => {
  const dir = t.testdir({})
  t.equal(spawnSync('htpasswd', ['-cbB', `${dir}/users`, 'erin', 'correct horse']).status, 0)
  const users = await Htpasswd.load(`${dir}/users`, '/')
  t.equal(await users.verify(basic('erin', 'correct horse')), 'erin')
  t.equal(await users.verify(basic('erin', 'correct horse!')), null)
})

t.test('bad files: exit 2 with one line naming the file and the line', async (t) => {
  const dir = t.testdir({})
  const load = async (text: string | null): Promise<unknown> => {
    if (text !== null) writeFileSync(`${dir}/users`, text)
    return Htpasswd.load(text === null ? 'missing' : 'users', dir).then(() => 'loaded', (e: Error & { exitCode?: number; hint?: string }) => [e.exitCode, e.message, e.hint])
  }
  t.strictSame(await load(null), [2, 'cannot read --htpasswd missing: no such file', 'make it with htpasswd -cB FILE USER'])
  t.strictSame(await load(''), [2, '--htpasswd users holds no user', 'add one with htpasswd -B users USER'])
  t.strictSame(await load('# nobody\n'), [2, '--htpasswd users holds no user', 'add one with htpasswd -B users USER'])
  t.strictSame(await load(`${ALICE}\ncarol:$apr1$Ni1.xIJu$v2pEzhMA88s2Mt55mukDj.\n`),
    [2, '--htpasswd users:2: the entry of "carol" is not bcrypt', 'make it again with htpasswd -B users carol (MD5, SHA-1 and crypt entries are not taken)'])
  t.strictSame(await load('dave:{SHA}EfatjsUqKYSrqv18O1FlA3hcIHI=\n'),
    [2, '--htpasswd users:1: the entry of "dave" is not bcrypt', 'make it again with htpasswd -B users dave (MD5, SHA-1 and crypt entries are not taken)'])
  t.strictSame(await load('just a line\n'), [2, '--htpasswd users:1 is not user:hash', 'make the file with htpasswd -cB FILE USER'])
  t.strictSame(await load(`:${ALICE.slice(6)}\n`), [2, '--htpasswd users:1 is not user:hash', 'make the file with htpasswd -cB FILE USER'])
  writeFileSync(`${dir}/big`, Buffer.alloc(1024 * 1024 + 1, 0x61))
  t.strictSame(await Htpasswd.load('big', dir).catch((e: Error) => e.message), '--htpasswd big is larger than 1 MiB')
  t.strictSame(await Htpasswd.load('/dev/zero', dir).catch((e: Error) => e.message), '--htpasswd /dev/zero is larger than 1 MiB', 'a file that never ends is not read on')
  t.strictSame(await Htpasswd.load('.', dir).catch((e: Error) => e.message), 'cannot read --htpasswd .: it is a folder')
})

t.test('a FIFO: opened without waiting for a writer (as inputs are), read once one writes', async (t) => {
  const dir = t.testdir({})
  t.equal(spawnSync('mkfifo', [`${dir}/users`]).status, 0)
  const loading = Htpasswd.load('users', dir)
  const { openSync, writeSync, closeSync } = await import('node:fs')
  const writer = openSync(`${dir}/users`, 'w')
  writeSync(writer, `${ALICE}\n`)
  closeSync(writer)
  t.equal((await loading).users, 1)
})

t.test('the entries: bcrypt of any of its prefixes and costs 4 to 31', async (t) => {
  const hash = ALICE.slice(6)
  t.strictSame([...parseHtpasswd(`a:${hash}\nb:${hash.replace('$2y$', '$2a$')}\nc:${hash.replace('$2y$', '$2b$')}\n`, 'f').keys()], ['a', 'b', 'c'])
  t.throws(() => parseHtpasswd(`a:${hash.replace('$05$', '$03$')}`, 'f'), { message: '--htpasswd f:1: the entry of "a" is not bcrypt' })
  t.throws(() => parseHtpasswd(`a:${hash.slice(0, -1)}`, 'f'), { message: '--htpasswd f:1: the entry of "a" is not bcrypt' })
  t.strictSame(parseHtpasswd(`a:${hash}\na:${BOB.slice(4)}`, 'f').get('a'), hash, 'a user named twice: the first entry, as Apache reads it')
})

t.test('Basic credentials: user before the first colon, the password may hold colons', async (t) => {
  t.strictSame(basicCredentials(basic('alice', 'a:b')), { user: 'alice', password: 'a:b' })
  t.strictSame(basicCredentials(`basic ${Buffer.from('x:').toString('base64')}`), { user: 'x', password: '' }, 'the scheme in any case')
  t.equal(basicCredentials(`Basic ${Buffer.from('nocolon').toString('base64')}`), null)
  t.equal(basicCredentials('Digest abc'), null)
  t.equal(basicCredentials(undefined), null)
})
