/** What the command line prints itself (src/cli/print.ts): a closed reader is no error, another write error is exit 2. */

import { Writable } from 'node:stream'
import t from 'tap'
import { printed } from '../../../src/cli/print.js'
import { testIO } from '../../helpers/main-io.js'

/** A stdout whose every write fails with `code`. */
const failing = (code: string): Writable => new Writable({
  write: (_chunk, _encoding, done) => done(Object.assign(new Error(code), { code })),
})

t.test('printed on stdout: exit 0', async (t) => {
  const io = testIO('/')
  t.equal(await printed(io.io, 'help\n'), 0)
  t.equal(io.stdout(), 'help\n')
})

t.test('a reader that closed early: exit 0, nothing said', async (t) => {
  const io = testIO('/')
  t.equal(await printed({ ...io.io, stdout: failing('EPIPE') }, 'help\n'), 0)
  t.equal(io.stderr(), '')
})

t.test('any other write error: exit 2, one line', async (t) => {
  const io = testIO('/')
  t.equal(await printed({ ...io.io, stdout: failing('ENOSPC') }, 'help\n'), 2)
  t.equal(io.stderr(), 'profiler-search: cannot write to stdout: no space left on the device (check where stdout goes: a full disk?)\n')
})
