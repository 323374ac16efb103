/**
 * A file named by path, opened and read without waiting in the threadpool
 * (src/input/file-chunks.ts): opened at once whatever it is, read by kind
 * (a regular file at positions, a FIFO through the event loop, a device
 * from where it stands), counted, let go at the end, and a regular file cut
 * under the reader told apart from one that ended.
 */

import { spawnSync } from 'node:child_process'
import { constants } from 'node:fs'
import { open, truncate, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import t from 'tap'
import type { FileHandle } from 'node:fs/promises'
import { fileChunks, fileKind, openRegularFile, openToRead, type OpenedFile } from '../../../src/input/file-chunks.js'

const KIB = 1024

const collect = async (chunks: AsyncIterable<Buffer>): Promise<Buffer[]> => {
  const all: Buffer[] = []
  for await (const chunk of chunks) all.push(chunk)
  return all
}

/** The next chunk, or null at the end. */
const next = async (chunks: AsyncGenerator<Buffer>): Promise<Buffer | null> => {
  const step = await chunks.next()
  return step.done === true ? null : step.value
}

/** The FileHandle of a regular file or device that was opened. */
const fileHandle = (opened: OpenedFile): FileHandle => {
  if (opened.kind === 'pipe') throw new Error('a pipe has no FileHandle')
  return opened.handle
}

const mkfifo = (path: string): string => {
  if (spawnSync('mkfifo', [path]).status !== 0) throw new Error(`mkfifo ${path}`)
  return path
}

t.test('what was opened: a file, a FIFO or socket (a pipe), anything else a device', async (t) => {
  const dir = t.testdir({ 'a.log': 'a\n' })
  const kinds: string[] = []
  for (const path of [join(dir, 'a.log'), mkfifo(join(dir, 'fifo')), '/dev/null']) {
    const opened = await openToRead(path)
    kinds.push(fileKind(opened.stat))
    t.equal(opened.kind, fileKind(opened.stat))
    await opened.handle.close()
  }
  t.strictSame(kinds, ['file', 'pipe', 'device'], 'a FIFO without a writer opens at once')
  await t.rejects(openToRead(join(dir, 'missing')), { code: 'ENOENT' })
})

t.test('a regular file: chunks of 256 KiB from its start, counted, the handle closed at the end', async (t) => {
  const dir = t.testdir()
  const data = Buffer.alloc(600 * KIB, 'x')
  await writeFile(join(dir, 'big.log'), data)
  const opened = await openToRead(join(dir, 'big.log'))
  const handle = fileHandle(opened)
  const read = { bytes: 0 }
  const chunks = await collect(fileChunks(opened, read, { size: opened.stat.size }))
  t.strictSame(chunks.map((chunk) => chunk.length), [256 * KIB, 256 * KIB, 88 * KIB])
  t.strictSame(Buffer.concat(chunks), data)
  t.equal(read.bytes, 600 * KIB)
  await t.rejects(handle.stat(), { code: 'EBADF' }, 'closed')
})

t.test('a regular file: no further than `end`; keepOpen leaves the handle to its owner', async (t) => {
  const dir = t.testdir({ 'a.log': 'line 1\nline 2\n' })
  const opened = await openToRead(join(dir, 'a.log'))
  const handle = fileHandle(opened)
  t.teardown(() => handle.close())
  const read = { bytes: 0 }
  t.equal(Buffer.concat(await collect(fileChunks(opened, read, { end: 7, keepOpen: true }))).toString(), 'line 1\n')
  t.equal(read.bytes, 7)
  t.strictSame(await collect(fileChunks(opened, read, { end: 7, keepOpen: true })), [], 'read once: nothing left before end')
  t.equal((await handle.stat()).size, 14, 'still open')
  t.equal(Buffer.concat(await collect(fileChunks(opened, { bytes: 0 }, { keepOpen: true }))).toString(), 'line 1\nline 2\n', 'and read again from its start')
})

t.test('a regular file that ends before the size it had when opened was cut under the reader', async (t) => {
  const dir = t.testdir({ 'a.log': 'x'.repeat(1000) })
  const opened = await openToRead(join(dir, 'a.log'))
  const handle = fileHandle(opened)
  await t.rejects(collect(fileChunks(opened, { bytes: 0 }, { size: 2000 })), { name: 'FileShrank', message: 'the file shrank from 2000 to 1000 bytes while it was read' })
  await t.rejects(handle.stat(), { code: 'EBADF' }, 'closed after the error too')
})

t.test('a regular file cut while it is read: FileShrank, from what it had to what is left', async (t) => {
  const dir = t.testdir()
  const path = join(dir, 'a.log')
  await writeFile(path, Buffer.alloc(600 * KIB, 'x'))
  const opened = await openToRead(path)
  const read = { bytes: 0 }
  const chunks = fileChunks(opened, read, { size: opened.stat.size })
  t.equal((await next(chunks))?.length, 256 * KIB)
  await truncate(path, 100)
  await t.rejects(collect(chunks), { name: 'FileShrank', from: 600 * KIB, to: 100 })
})

t.test('a FIFO: read as its writer writes, until the writer leaves; `end` stops it early', async (t) => {
  const dir = t.testdir()
  const fifo = mkfifo(join(dir, 'fifo'))
  const opened = await openToRead(fifo)
  t.equal(fileKind(opened.stat), 'pipe')
  const writer = await open(fifo, constants.O_WRONLY | constants.O_NONBLOCK)
  await writer.write('first\n')
  const read = { bytes: 0 }
  const chunks = fileChunks(opened, read)
  t.equal((await next(chunks))?.toString(), 'first\n')
  await writer.write('second\n')
  await writer.close()
  t.equal(Buffer.concat(await collect(chunks)).toString(), 'second\n')
  t.equal(read.bytes, 13)

  const again = await openToRead(fifo)
  const writer2 = await open(fifo, constants.O_WRONLY | constants.O_NONBLOCK)
  t.teardown(() => writer2.close())
  await writer2.write('0123456789')
  const limited = { bytes: 0 }
  t.equal(Buffer.concat(await collect(fileChunks(again, limited, { end: 4 }))).toString(), '0123', 'the writer still there: it stops at end')
  t.equal(limited.bytes, 4)
})

t.test('a device: read from where it stands, no further than `end`', async (t) => {
  const opened = await openToRead('/dev/zero')
  t.equal(fileKind(opened.stat), 'device')
  const read = { bytes: 0 }
  const chunks = await collect(fileChunks(opened, read, { end: 300 * KIB }))
  t.strictSame(chunks.map((chunk) => chunk.length), [256 * KIB, 44 * KIB])
  t.ok(chunks.every((chunk) => chunk.every((byte) => byte === 0)))
  t.equal(read.bytes, 300 * KIB)
})

t.test('openRegularFile: a regular file\'s handle; a FIFO without a writer (opened without waiting) or a folder: null', async (t) => {
  const dir = t.testdir({ 'a.log': 'line\n' })
  const handle = await openRegularFile(join(dir, 'a.log'))
  t.ok(handle)
  t.equal((await handle?.readFile())?.toString(), 'line\n')
  await handle?.close()
  t.equal(spawnSync('mkfifo', [join(dir, 'fifo')]).status, 0)
  t.equal(await openRegularFile(join(dir, 'fifo')), null)
  t.equal(await openRegularFile(dir), null)
  await t.rejects(openRegularFile(join(dir, 'missing')), { code: 'ENOENT' })
})
