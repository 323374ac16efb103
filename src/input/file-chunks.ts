/**
 * A file named by path, opened and read without ever waiting in libuv's
 * threadpool. open(2) of a FIFO without a writer, and read(2) of a pipe or a
 * terminal where nothing is written, wait for the other side however long;
 * a threadpool thread stuck there keeps the process alive even after
 * process.exit (libuv joins its threads at exit), so a stop signal could not
 * end the run, and a log name another user turns into a FIFO for a moment
 * would stop a watch for good. So every path is opened with O_NONBLOCK (the
 * open returns at once, whatever the name leads to now), fstat tells what
 * was opened, and each kind is read its own way:
 *
 * - a regular file: plain reads at explicit positions, the next one under
 *   way while the current chunk is parsed (O_NONBLOCK changes nothing here);
 * - a FIFO or socket (`<(…)`, `/dev/stdin` as a pipe): through a net.Socket,
 *   which waits in the event loop, for a writer to come, for bytes, and for
 *   the last writer to leave (the end);
 * - a device (`/dev/zero`, a terminal): read from where it stands; a read
 *   that finds nothing yet (EAGAIN) is tried again a moment later.
 *
 * A pipe is read through the descriptor of that first open: a reader opened
 * after the last writer left is never told the end (Linux waits for a new
 * writer first), so the socket must get the one opened before. The others
 * get a FileHandle of node:fs/promises, opened again through that descriptor
 * (/dev/fd/N: the same file, whatever the name leads to by now).
 */

import { close, constants, fstat, open as openDescriptor, type Stats } from 'node:fs'
import { open, type FileHandle } from 'node:fs/promises'
import { createRequire } from 'node:module'
import type { Socket } from 'node:net'
import { promisify } from 'node:util'
import { FileShrank } from './read-error.js'

const require = createRequire(import.meta.url)

/** How an opened file is read: see the top of this file. */
export type FileKind = 'file' | 'pipe' | 'device'

export function fileKind(stat: Stats): FileKind {
  return (stat.isFile() ? 'file' : stat.isFIFO() || stat.isSocket() ? 'pipe' : 'device')
}

/**
 * The descriptor of a pipe, until the net.Socket that reads it takes it
 * over (and closes it when done): closed once, by whoever holds it then.
 */
export class PipeDescriptor {
  #fd: number | null

  constructor(fd: number) {
    this.#fd = fd
  }

  /** The descriptor, for its new owner; from then on close() leaves it alone. */
  take(): number {
    if (this.#fd === null) throw new Error('the pipe was taken or closed before')
    const fd = this.#fd
    this.#fd = null
    return fd
  }

  close(): Promise<void> {
    const fd = this.#fd
    this.#fd = null
    return fd === null ? Promise.resolve() : promisify(close)(fd)
  }
}

/** A file to read: a FileHandle, or a pipe's descriptor (see the top of this file). */
export type ReadableFile = { kind: 'file' | 'device'; handle: FileHandle } | { kind: 'pipe'; handle: PipeDescriptor }

export type OpenedFile = ReadableFile & { stat: Stats }

/** Opens `path` to read it, at once whatever it is now (a FIFO without a writer too); `stat` is what was opened. */
export async function openToRead(path: string): Promise<OpenedFile> {
  const fd = await promisify(openDescriptor)(path, constants.O_RDONLY | constants.O_NONBLOCK)
  let stat: Stats
  try {
    stat = await promisify(fstat)(fd)
  } catch (e) {
    close(fd)
    throw e
  }
  const kind = fileKind(stat)
  if (kind === 'pipe') return { kind, handle: new PipeDescriptor(fd), stat }
  try {
    return { kind, handle: await openAgain(fd, stat), stat }
  } finally {
    close(fd)
  }
}

/**
 * A regular file's handle, opened as openToRead opens (a FIFO put at the name
 * holds no thread of the pool); null when the name leads to something else.
 */
export async function openRegularFile(path: string): Promise<FileHandle | null> {
  const opened = await openToRead(path)
  if (opened.kind === 'file') return opened.handle
  await opened.handle.close().catch(() => undefined)
  return null
}

/** A FileHandle of the file open as `fd`, whose fstat gave `stat`. */
async function openAgain(fd: number, stat: Stats): Promise<FileHandle> {
  const handle = await open(`/dev/fd/${fd}`, constants.O_RDONLY | constants.O_NONBLOCK)
  const again = await handle.stat().catch(async (e: unknown) => {
    await handle.close()
    throw e
  })
  if (again.dev === stat.dev && again.ino === stat.ino) return handle
  await handle.close()
  throw new Error(`/dev/fd/${fd} opened another file than the one open as ${fd}`)
}

/** Bytes per read of a file. */
const READ_CHUNK = 256 * 1024

/** How long a device read that found nothing (EAGAIN) waits before it is tried again. */
const DEVICE_RETRY_MS = 50

/** How much of a file is read, and whether its handle is closed at the end. */
export interface ChunkOptions {
  /** Read no further than this many bytes. */
  end?: number
  /** Bytes the regular file held when it was opened: an end before them means it was cut under us. */
  size?: number
  /** Leave the handle open (its owner reads on from where this stopped); not for a pipe. */
  keepOpen?: boolean
}

/**
 * The chunks of an opened file from where it stands (a regular file: from
 * its start), counted in `read.bytes`. A regular file that ends before the
 * size it had when opened, or before what was read of it, was cut under us
 * (copytruncate): FileShrank.
 */
export function fileChunks(file: ReadableFile, read: { bytes: number }, options: ChunkOptions = {}): AsyncGenerator<Buffer> {
  return file.kind === 'pipe' ? pipeChunks(file.handle, read, options.end ?? Infinity) : readChunks(file.handle, file.kind === 'file', read, options)
}

/** A regular file at explicit positions, or a device from where it stands. */
async function* readChunks(handle: FileHandle, positioned: boolean, read: { bytes: number }, options: ChunkOptions): AsyncGenerator<Buffer> {
  const end = options.end ?? Infinity
  const readAt = (at: number) => {
    const length = Math.min(READ_CHUNK, end - at)
    return positioned ? handle.read(Buffer.allocUnsafe(length), 0, length, at) : readDevice(handle, length)
  }
  let pending = read.bytes < end ? readAt(0) : null
  try {
    while (pending !== null) {
      const { bytesRead, buffer } = await pending
      if (bytesRead === 0) {
        // The end, unless the file was cut short under us (copytruncate, or cut to any size below what it held
        // when it was opened or what was read of it): then lines are missing.
        const had = Math.max(read.bytes, options.size ?? 0)
        const now = positioned ? (await handle.stat()).size : read.bytes
        if (read.bytes < had || now < had) throw new FileShrank(had, Math.min(now, read.bytes))
        return
      }
      read.bytes += bytesRead
      // The next read runs on libuv's threadpool while the caller parses this chunk.
      pending = read.bytes < end ? readAt(read.bytes) : null
      yield bytesRead === buffer.length ? buffer : buffer.subarray(0, bytesRead)
    }
  } finally {
    await pending?.catch(() => undefined)
    if (!options.keepOpen) await handle.close().catch(() => undefined)
  }
}

/** One read of a device that never waits in the threadpool: nothing there yet (EAGAIN), it is tried again a moment later. */
async function readDevice(handle: FileHandle, length: number): Promise<{ bytesRead: number; buffer: Buffer }> {
  for (;;) {
    try {
      return await handle.read(Buffer.allocUnsafe(length), 0, length, null)
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e
      await new Promise((resolve) => setTimeout(resolve, DEVICE_RETRY_MS))
    }
  }
}

/** A FIFO or socket, through a net.Socket that owns its descriptor from the first chunk asked for on. */
async function* pipeChunks(pipe: PipeDescriptor, read: { bytes: number }, end: number): AsyncGenerator<Buffer> {
  if (read.bytes >= end) {
    await pipe.close().catch(() => undefined)
    return
  }
  const net = require('node:net') as typeof import('node:net')
  const fd = pipe.take()
  let socket: Socket
  try {
    socket = new net.Socket({ fd, readable: true, writable: false })
  } catch (e) {
    close(fd)
    throw e
  }
  try {
    for await (const chunk of socket as AsyncIterable<Buffer>) {
      const bytes = chunk.length > end - read.bytes ? chunk.subarray(0, end - read.bytes) : chunk
      read.bytes += bytes.length
      yield bytes
      if (read.bytes >= end) return
    }
  } finally {
    socket.destroy()
  }
}
