/**
 * The edge where inputs come in: file paths and `-` (stdin) are checked and
 * opened before anything is read, so a missing file stops the run before any
 * work is done. Gzip data is recognised by its magic bytes, whatever the name.
 *
 * A file is read with plain reads of its handle, the next one under way
 * while the current chunk is parsed; no stream is made for it, so a run on
 * files does not load Node's stream modules at start-up.
 */

import type { Stats } from 'node:fs'
import { open, type FileHandle } from '../file-system.js'
import { resolve } from 'node:path'
import { errnoWords, inputError, usageError } from '../errors.js'
import { GZIP_MAGIC, isGzip } from './gzip.js'
import { FileShrank } from './read-error.js'

export const STDIN = '-'

/** Where stdin comes from: a stream of bytes, and whether it is a terminal. */
export type Stdin = AsyncIterable<Buffer | string> & { isTTY?: boolean }

export interface OpenedInput {
  /** The name used in messages: the path as given, or `stdin`. */
  label: string
  /** Bytes as stored (maybe gzip), in chunks, from the start; read once. A file is closed when read to its end or left. */
  chunks: () => AsyncIterable<Buffer>
  /** Bytes read so far, for the progress line. */
  bytesRead: () => number
  /** A regular file of plain (not gzip) text, which can be read from its end; else null. */
  seekable: SeekableFile | null
  /** Stdin, a FIFO or a device: bytes come as they are written, until the writer ends (no size known). */
  stream: boolean
  /** Lets go of an input that will not be read. */
  close: () => Promise<void>
}

/** Bytes per read of a file. */
const READ_CHUNK = 256 * 1024

export interface SeekableFile {
  handle: FileHandle
  /** Bytes when opened: lines a server appends later are not read. */
  size: number
}

/** Regular files not starting with the gzip magic bytes. */
const seekableFile = async (handle: FileHandle, stat: Stats): Promise<SeekableFile | null> => {
  if (!stat.isFile()) return null
  const head = Buffer.alloc(GZIP_MAGIC.length)
  const { bytesRead } = await handle.read(head, 0, head.length, 0)
  if (bytesRead === head.length && isGzip(head)) return null
  return { handle, size: stat.size }
}

/** Opens `path`, named `label` in messages. */
const openFile = async (label: string, path: string): Promise<{ handle: FileHandle; stat: Stats }> => {
  let handle: FileHandle
  try {
    handle = await open(path, 'r')
  } catch (e) {
    throw inputError(`cannot read ${label}: ${errnoWords(e)}`,
      (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'check the path; use - to read stdin' : undefined)
  }
  const stat = await handle.stat()
  if (stat.isDirectory()) {
    await handle.close()
    throw inputError(`cannot read ${label}: it is a folder`, `name the log files in it, e.g. ${label.replace(/\/+$/, '')}/access.log`)
  }
  return { handle, stat }
}

/** How much of a file is read, and whether its handle is closed at the end. */
interface ChunkOptions {
  /** Read no further than this offset (a regular file). */
  end?: number
  /** Bytes the regular file held when it was opened: an end before them means it was cut under us. */
  size?: number
  /** Leave the handle open (its owner reads on from where this stopped). */
  keepOpen?: boolean
}

/**
 * The chunks of a file from its start. A regular file is read at explicit
 * positions; anything else (a FIFO, `/dev/stdin`, a process substitution)
 * cannot seek and is read from where it stands.
 */
async function* fileChunks(handle: FileHandle, positioned: boolean, read: { bytes: number }, options: ChunkOptions = {}): AsyncGenerator<Buffer> {
  const end = options.end ?? Infinity
  const readAt = (at: number) => {
    const length = Math.min(READ_CHUNK, end - at)
    return handle.read(Buffer.allocUnsafe(length), 0, length, positioned ? at : null)
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

/**
 * The first `end` bytes of a plain file, as an input of their own read
 * through the file's handle, which stays open: a watch reads the lines
 * written up to its start, then follows the file from `end` on.
 */
export const plainFileUpTo = (label: string, file: SeekableFile, end: number): OpenedInput => {
  const read = { bytes: 0 }
  return {
    label,
    chunks: () => fileChunks(file.handle, true, read, { end, size: end, keepOpen: true }),
    bytesRead: () => read.bytes,
    seekable: { handle: file.handle, size: end },
    stream: false,
    close: () => Promise.resolve(),
  }
}

/** The chunks of stdin, counted. */
async function* stdinChunks(stdin: Stdin, read: { bytes: number }): AsyncGenerator<Buffer> {
  for await (const chunk of stdin) {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk
    read.bytes += bytes.length
    yield bytes
  }
}

/**
 * Check and open every input. No inputs means stdin. Stdin may be named
 * once; when it is a terminal nobody is piping a log into it. Relative paths
 * are read from `cwd`; messages name them as given.
 */
export const openInputs = async (
  paths: readonly string[],
  stdin: () => Stdin,
  cwd: string,
): Promise<OpenedInput[]> => {
  const names = paths.length === 0 ? [STDIN] : paths
  if (names.filter((name) => name === STDIN).length > 1) {
    throw usageError('stdin (-) is named more than once', 'name it once')
  }
  if (names.includes(STDIN) && stdin().isTTY) {
    throw usageError('no input: stdin is a terminal', 'give log files, or pipe a log in: zcat access.log.*.gz | profiler-search build -')
  }
  const handles: FileHandle[] = []
  const opened: OpenedInput[] = []
  try {
    for (const name of names) {
      const read = { bytes: 0 }
      if (name === STDIN) {
        opened.push({
          label: 'stdin', chunks: () => stdinChunks(stdin(), read), bytesRead: () => read.bytes, seekable: null, stream: true, close: () => Promise.resolve(),
        })
      } else {
        const { handle, stat } = await openFile(name, resolve(cwd, name))
        handles.push(handle)
        opened.push({
          label: name,
          chunks: () => fileChunks(handle, stat.isFile(), read, { size: stat.isFile() ? stat.size : 0 }),
          bytesRead: () => read.bytes,
          seekable: await seekableFile(handle, stat),
          stream: !stat.isFile(),
          close: () => handle.close().catch(() => undefined),
        })
      }
    }
  } catch (e) {
    await Promise.all(handles.map((h) => h.close().catch(() => undefined)))
    throw e
  }
  return opened
}
