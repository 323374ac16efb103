/** Errors a user can fix, their exit codes and their one line; system error codes in words (src/errors.ts). */

import { readFile } from 'node:fs/promises'
import t from 'tap'
import { dataError, deviceError, errnoWords, EXIT, isUserError, usageError, UserError, writeErrnoWords } from '../../src/errors.js'

const errno = (code: string): NodeJS.ErrnoException => Object.assign(new Error(`${code}: the system's text`), { code })

t.test('the exit codes, as documented', async (t) => {
  t.strictSame(EXIT, { ok: 0, data: 1, usage: 2, internal: 70 })
})

t.test('a user error: its code, and one line with the hint in parentheses', async (t) => {
  const usage = usageError('cannot read x.log: no such file', 'check the path')
  t.equal(usage.exitCode, 2)
  t.equal(usage.name, 'UserError')
  t.equal(usage.format('profiler-search'), 'profiler-search: cannot read x.log: no such file (check the path)')
  const data = dataError('x.log: none of the first 3 lines is an access log line')
  t.equal(data.exitCode, 1)
  t.equal(data.hint, undefined)
  t.equal(data.format('p'), 'p: x.log: none of the first 3 lines is an access log line')
  t.equal(new UserError('m', EXIT.usage, '').format('p'), 'p: m', 'an empty hint is none')
})

t.test('isUserError: user errors only', async (t) => {
  t.ok(isUserError(usageError('m')))
  t.ok(isUserError(dataError('m')))
  t.notOk(isUserError(new Error('m')))
  t.notOk(isUserError({ exitCode: 2, message: 'm' }), 'the shape is not enough')
  t.notOk(isUserError(null))
})

t.test('errnoWords: the code in words; the code itself when it has none; the message when there is no code', async (t) => {
  t.equal(errnoWords(errno('ENOENT')), 'no such file')
  t.equal(errnoWords(errno('EACCES')), 'permission denied')
  t.equal(errnoWords(errno('EPERM')), 'permission denied')
  t.equal(errnoWords(errno('ENOSPC')), 'no space left on the device')
  t.equal(errnoWords(errno('ENXIO')), 'no such device (a socket cannot be opened by its path: use - to read stdin)')
  t.equal(errnoWords(errno('ESOMETHING')), 'ESOMETHING')
  t.equal(errnoWords(new Error('no code here')), 'no code here')
  t.equal(errnoWords('a string'), 'a string')
  t.equal(errnoWords(null), 'null')
  t.equal(errnoWords(errno('ENOENT'), { ENOENT: 'the caller knows better' }), 'the caller knows better')
  t.equal(errnoWords(errno('EACCES'), { ENOENT: 'not this one' }), 'permission denied')
  const real = await readFile('/nonexistent/profiler-search').catch((e: unknown) => e)
  t.equal(errnoWords(real), 'no such file', 'a real error of the file system')
})

t.test('writeErrnoWords: a write\'s ENOENT means its folder is missing', async (t) => {
  t.equal(writeErrnoWords(errno('ENOENT')), 'its folder does not exist')
  t.equal(writeErrnoWords(errno('EROFS')), 'the file system is read-only')
  t.equal(writeErrnoWords(errno('ENOENT'), { ENOENT: 'overridden' }), 'overridden')
  t.equal(writeErrnoWords(errno('ENOTEMPTY'), { ENOTEMPTY: 'another run published there at the same time' }), 'another run published there at the same time')
})

t.test('deviceError: a failing device or network file system is one line, exit 2; anything else stays a bug', async (t) => {
  const eio = Object.assign(new Error('EIO: i/o error, read'), { code: 'EIO', errno: -5, syscall: 'read' })
  t.equal(deviceError(eio)?.format('p'), 'p: read failed: an input/output error of the device (EIO) (check the device or file system)')
  t.equal(deviceError(eio)?.exitCode, 2)
  const stale = Object.assign(new Error('ESTALE'), { code: 'ESTALE', syscall: 'open', path: '/mnt/logs/access.log' })
  t.equal(deviceError(stale)?.message, 'open failed on /mnt/logs/access.log: a stale file handle (the file is gone from the network file system) (ESTALE)')
  t.equal(deviceError(Object.assign(new Error('EBADF'), { code: 'EBADF', syscall: 'read' })), null, 'a bad descriptor is our bug')
  t.equal(deviceError(Object.assign(new Error('EIO'), { code: 'EIO' })), null, 'no system call: not the system\'s')
  t.equal(deviceError(new TypeError('x')), null)
  t.equal(deviceError(null), null)
})
