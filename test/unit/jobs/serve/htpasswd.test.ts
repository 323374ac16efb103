/**
 * `--htpasswd`: bcrypt entries as `htpasswd -B` writes them, read once;
 * Basic credentials checked against them; anything else refused at start.
 */

import { spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import t from 'tap'
import type { PasswordCheck } from '../../../../src/jobs/serve/bcrypt-thread.js'
import { basicCredentials, bcryptCost, Htpasswd, parseHtpasswd, type Credentials } from '../../../../src/jobs/serve/htpasswd.js'

// written by `htpasswd -nbB` (apache2-utils)
const ALICE = 'alice:$2y$05$WbGIptCpY13T6U4q/56bN.qB4W0aLNtvg6ituaU6q4yfFI4NVelqa'
const BOB = 'bob:$2y$05$IMHI0L9bSJJ5D/nN5eVyoeyqvflLx95vFMbRNMlqOHAdHr2GkU/Iq'

const basic = (user: string, password: string): string => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`
const as = (user: string, password: string): Credentials => ({ user, password })

const HAS_HTPASSWD = spawnSync('htpasswd', ['-nbB', 'x', 'y']).status === 0

t.test('the users of a file, their passwords checked by bcrypt (on its thread); an unknown user, a wrong password: nobody', async (t) => {
  const dir = t.testdir({ users: `# the team\n${ALICE}\n\n${BOB}\r\n` })
  const users = await Htpasswd.load('users', dir)
  t.equal(users.users, 2)
  t.equal(await users.verify(as('alice', 's3cret')), 'alice')
  t.equal(await users.verify(as('bob', 'pässwörd')), 'bob', 'UTF-8 passwords, as htpasswd hashes them from a UTF-8 terminal')
  t.equal(await users.verify(as('alice', 's3cret ')), null)
  t.equal(await users.verify(as('alice', 'pässwörd')), null, 'another user\'s password')
  t.equal(await users.verify(as('mallory', 's3cret')), null, 'an unknown user, whatever the password')
  t.equal(await users.verify(as('bob', 's3cret')), null)
})

t.test('a file htpasswd -cB writes, when htpasswd is installed', { skip: HAS_HTPASSWD ? false : 'htpasswd is not installed (apt-get install apache2-utils)' }, async (t) => {
  const dir = t.testdir({})
  t.equal(spawnSync('htpasswd', ['-cbB', `${dir}/users`, 'erin', 'correct horse']).status, 0)
  const users = await Htpasswd.load(`${dir}/users`, '/')
  t.equal(await users.verify(as('erin', 'correct horse')), 'erin')
  t.equal(await users.verify(as('erin', 'correct horse!')), null)
})

t.test('every failed check goes through the costliest hash of the file: an unknown user\'s, and a known user\'s after a cheaper own', async (t) => {
  const cheap = ALICE.slice(6)
  const costly = BOB.slice(4).replace('$05$', '$12$')
  const costlier = BOB.slice(4).replace('$05$', '$13$')
  const checked: string[] = []
  const check: PasswordCheck = (password, hash) => {
    checked.push(hash === cheap ? 'alice (5)' : hash === costly ? 'carl (12)' : hash === costlier ? 'dora (13)' : hash)
    return Promise.resolve(password === 'right')
  }
  const dir = t.testdir({ users: `alice:${cheap}\ncarl:${costly}\ndora:${costlier}\nerin:${costlier}\n` })
  const users = await Htpasswd.load('users', dir, check)
  const checks = async (user: string, password: string): Promise<[string | null, string[]]> => {
    checked.length = 0
    return [await users.verify(as(user, password)), [...checked]]
  }
  t.strictSame(await checks('mallory', 'wrong'), [null, ['dora (13)']], 'an unknown user: the costliest hash (the first of two)')
  t.strictSame(await checks('mallory', 'right'), [null, ['dora (13)']], 'never taken, whatever it matches')
  t.strictSame(await checks('alice', 'wrong'), [null, ['alice (5)', 'dora (13)']], 'a known user\'s cheaper hash, then the costliest')
  t.strictSame(await checks('carl', 'wrong'), [null, ['carl (12)', 'dora (13)']])
  t.strictSame(await checks('dora', 'wrong'), [null, ['dora (13)']], 'the costliest own hash: once')
  t.strictSame(await checks('alice', 'right'), ['alice', ['alice (5)']], 'a right password: its own hash only')
})

t.test('credentials proven once let their user in again without bcrypt; others still go through it', async (t) => {
  let checks = 0
  const users = await Htpasswd.load('users', t.testdir({ users: `${ALICE}\n${BOB}\n` }), (password, hash) => {
    checks++
    return Promise.resolve(password === 'right' && hash === ALICE.slice(6))
  })
  t.equal(users.proven(as('alice', 'right')), null, 'not yet proven')
  t.equal(await users.verify(as('alice', 'right')), 'alice')
  t.equal(checks, 1)
  t.equal(users.proven(as('alice', 'right')), 'alice', 'proven: no check')
  t.equal(users.proven(as('alice', 'right ')), null, 'another password')
  t.equal(users.proven(as('bob', 'right')), null, 'another user')
  t.equal(checks, 1)
})

t.test('bcryptCost: the cost of a hash', async (t) => {
  t.equal(bcryptCost(ALICE.slice(6)), 5)
  t.equal(bcryptCost(ALICE.slice(6).replace('$05$', '$12$')), 12)
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
  t.equal(basicCredentials('Bearer abc'), null)
  t.equal(basicCredentials('Basic !!!'), null)
  t.equal(basicCredentials(undefined), null)
})
