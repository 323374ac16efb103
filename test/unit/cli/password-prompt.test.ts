/** The password of `profiler-search htpasswd`: typed twice at a terminal without echo, or the first line of stdin. */

import { Readable } from 'node:stream'
import t from 'tap'
import { readPassword, type PasswordStdin } from '../../../src/cli/password-prompt.js'
import { collector } from '../../helpers/run-cli.js'

/** A terminal whose keys come in these chunks; it records its raw mode, on and off. */
const terminal = (chunks: string[]): PasswordStdin & { modes: boolean[] } => {
  const modes: boolean[] = []
  return Object.assign(Readable.from(chunks.map((chunk) => Buffer.from(chunk))), { isTTY: true, modes, setRawMode: (raw: boolean) => modes.push(raw) })
}

t.test('a terminal: asked twice on stderr, nothing echoed, raw mode undone; Backspace takes back a character', async (t) => {
  const stdin = terminal(['s3c', 'x\u007fret\r', 's3cret', '\r'])
  const stderr = collector()
  t.equal(await readPassword(stdin, stderr), 's3cret')
  t.equal(stderr.text(), 'New password: \nRe-type new password: \n', 'the prompts, and no character typed')
  t.strictSame(stdin.modes, [true, false])
  t.equal(await readPassword(terminal(['pässwort\rpässwort\n']), collector()), 'pässwort', 'both lines in one chunk (pasted)')
  const umlaut = Buffer.from('ä\r')
  const split = Object.assign(Readable.from([umlaut.subarray(0, 1), umlaut.subarray(1), Buffer.from('ä\r')]), { isTTY: true })
  t.equal(await readPassword(split, collector()), 'ä', 'a character split over two chunks')
})

t.test('a terminal: two that differ, Ctrl-C or Ctrl-D: a usage error, raw mode undone', async (t) => {
  for (const [keys, message] of [
    [['one\r', 'two\r'], 'the two passwords typed differ'],
    [['one\u0003'], 'no password typed: cancelled'],
    [['one\r', '\u0004'], 'no password typed: cancelled'],
    [['one'], 'no password typed: cancelled'],
  ] as const) {
    const stdin = terminal([...keys])
    await t.rejects(readPassword(stdin, collector()), { message, exitCode: 2 }, JSON.stringify(keys))
    t.strictSame(stdin.modes, [true, false])
  }
})

t.test('a pipe: its first line, a CR before the newline dropped; nothing is a usage error', async (t) => {
  t.equal(await readPassword(Readable.from([Buffer.from('s3c'), Buffer.from('ret\r\nmore\n')]), collector()), 's3cret')
  t.equal(await readPassword(Readable.from(['last line without newline']), collector()), 'last line without newline')
  await t.rejects(readPassword(Readable.from([]), collector()), { message: 'no password on stdin', exitCode: 2 })
  await t.rejects(readPassword(Readable.from(['x'.repeat(5000)]), collector()), { message: 'stdin holds no line of at most 4096 bytes' })
})
