/**
 * Writing the output to stdout, piece by piece. A reader that closes early
 * (`| head -c 10`) is not an error: the run ends quietly, and what is left
 * is not made. Any other write error (a full disk, `> /dev/full`) is an
 * output error (exit 2, one line), never a page cut short with exit 0.
 *
 * When stdout is a file or a device (`> page.html`, `> /dev/full`) it is
 * written with plain writes of its descriptor, each to its end: Node's own
 * stream for a file does not retry a short write, and a disk that filled up
 * would silently lose the rest. A pipe or a terminal goes through the stream.
 */

import { fstatSync, writeSync } from 'node:fs'
import type { Writable } from 'node:stream'
import { usageError, writeErrnoWords } from '../errors.js'
import { batched, type Pieces } from './pieces.js'

function isClosedPipe(e: unknown): boolean {
  const code = (e as NodeJS.ErrnoException | null)?.code
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED'
}

function outputError(e: unknown): Error {
  return usageError(`cannot write to stdout: ${writeErrnoWords(e)}`, 'check where stdout goes: a full disk?')
}

/** The descriptor of a stdout that is a file or a device (not a pipe, socket or terminal), else null. */
function fileDescriptorOf(stdout: Writable & { fd?: unknown; isTTY?: boolean }): number | null {
  if (typeof stdout.fd !== 'number' || stdout.isTTY) return null
  try {
    const stats = fstatSync(stdout.fd)
    return stats.isFile() || stats.isCharacterDevice() || stats.isBlockDevice() ? stdout.fd : null
  } catch {
    return null
  }
}

async function writeToDescriptor(fd: number, content: Pieces): Promise<void> {
  for await (const bytes of batched(content)) {
    for (let done = 0; done < bytes.length;) {
      try {
        done += writeSync(fd, bytes, done, bytes.length - done)
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'EAGAIN') continue
        if (isClosedPipe(e)) return
        throw outputError(e)
      }
    }
  }
}

async function writeToStream(stdout: Writable, content: Pieces): Promise<void> {
  let failed: unknown = null
  // Stays attached: a write callback and a later 'error' event can both report
  // the same closed pipe, and an unheard 'error' would crash.
  const onError = (e: unknown): void => {
    failed ??= e
  }
  stdout.on('error', onError)
  const written = (bytes: Buffer): Promise<void> => new Promise((resolve) => {
    const more = stdout.write(bytes, (e) => {
      if (e) failed ??= e
      if (!more) resolve()
    })
    if (more) resolve()
  })
  for await (const bytes of batched(content)) {
    if (failed !== null) break
    await written(bytes)
  }
  if (failed === null) {
    // the last write's callback: everything was handed to the system
    await new Promise<void>((resolve) => stdout.write('', () => resolve()))
  }
  if (failed !== null && !isClosedPipe(failed)) throw outputError(failed)
}

export function writeToStdout(stdout: Writable, content: Pieces): Promise<void> {
  const fd = fileDescriptorOf(stdout)
  return fd === null ? writeToStream(stdout, content) : writeToDescriptor(fd, content)
}
