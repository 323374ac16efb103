/**
 * The inputs of a watch, by how each is read:
 *
 * - live: a plain regular file by the name a server writes to. At start its
 *   complete lines are read (the scan, from its end when large); it is then
 *   followed from the byte after the last of them, through the same open
 *   file, so a line written in between is read once, by the follower.
 * - history: gzip data, or an older generation by its name (`access.log.1`,
 *   `access.log-20261121`): read once at start. Such a name takes the next
 *   rotation's file in turn; the live file's follower already reads what is
 *   written to a file renamed away, so following it too would read it twice.
 * - stream: stdin, a FIFO, a device: read as it comes, until its writer ends.
 */

import { resolve } from 'node:path'
import type { FollowStart } from './follow-file.js'
import { MAX_LINE_LENGTH } from './line-splitter.js'
import { plainFileUpTo, type OpenedInput, type SeekableFile } from './open-inputs.js'
import { isRotatedName } from './rotation.js'
import { NEWLINE } from '../text/chars.js'

export type WatchedInput =
  | { kind: 'live'; label: string; path: string; scanned: OpenedInput; start: FollowStart }
  | { kind: 'history'; input: OpenedInput }
  | { kind: 'stream'; input: OpenedInput }

/**
 * Where the complete lines of a file of `size` bytes end: after its last
 * newline. Bytes after it are a line still being written (it waits for its
 * newline), unless they are more than a line may hold: then the scan counts
 * that line as too long, and following starts in it (`midLine`).
 */
export async function completeLinesEnd(file: SeekableFile): Promise<{ offset: number; midLine: boolean }> {
  const from = Math.max(0, file.size - (MAX_LINE_LENGTH + 1))
  const tail = Buffer.alloc(file.size - from)
  let got = 0
  while (got < tail.length) {
    const { bytesRead } = await file.handle.read(tail, got, tail.length - got, from + got)
    if (bytesRead === 0) break
    got += bytesRead
  }
  const newline = tail.subarray(0, got).lastIndexOf(NEWLINE)
  if (newline >= 0) return { offset: from + newline + 1, midLine: false }
  return from === 0 ? { offset: 0, midLine: false } : { offset: file.size, midLine: true }
}

/** The opened inputs (in the order given), each with how a watch reads it; relative names are read from `cwd`. */
export async function watchedInputs(opened: readonly OpenedInput[], cwd: string): Promise<WatchedInput[]> {
  const watched: WatchedInput[] = []
  for (const input of opened) {
    if (input.stream) watched.push({ kind: 'stream', input })
    else if (input.seekable === null || isRotatedName(input.label)) watched.push({ kind: 'history', input })
    else {
      const { offset, midLine } = await completeLinesEnd(input.seekable)
      watched.push({
        kind: 'live', label: input.label, path: resolve(cwd, input.label),
        scanned: plainFileUpTo(input.label, input.seekable, offset),
        start: { handle: input.seekable.handle, offset, midLine },
      })
    }
  }
  return watched
}
