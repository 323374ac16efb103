/** One look at every followed input (src/jobs/follow/poll.ts): whether the page may have changed; an input that cannot be read on is said once and dropped. */

import t from 'tap'
import { usageError } from '../../../../src/errors.js'
import type { Followed } from '../../../../src/jobs/follow/followed-inputs.js'
import { pollAll } from '../../../../src/jobs/follow/poll.js'

const input = (label: string, poll: () => Promise<boolean>, closed: string[]): Followed => ({
  label, poll, ended: () => false, close: () => { closed.push(label); return Promise.resolve() },
})

t.test('changed when any input kept a record; one that fails is said, closed and dropped; a bug is thrown', async (t) => {
  const closed: string[] = []
  const warned: string[] = []
  const followed = [
    input('a.log', () => Promise.resolve(false), closed),
    input('b.log', () => Promise.reject(usageError('cannot read b.log: EIO')), closed),
    input('c.log', () => Promise.resolve(true), closed),
  ]
  t.equal(await pollAll(followed, (line) => warned.push(line)), true)
  t.strictSame(followed.map((f) => f.label), ['a.log', 'c.log'])
  t.strictSame(warned, ['cannot read b.log: EIO; b.log is not read any more'])
  t.strictSame(closed, ['b.log'])
  t.equal(await pollAll([followed[0] as Followed], () => undefined), false, 'nothing new')
  await t.rejects(pollAll([input('d.log', () => Promise.reject(new TypeError('a bug')), closed)], () => undefined), { message: 'a bug' })
})

t.test('an input that fails took the lines it read before: the page may have changed', async (t) => {
  const followed = [input('a.log', () => Promise.resolve(false), []), input('b.log', () => Promise.reject(usageError('cannot read b.log: EIO')), [])]
  t.equal(await pollAll(followed, () => undefined), true)
  t.strictSame(followed.map((f) => f.label), ['a.log'])
})
