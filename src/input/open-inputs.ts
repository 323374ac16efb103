/**
 * The edge where inputs come in: file paths and `-` (stdin) are checked and
 * opened before anything is read, so a missing file stops the run before any
 * work is done. Gzip data is recognised by its magic bytes, whatever the name.
 *
 * A path is opened and read without ever waiting in libuv's threadpool (a
 * FIFO without a writer included): see file-chunks.ts.
 */

import type { Stats } from 'node:fs'
import type { FileHandle } from 'node:fs/promises'
import { resolve } from 'node:path'
import { errnoWords, usageError } from '../errors.js'
import { fileChunks, openToRead, type OpenedFile } from './file-chunks.js'
import { GZIP_MAGIC, isGzip } from './gzip.js'
import { asInputError } from './read-error.js'

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
  /** A regular file's size when opened, gzip or not (how much work it may be); absent for a stream. */
  storedSize?: number
  /** Stdin, a FIFO or a device: bytes come as they are written, until the writer ends (no size known). */
  stream: boolean
  /** Lets go of an input that will not be read. */
  close: () => Promise<void>
}

export interface SeekableFile {
  handle: FileHandle
  /** Bytes when opened: lines a server appends later are not read. */
  size: number
}

/** Regular files not starting with the gzip magic bytes; `label` names the file in a read error. */
async function seekableFile(handle: FileHandle, stat: Stats, label: string): Promise<SeekableFile | null> {
  if (!stat.isFile()) return null
  const head = Buffer.alloc(GZIP_MAGIC.length)
  const { bytesRead } = await handle.read(head, 0, head.length, 0).catch((e: unknown) => {
    throw asInputError(e, label, false)
  })
  if (bytesRead === head.length && isGzip(head)) return null
  return { handle, size: stat.size }
}

/**
 * What to do about an input that cannot be opened, by its errno code: a
 * path to check; a log only root and the `adm` group may read (Debian's
 * nginx and Apache logs are root:adm 0640), as any other user than root.
 */
export function unreadableHint(code: string | undefined, euid: number | undefined = process.geteuid?.()): string | undefined {
  if (code === 'ENOENT') return 'check the path; use - to read stdin'
  if ((code === 'EACCES' || code === 'EPERM') && euid !== 0) {
    return 'Debian\'s nginx and Apache logs are readable by root and the adm group: add the user running this to it (usermod -aG adm USER, then log in again), or run it as root'
  }
  return undefined
}

/** Opens `path`, named `label` in messages. */
async function openFile(label: string, path: string): Promise<OpenedFile> {
  const opened = await openToRead(path).catch((e: unknown) => {
    throw usageError(`cannot read ${label}: ${errnoWords(e)}`, unreadableHint((e as NodeJS.ErrnoException).code), { input: label })
  })
  if (opened.stat.isDirectory()) {
    await opened.handle.close()
    const folder = label.replace(/\/+$/, '')
    throw usageError(`cannot read ${label}: it is a folder`, `name the log files in it, e.g. ${folder}/access.log`, { input: folder })
  }
  return opened
}

/**
 * The first `end` bytes of a plain file, as an input of their own read
 * through the file's handle, which stays open: a watch reads the lines
 * written up to its start, then follows the file from `end` on.
 */
export function plainFileUpTo(label: string, file: SeekableFile, end: number): OpenedInput {
  const read = { bytes: 0 }
  return {
    label,
    chunks: () => fileChunks({ kind: 'file', handle: file.handle }, read, { end, size: end, keepOpen: true }),
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
export async function openInputs(
  paths: readonly string[],
  stdin: () => Stdin,
  cwd: string,
): Promise<OpenedInput[]> {
  const names = paths.length === 0 ? [STDIN] : paths
  if (names.filter((name) => name === STDIN).length > 1) {
    throw usageError('stdin (-) is named more than once', 'name it once')
  }
  if (names.includes(STDIN) && stdin().isTTY) {
    throw usageError('no input: stdin is a terminal', 'give log files, or pipe a log in: zcat access.log.*.gz | profiler-search build -')
  }
  const files: OpenedFile[] = []
  const opened: OpenedInput[] = []
  try {
    for (const name of names) {
      const read = { bytes: 0 }
      if (name === STDIN) {
        opened.push({
          label: 'stdin', chunks: () => stdinChunks(stdin(), read), bytesRead: () => read.bytes, seekable: null, stream: true, close: () => Promise.resolve(),
        })
      } else {
        const file = await openFile(name, resolve(cwd, name))
        files.push(file)
        const { stat } = file
        opened.push({
          label: name,
          chunks: () => fileChunks(file, read, { size: stat.isFile() ? stat.size : 0 }),
          bytesRead: () => read.bytes,
          seekable: file.kind === 'file' ? await seekableFile(file.handle, stat, name) : null,
          ...(stat.isFile() ? { storedSize: stat.size } : {}),
          stream: !stat.isFile(),
          close: () => file.handle.close().catch(() => undefined),
        })
      }
    }
  } catch (e) {
    await Promise.all(files.map((file) => file.handle.close().catch(() => undefined)))
    throw e
  }
  return opened
}

/** One file by its absolute path, opened as openInputs opens it (never stdin). */
export async function openFileInput(path: string): Promise<OpenedInput> {
  const [input] = await openInputs([path], () => {
    throw new Error(`${path} is no file`)
  }, '/')
  return input as OpenedInput
}
