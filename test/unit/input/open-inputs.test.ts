/**
 * The edge where inputs come in (src/input/open-inputs.ts): every path
 * checked and opened before anything is read, stdin when none is named,
 * what each input is (a plain file that can be read from its end, gzip
 * data, a stream), and the first bytes of a file as an input of their own.
 */

import { spawnSync } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { gzipSync } from 'node:zlib'
import t from 'tap'
import { openInputs, plainFileUpTo, STDIN, unreadableHint, type OpenedInput, type SeekableFile, type Stdin } from '../../../src/input/open-inputs.js'

const bytes = async (input: OpenedInput): Promise<Buffer> => {
  const chunks: Buffer[] = []
  for await (const chunk of input.chunks()) chunks.push(chunk)
  return Buffer.concat(chunks)
}

const text = async (input: OpenedInput): Promise<string> => (await bytes(input)).toString('utf8')

/** A stdin of these chunks, counting how often it is asked for. */
const stdinOf = (chunks: (string | Buffer)[], isTTY = false) => {
  const asked = { count: 0 }
  const stdin = (): Stdin => {
    asked.count++
    return Object.assign(Readable.from(chunks), { isTTY })
  }
  return { stdin, asked }
}

const closeAll = (inputs: OpenedInput[]): Promise<void[]> => Promise.all(inputs.map((input) => input.close()))

t.test('no inputs named: stdin, a stream read as it comes', async (t) => {
  const { stdin } = stdinOf(['192.0.2.1 ', Buffer.from('- -\n')])
  const [input] = await openInputs([], stdin, '/')
  t.equal(STDIN, '-')
  t.match(input, { label: 'stdin', seekable: null, stream: true })
  t.equal(await text(input as OpenedInput), '192.0.2.1 - -\n', 'text chunks too')
  t.equal(input?.bytesRead(), 14)
})

t.test('what a file that cannot be opened hints at: a path to check; the adm group, unless root', async (t) => {
  t.equal(unreadableHint('ENOENT', 1000), 'check the path; use - to read stdin')
  const adm = 'Debian\'s nginx and Apache logs are readable by root and the adm group: add the user running this to it (usermod -aG adm USER, then log in again), or run it as root'
  t.equal(unreadableHint('EACCES', 1000), adm)
  t.equal(unreadableHint('EPERM', 33), adm)
  t.equal(unreadableHint('EACCES', 0), undefined, 'root was refused for another reason (a root-squashed NFS share): no such hint')
  t.equal(unreadableHint('EIO', 1000), undefined)
})

t.test('stdin named twice, or a terminal: refused before anything is read', async (t) => {
  const { stdin, asked } = stdinOf([])
  await t.rejects(openInputs(['-', 'x.log', '-'], stdin, '/'), { message: 'stdin (-) is named more than once', hint: 'name it once', exitCode: 2 })
  t.equal(asked.count, 0)
  await t.rejects(openInputs(['-'], stdinOf([], true).stdin, '/'), {
    message: 'no input: stdin is a terminal',
    hint: 'give log files, or pipe a log in: zcat access.log.*.gz | profiler-search build -',
    exitCode: 2,
  })
})

t.test('files: read from the working folder, named as given; a plain file can be read from its end, gzip data cannot', async (t) => {
  const dir = t.testdir({ logs: { 'access.log': 'plain\n' } })
  const packedBytes = gzipSync('packed\n')
  await writeFile(join(dir, 'logs', 'packed.log'), packedBytes)
  const { stdin, asked } = stdinOf([])
  const inputs = await openInputs(['logs/access.log', join(dir, 'logs', 'packed.log')], stdin, dir)
  t.teardown(() => closeAll(inputs))
  const [plain, packed] = inputs as [OpenedInput, OpenedInput]
  t.equal(asked.count, 0, 'stdin is not asked for when not named')
  t.equal(plain.label, 'logs/access.log')
  t.equal(plain.stream, false)
  t.equal(plain.seekable?.size, 6)
  t.equal(await text(plain), 'plain\n')
  t.equal(plain.bytesRead(), 6)
  t.equal(packed.label, join(dir, 'logs', 'packed.log'))
  t.equal(packed.seekable, null, 'gzip data by its magic bytes, whatever the name')
  t.strictSame([plain.storedSize, packed.storedSize], [6, packedBytes.length], 'each file\'s size as stored')
  t.equal(packed.stream, false)
  t.strictSame(await bytes(packed), packedBytes, 'its bytes as stored: gunzip comes later')
})

t.test('a FIFO is a stream, opened at once without a writer', async (t) => {
  const dir = t.testdir()
  t.equal(spawnSync('mkfifo', [join(dir, 'fifo')]).status, 0)
  const inputs = await openInputs(['fifo'], stdinOf([]).stdin, dir)
  t.match(inputs[0], { label: 'fifo', seekable: null, stream: true })
  t.equal(inputs[0]?.storedSize, undefined, 'a stream: no size')
  await closeAll(inputs)
})

t.test('a missing file or a folder: the run stops before anything is read', async (t) => {
  const dir = t.testdir({ 'a.log': 'a\n', logs: {} })
  await t.rejects(openInputs(['a.log', 'missing.log'], stdinOf([]).stdin, dir), {
    message: 'cannot read missing.log: no such file', hint: 'check the path; use - to read stdin', exitCode: 2,
  })
  await t.rejects(openInputs(['logs/'], stdinOf([]).stdin, dir), {
    message: 'cannot read logs/: it is a folder', hint: 'name the log files in it, e.g. logs/access.log', exitCode: 2,
  })
  await t.rejects(openInputs(['a.log/x'], stdinOf([]).stdin, dir), { message: 'cannot read a.log/x: a part of the path is not a folder' })
})

t.test('close(): an input that will not be read is let go, twice without harm', async (t) => {
  const dir = t.testdir({ 'a.log': 'a\n' })
  const [input] = await openInputs(['a.log'], stdinOf([]).stdin, dir) as [OpenedInput]
  await input.close()
  await input.close()
  await t.rejects(text(input), { code: 'EBADF' }, 'nothing can be read after')
})

t.test('plainFileUpTo: the first bytes of a file as an input, its handle left open', async (t) => {
  const dir = t.testdir({ 'a.log': 'line 1\nline 2\nline 3\n' })
  const [whole] = await openInputs(['a.log'], stdinOf([]).stdin, dir) as [OpenedInput]
  t.teardown(() => whole.close())
  const file = whole.seekable as SeekableFile
  const head = plainFileUpTo('a.log', file, 14)
  t.match(head, { label: 'a.log', stream: false, seekable: { size: 14 } })
  t.equal(await text(head), 'line 1\nline 2\n')
  t.equal(head.bytesRead(), 14)
  await head.close()
  t.equal(await text(plainFileUpTo('a.log', file, 7)), 'line 1\n', 'the handle is still open')
})
