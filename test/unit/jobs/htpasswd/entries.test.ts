import t from 'tap'
import { passwordProblem, userNameProblem, withEntry } from '../../../../src/jobs/htpasswd/entries.js'

t.test('a user\'s entry: added at the end, or put in place of their first line; every other line as it was', async (t) => {
  t.strictSame(withEntry('', 'anna', 'H'), { text: 'anna:H\n', replaced: false }, 'a new file')
  t.strictSame(withEntry('# users\nben:B\n', 'anna', 'H'), { text: '# users\nben:B\nanna:H\n', replaced: false })
  t.strictSame(withEntry('ben:B', 'anna', 'H'), { text: 'ben:B\nanna:H\n', replaced: false }, 'a last line without its newline gets one')
  t.strictSame(withEntry('ben:B\nanna:OLD\n\n# x\nanna:LATER\n', 'anna', 'H'), { text: 'ben:B\nanna:H\n\n# x\nanna:LATER\n', replaced: true },
    'the first entry of the user, which is the one read; a later one left as it was')
  t.strictSame(withEntry('ben:$apr1$x\r\nanna:OLD\r\n', 'anna', 'H'), { text: 'ben:$apr1$x\r\nanna:H\r\n', replaced: true }, 'CRLF kept; an MD5 entry of another user too')
  t.strictSame(withEntry('annabel:X\n', 'anna', 'H'), { text: 'annabel:X\nanna:H\n', replaced: false }, 'a name is the whole name')
})

t.test('user names and passwords that cannot go in', async (t) => {
  t.equal(userNameProblem('anna'), undefined)
  t.equal(userNameProblem('anna.müller@shop.example'), undefined)
  for (const bad of ['', 'a:b', 'a\nb', 'a\u007f', 'x'.repeat(256)]) t.match(userNameProblem(bad), /^give a user name such as anna: no colon/, JSON.stringify(bad.slice(0, 9)))
  t.equal(passwordProblem('s3cret'), undefined)
  t.equal(passwordProblem('ü'.repeat(36)), undefined, '72 bytes')
  t.equal(passwordProblem('ü'.repeat(37)), 'bcrypt reads 72 bytes of a password at most: give a shorter one')
  t.equal(passwordProblem(''), 'an empty password lets anyone in who knows the name: give one')
})
