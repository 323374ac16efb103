/**
 * A small file read whole (a config file, a file of users), opened and read
 * as inputs are (file-chunks.ts): a FIFO without a writer, or one whose
 * writer never writes, waits without holding a thread, so a stop signal
 * still ends the run; and no more than a cap is read, so `/dev/zero` or a
 * FIFO that never ends is turned down instead of filling the memory.
 */

import { fileChunks, openToRead, type OpenedFile } from './file-chunks.js'

/** Its bytes, or why it was not read: a folder, or more than the cap. Errors of opening and reading are thrown as they are. */
export type SmallFile = { kind: 'bytes'; bytes: Buffer } | { kind: 'folder' } | { kind: 'too large' }

export async function readSmallFile(path: string, maxBytes: number): Promise<SmallFile> {
  return readOpenedSmallFile(await openToRead(path), maxBytes)
}

/** The same for a file already opened by openToRead (whose `stat` the caller looked at first); it is closed once read. */
export async function readOpenedSmallFile(opened: OpenedFile, maxBytes: number): Promise<SmallFile> {
  const { stat } = opened
  if (stat.isDirectory()) {
    await opened.handle.close()
    return { kind: 'folder' }
  }
  const chunks: Buffer[] = []
  const read = { bytes: 0 }
  for await (const chunk of fileChunks(opened, read, { end: maxBytes + 1, size: stat.isFile() ? stat.size : 0 })) chunks.push(chunk)
  return read.bytes > maxBytes ? { kind: 'too large' } : { kind: 'bytes', bytes: Buffer.concat(chunks) }
}
