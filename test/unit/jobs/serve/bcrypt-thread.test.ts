/** bcrypt comparisons on a thread of their own (src/jobs/serve/bcrypt-thread.ts): as bcryptjs compares, off the main thread, at nice 19 on Linux. */

import { readdirSync, readFileSync } from 'node:fs'
import t from 'tap'
import { BcryptThread } from '../../../../src/jobs/serve/bcrypt-thread.js'

// written by `htpasswd -nbB` (apache2-utils)
const ALICE = 'alice:$2y$05$WbGIptCpY13T6U4q/56bN.qB4W0aLNtvg6ituaU6q4yfFI4NVelqa'

t.test('the bcrypt thread: compares as bcryptjs does, off the main thread; closed, it starts again', async (t) => {
  const thread = new BcryptThread()
  t.teardown(() => thread.close())
  const hash = ALICE.slice(6)
  t.strictSame(await Promise.all([thread.check('s3cret', hash), thread.check('wrong', hash), thread.check('s3cret', hash)]), [true, false, true])
  // bcryptjs, cost 12: 0.3-0.4 s of CPU; the main thread answers at once meanwhile
  const costly = thread.check('s3cret', '$2b$12$sz8UEMaBFVdeKjdf4WnV.u6Ss6ocx7Cx3cwQCFIxDvx76Vj2VoP1q')
  t.equal(await Promise.race([costly.then(() => 'the check'), new Promise((resolve) => setImmediate(() => resolve('the main thread')))]), 'the main thread')
  t.equal(await costly, true)
  await thread.close()
  t.equal(await thread.check('s3cret', hash), true)
  const stopped = t.rejects(thread.check('s3cret', hash), { message: 'the bcrypt thread was stopped' }, 'a check under way when it is closed')
  await thread.close()
  await stopped
})

t.test('on Linux a bcrypt thread runs at nice 19, the main thread as it was', { skip: process.platform === 'linux' ? false : 'Linux only' }, async (t) => {
  const niceOf = (tid: string): number => Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]?.split(' ')[16])
  const atNice19 = (): number => readdirSync('/proc/self/task').filter((tid) => niceOf(tid) === 19).length
  const before = atNice19()
  const main = niceOf(String(process.pid))
  const thread = new BcryptThread()
  t.teardown(() => thread.close())
  t.equal(await thread.check('s3cret', ALICE.slice(6)), true)
  t.equal(atNice19(), before + 1, 'one thread more at nice 19')
  t.equal(niceOf(String(process.pid)), main, 'the main thread as it was')
})

