/** Why an input could not be read to its end (src/input/read-error.ts): the input errors a user sees, and what is passed on as a bug. */

import t from 'tap'
import { asInputError, FileShrank, isReadError, ReadError } from '../../../src/input/read-error.js'
import { isUserError } from '../../../src/errors.js'

const coded = (code: string, message: string): NodeJS.ErrnoException => Object.assign(new Error(message), { code })

/** What the user sees of an error: exit code and line, or `as it is`. */
const seen = (e: unknown, original: unknown): string =>
  e === original ? 'as it is' : isReadError(e) ? `${e.exitCode}: ${e.format('p')}` : `other: ${String(e)}`

t.test('a read error: exit 2, the one error --partial-ok may pass over', async (t) => {
  const e = new ReadError('cannot read x.log: broken', 'a hint')
  t.equal(e.exitCode, 2)
  t.equal(e.name, 'ReadError')
  t.ok(isUserError(e))
  t.ok(isReadError(e))
  t.notOk(isReadError(new Error('x')))
  t.equal(e.format('p'), 'p: cannot read x.log: broken (a hint)')
})

t.test('a file that shrank', async (t) => {
  const e = new FileShrank(2000, 10)
  t.equal(e.message, 'the file shrank from 2000 to 10 bytes while it was read')
  t.equal(e.name, 'FileShrank')
  t.strictSame([e.from, e.to], [2000, 10])
  t.equal(seen(asInputError(e, 'access.log', false), e),
    '2: p: cannot read access.log to its end: it shrank from 2000 to 10 bytes while it was read (rotated with copytruncate?) (run again; --partial-ok publishes the lines read before it shrank)')
})

t.test('gzip errors, for gzip data only', async (t) => {
  const corrupt = coded('Z_DATA_ERROR', 'incorrect header check')
  t.equal(seen(asInputError(corrupt, 'a.gz', true), corrupt), '2: p: cannot read a.gz: the gzip data is truncated or corrupt (incorrect header check) (check the file with gzip -t)')
  const cut = coded('Z_BUF_ERROR', 'unexpected end of file')
  t.equal(seen(asInputError(cut, 'a.gz', true), cut), '2: p: cannot read a.gz: the gzip data is truncated or corrupt (unexpected end of file) (check the file with gzip -t)')
  const closed = coded('ERR_STREAM_PREMATURE_CLOSE', 'Premature close')
  t.equal(seen(asInputError(closed, 'a.gz', true), closed), '2: p: cannot read a.gz: the gzip data is truncated or corrupt (Premature close) (check the file with gzip -t)')
  t.equal(seen(asInputError(closed, 'a.log', false), closed), 'as it is', 'a premature close of plain data is no input error')
})

t.test('system errors are input errors; node\'s own ERR_ codes and errors without a code are passed on', async (t) => {
  const io = coded('EIO', 'EIO: i/o error, read')
  t.equal(seen(asInputError(io, 'x.log', false), io), '2: p: cannot read x.log: EIO: i/o error, read')
  t.equal(seen(asInputError(io, 'x.gz', true), io), '2: p: cannot read x.gz: EIO: i/o error, read')
  const internal = coded('ERR_INVALID_ARG_TYPE', 'bad argument')
  t.equal(seen(asInputError(internal, 'x.log', false), internal), 'as it is')
  const bug = new TypeError('a bug')
  t.equal(seen(asInputError(bug, 'x.log', true), bug), 'as it is')
  t.equal(seen(asInputError('text', 'x.log', false), 'text'), 'as it is')
})
