/**
 * `profiler-search htpasswd FILE USER`: a user's bcrypt entry, as Apache's
 * htpasswd -B writes it, without apache2-utils: the password piped in or
 * typed (not echoed), never an argument; a new file 0600, an existing one
 * replaced atomically with only that user's line new. `serve --htpasswd`
 * and Apache's own `htpasswd -v` take what it writes.
 */

import { spawnSync } from 'node:child_process'
import { chmodSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs'
import { Readable } from 'node:stream'
import t from 'tap'
import { main } from '../../src/cli/main.js'
import { basicCredentials, Htpasswd, type Credentials } from '../../src/jobs/serve/htpasswd.js'
import { collector, runCli } from '../helpers/run-cli.js'

// written by `htpasswd -nbB ben s3cret`
const BEN = 'ben:$2y$05$WbGIptCpY13T6U4q/56bN.qB4W0aLNtvg6ituaU6q4yfFI4NVelqa'

const basic = (user: string, password: string): string => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`

/** Whether Apache's htpasswd (Debian's apache2-utils) takes the password of `user` in `file`. */
const apacheTakes = (file: string, user: string, password: string): boolean | null => {
  const r = spawnSync('htpasswd', ['-vb', file, user, password], { encoding: 'utf8' })
  return r.error ? null : r.status === 0
}

t.test('the password from stdin: a new file of mode 0600 with the bcrypt entry, which serve and Apache take', async (t) => {
  const dir = t.testdir({})
  const r = await runCli(['htpasswd', `${dir}/users`, 'anna'], { input: 's3cret\n' })
  t.strictSame([r.code, r.stdout, r.stderr], [0, '', `profiler-search: ${dir}/users: added anna\n`])
  const text = readFileSync(`${dir}/users`, 'utf8')
  t.match(text, /^anna:\$2y\$05\$[./A-Za-z0-9]{53}\n$/, 'as htpasswd -B writes it: $2y$, cost 5')
  t.equal(statSync(`${dir}/users`).mode & 0o777, 0o600)
  t.strictSame(readdirSync(dir), ['users'], 'no temporary file left')
  const users = await Htpasswd.load(`${dir}/users`, '/')
  t.equal(await users.verify(basicCredentials(basic('anna', 's3cret')) as Credentials), 'anna', 'serve --htpasswd lets anna in')
  t.equal(await users.verify(basicCredentials(basic('anna', 'wrong')) as Credentials), null)
  const apache = apacheTakes(`${dir}/users`, 'anna', 's3cret')
  if (apache !== null) t.equal(apache, true, 'htpasswd -v takes it')
  const costly = await runCli(['htpasswd', '--cost', '7', `${dir}/costly`, 'anna'], { input: 'x\n' })
  t.equal(costly.code, 0)
  t.match(readFileSync(`${dir}/costly`, 'utf8'), /^anna:\$2y\$07\$/, '--cost')
})

t.test('an existing file: the user added or replaced, every other line as it was, its mode kept', async (t) => {
  const dir = t.testdir({ users: '# the office\nben:$apr1$abc$defghijklmnopqrstuvwx.\nanna:$2y$05$old\n' })
  chmodSync(`${dir}/users`, 0o640)
  const replaced = await runCli(['htpasswd', `${dir}/users`, 'anna'], { input: 'neu\n' })
  t.strictSame([replaced.code, replaced.stderr], [0, `profiler-search: ${dir}/users: replaced the password of anna\n`])
  const lines = readFileSync(`${dir}/users`, 'utf8').split('\n')
  t.strictSame(lines.slice(0, 2), ['# the office', 'ben:$apr1$abc$defghijklmnopqrstuvwx.'])
  t.match(lines[2], /^anna:\$2y\$05\$/)
  t.equal(lines.length, 4)
  t.equal(statSync(`${dir}/users`).mode & 0o777, 0o640, 'the mode it had')
  const added = await runCli(['htpasswd', `${dir}/users`, 'carl'], { input: 'pw\n' })
  t.equal(added.stderr, `profiler-search: ${dir}/users: added carl\n`)
  t.match(readFileSync(`${dir}/users`, 'utf8'), /\nanna:\$2y\$05\$[^\n]+\ncarl:\$2y\$05\$[^\n]+\n$/)
})

t.test('typed at a terminal: asked twice, nothing echoed; two that differ leave the file as it was', async (t) => {
  const dir = t.testdir({ users: `${BEN}\n` })
  const typed = async (keys: string[]): Promise<{ code: number; stderr: string; modes: boolean[] }> => {
    const modes: boolean[] = []
    const stdin = Object.assign(Readable.from(keys.map((key) => Buffer.from(key))), { isTTY: true, setRawMode: (raw: boolean) => modes.push(raw) })
    const stderr = collector()
    const code = await main(['htpasswd', `${dir}/users`, 'anna'], { stdin, stdout: collector(), stderr, cwd: dir, env: {} })
    return { code, stderr: stderr.text(), modes }
  }
  const differ = await typed(['one\r', 'two\r'])
  t.strictSame(differ, { code: 2, stderr: 'New password: \nRe-type new password: \nprofiler-search: the two passwords typed differ (run it again; the file is left as it was)\n', modes: [true, false] })
  t.equal(readFileSync(`${dir}/users`, 'utf8'), `${BEN}\n`)
  t.strictSame(readdirSync(dir), ['users'], 'no temporary file left')
  const same = await typed(['geheim\r', 'geheim\r'])
  t.strictSame(same, { code: 0, stderr: `New password: \nRe-type new password: \nprofiler-search: ${dir}/users: added anna\n`, modes: [true, false] })
  const users = await Htpasswd.load(`${dir}/users`, '/')
  t.equal(await users.verify(basicCredentials(basic('anna', 'geheim')) as Credentials), 'anna')
  t.equal(await users.verify(basicCredentials(basic('ben', 's3cret')) as Credentials), 'ben', 'ben as he was')
})

t.test('refused: a password as an argument, a bad user name, an empty or overlong password, a link at the file', async (t) => {
  const dir = t.testdir({ elsewhere: 'root:x\n' })
  symlinkSync(`${dir}/elsewhere`, `${dir}/link`)
  const cases: [string[], string, string][] = [
    [['htpasswd', `${dir}/users`, 'anna', 's3cret'], 's3cret\n',
      'profiler-search: htpasswd takes no password as an argument: ps shows every argument to every user (type it when asked, or give it as the first line of stdin)\n'],
    [['htpasswd', `${dir}/users`, 'an:na'], 's3cret\n',
      "profiler-search: command-argument value 'an:na' is invalid for argument 'user'. give a user name such as anna: no colon (it ends the name in the file) or control character, at most 255 bytes (see profiler-search htpasswd --help)\n"],
    [['htpasswd', `${dir}/users`, 'anna'], '\n',
      'profiler-search: the password cannot be taken (an empty password lets anyone in who knows the name: give one; the file is left as it was)\n'],
    [['htpasswd', `${dir}/users`, 'anna'], `${'x'.repeat(73)}\n`,
      'profiler-search: the password cannot be taken (bcrypt reads 72 bytes of a password at most: give a shorter one; the file is left as it was)\n'],
    [['htpasswd', '--cost', '3', `${dir}/users`, 'anna'], 's3cret\n',
      "profiler-search: option '--cost <n>' argument '3' is invalid. give a whole number from 4 to 17: each one more doubles the time a check takes (see profiler-search htpasswd --help)\n"],
    [['htpasswd', `${dir}/link`, 'anna'], 's3cret\n',
      `profiler-search: refusing to replace ${dir}/link: it is a symbolic link (give the path of the file it points to, or a new name)\n`],
  ]
  for (const [argv, input, stderr] of cases) {
    const r = await runCli(argv, { input })
    t.strictSame([r.code, r.stderr], [2, stderr], argv.slice(1).join(' '))
  }
  t.strictSame(readdirSync(dir).sort(), ['elsewhere', 'link'], 'nothing written')
  t.equal(readFileSync(`${dir}/elsewhere`, 'utf8'), 'root:x\n')
})
