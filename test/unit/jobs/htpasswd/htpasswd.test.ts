/** The htpasswd job (src/jobs/htpasswd/htpasswd.ts): the hash as htpasswd -B writes it, and the file put in place as every output is. */

import { readFileSync, statSync } from 'node:fs'
import t from 'tap'
import { bcryptHash, setPassword } from '../../../../src/jobs/htpasswd/htpasswd.js'
import { bcryptjs } from '../../../../src/bcryptjs.js'
import { testJobIO } from '../../../helpers/job-io.js'

t.test('the hash: $2y$ and the cost asked for, which bcrypt takes the password back from', async (t) => {
  const hash = await bcryptHash('s3cret', 4)
  t.match(hash, /^\$2y\$04\$[./A-Za-z0-9]{53}$/)
  t.equal(await bcryptjs().compare('s3cret', hash), true)
  t.equal(await bcryptjs().compare('s3creT', hash), false)
})

t.test('the password is asked for once the file is known to be writable; the file is made 0600, then added to', async (t) => {
  const dir = t.testdir({})
  const run = testJobIO(dir)
  let asked = 0
  const password = (): Promise<string> => Promise.resolve(`pw${++asked}`)
  t.equal(await setPassword({ file: 'users', user: 'anna', cost: 4 }, password, run.io), 'added')
  t.equal(await setPassword({ file: 'users', user: 'ben', cost: 4 }, password, run.io), 'added')
  t.equal(await setPassword({ file: 'users', user: 'anna', cost: 4 }, password, run.io), 'replaced')
  t.strictSame(run.warnings, ['users: added anna', 'users: added ben', 'users: replaced the password of anna'])
  t.equal(statSync(`${dir}/users`).mode & 0o777, 0o600)
  const [anna, ben] = readFileSync(`${dir}/users`, 'utf8').split('\n').map((line) => line.slice(line.indexOf(':') + 1))
  t.equal(await bcryptjs().compare('pw3', anna as string), true)
  t.equal(await bcryptjs().compare('pw2', ben as string), true)
  asked = 0
  await t.rejects(setPassword({ file: 'no/such/folder/users', user: 'anna', cost: 4 }, password, run.io), { message: /^cannot write no\/such\/folder\/users: /, exitCode: 2 })
  t.equal(asked, 0, 'a file that cannot be written: no password asked for')
})
