/**
 * The edge where inputs come in: file paths and `-` (stdin) are checked and
 * opened before anything is read, so a missing file stops the run before any
 * work is done. Gzip data is recognised by its magic bytes, whatever the name.
 */

import { open, type FileHandle } from 'node:fs/promises'
import type { Readable } from 'node:stream'
import { errnoWords, inputError, usageError } from '../errors.js'
import { GZIP_MAGIC, isGzip } from './gzip.js'

export const STDIN = '-'

export interface OpenedInput {
  /** The name used in messages: the path as given, or `stdin`. */
  label: string
  /** Bytes as stored (maybe gzip). The stream closes the file once read to its end. */
  stream: () => Readable
  /** A regular file of plain (not gzip) text, which can be read from its end; else null. */
  seekable: SeekableFile | null
  /** Lets go of an input that will not be read. */
  close: () => Promise<void>
}

export interface SeekableFile {
  handle: FileHandle
  /** Bytes when opened: lines a server appends later are not read. */
  size: number
}

/** Regular files not starting with the gzip magic bytes. */
const seekableFile = async (handle: FileHandle): Promise<SeekableFile | null> => {
  const stat = await handle.stat()
  if (!stat.isFile()) return null
  const head = Buffer.alloc(GZIP_MAGIC.length)
  const { bytesRead } = await handle.read(head, 0, head.length, 0)
  if (bytesRead === head.length && isGzip(head)) return null
  return { handle, size: stat.size }
}

const openFile = async (path: string): Promise<FileHandle> => {
  let handle: FileHandle
  try {
    handle = await open(path, 'r')
  } catch (e) {
    throw inputError(`cannot read ${path}: ${errnoWords(e)}`,
      (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'check the path; use - to read stdin' : undefined)
  }
  const stat = await handle.stat()
  if (stat.isDirectory()) {
    await handle.close()
    throw inputError(`cannot read ${path}: it is a folder`, `name the log files in it, e.g. ${path.replace(/\/+$/, '')}/access.log`)
  }
  return handle
}

/**
 * Check and open every input. No inputs means stdin. Stdin may be named
 * once; when it is a terminal nobody is piping a log into it.
 */
export const openInputs = async (
  paths: readonly string[],
  stdin: Readable & { isTTY?: boolean },
): Promise<OpenedInput[]> => {
  const names = paths.length === 0 ? [STDIN] : paths
  if (names.filter((name) => name === STDIN).length > 1) {
    throw usageError('stdin (-) is named more than once', 'name it once')
  }
  if (names.includes(STDIN) && stdin.isTTY) {
    throw usageError('no input: stdin is a terminal', 'give log files, or pipe a log in: zcat access.log.*.gz | profiler-search build -')
  }
  const handles: FileHandle[] = []
  const opened: OpenedInput[] = []
  try {
    for (const name of names) {
      if (name === STDIN) {
        opened.push({ label: 'stdin', stream: () => stdin, seekable: null, close: () => Promise.resolve() })
      } else {
        // The stream closes its handle once it has been read to the end.
        const handle = await openFile(name)
        handles.push(handle)
        opened.push({
          label: name,
          stream: () => handle.createReadStream({ highWaterMark: 256 * 1024, start: 0 }),
          seekable: await seekableFile(handle),
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
