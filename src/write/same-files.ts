/**
 * `--if-changed`: whether the file just written holds what the target holds
 * already, so the target (and its mtime) can be left alone. Byte for byte;
 * or, for a page, apart from one region whose text changes on every run
 * (the stamp saying when the page was generated): the first stretch from
 * `start` to the next `end` in each file is left out of the comparison.
 * Neither file is ever held whole.
 */

import { createHash, type Hash } from 'node:crypto'
import { constants, type Stats } from 'node:fs'
import { open, type FileHandle } from 'node:fs/promises'

/** A stretch of a file left out of the comparison: from the first `start` up to and including the next `end`. */
export interface IgnoredRegion {
  start: string
  end: string
}

const BLOCK = 64 * 1024

/** The file at `path` if it is still the regular file `seen` was taken of: never through a link, never waiting on a FIFO put there since. */
async function openSame(path: string, seen: Stats): Promise<FileHandle | null> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(() => null)
  if (!handle) return null
  const opened = await handle.stat()
  if (opened.isFile() && opened.ino === seen.ino && opened.dev === seen.dev) return handle
  await handle.close()
  return null
}

/** Whether `written` (`size` bytes) and the regular file `target` (as `seen`) hold the same bytes, read in pieces. */
async function sameBytes(target: string, seen: Stats, written: FileHandle, size: number): Promise<boolean> {
  if (seen.size !== size) return false
  const other = await openSame(target, seen)
  if (!other) return false
  try {
    const mine = Buffer.allocUnsafe(BLOCK)
    const theirs = Buffer.allocUnsafe(BLOCK)
    for (let at = 0; at < size;) {
      const [x, y] = await Promise.all([written.read(mine, 0, mine.length, at), other.read(theirs, 0, theirs.length, at)])
      if (x.bytesRead !== y.bytesRead || x.bytesRead === 0 || !mine.subarray(0, x.bytesRead).equals(theirs.subarray(0, y.bytesRead))) return false
      at += x.bytesRead
    }
    return true
  } finally {
    await other.close()
  }
}

/**
 * Feeds a file's bytes to a hash without the region: before it, what may be
 * the start of `start` is held back until the next block tells; inside it,
 * what may be the start of `end`.
 */
class RegionLeftOut {
  readonly #start: Buffer
  readonly #end: Buffer
  readonly #hash: Hash
  #state: 'before' | 'inside' | 'after' = 'before'
  #held: Buffer = Buffer.alloc(0)

  constructor(region: IgnoredRegion, hash: Hash) {
    this.#start = Buffer.from(region.start)
    this.#end = Buffer.from(region.end)
    this.#hash = hash
  }

  add(block: Buffer): void {
    if (this.#state === 'after') {
      this.#hash.update(block)
      return
    }
    let bytes = this.#held.length === 0 ? block : Buffer.concat([this.#held, block])
    if (this.#state === 'before') {
      const at = bytes.indexOf(this.#start)
      if (at < 0) {
        const keep = Math.min(bytes.length, this.#start.length - 1)
        this.#hash.update(bytes.subarray(0, bytes.length - keep))
        this.#held = Buffer.from(bytes.subarray(bytes.length - keep))
        return
      }
      this.#hash.update(bytes.subarray(0, at))
      this.#state = 'inside'
      bytes = bytes.subarray(at + this.#start.length)
    }
    const at = bytes.indexOf(this.#end)
    if (at < 0) {
      const keep = Math.min(bytes.length, this.#end.length - 1)
      this.#held = Buffer.from(bytes.subarray(bytes.length - keep))
      return
    }
    this.#state = 'after'
    this.#held = Buffer.alloc(0)
    this.#hash.update(bytes.subarray(at + this.#end.length))
  }

  /** The digest of what was fed, the region left out; a region never closed counts as text, so such a file differs from one that closes it. */
  digest(): string {
    if (this.#state === 'inside') this.#hash.update(`\u0000unclosed\u0000${this.#held.toString('latin1')}`)
    else this.#hash.update(this.#held)
    return `${this.#state === 'before' ? 'no region' : 'region'}:${this.#hash.digest('hex')}`
  }
}

async function digestWithout(handle: FileHandle, region: IgnoredRegion): Promise<string> {
  const fed = new RegionLeftOut(region, createHash('sha256'))
  const block = Buffer.allocUnsafe(BLOCK)
  for (let at = 0; ;) {
    const { bytesRead } = await handle.read(block, 0, block.length, at)
    if (bytesRead === 0) break
    fed.add(block.subarray(0, bytesRead))
    at += bytesRead
  }
  return fed.digest()
}

/** Whether `written` holds what the regular file `target` (as `seen`) holds, apart from `ignoring` when given. */
export async function sameFiles(target: string, seen: Stats, written: FileHandle, size: number, ignoring: IgnoredRegion | null = null): Promise<boolean> {
  if (ignoring === null) return sameBytes(target, seen, written, size)
  const other = await openSame(target, seen)
  if (!other) return false
  try {
    return (await digestWithout(written, ignoring)) === (await digestWithout(other, ignoring))
  } finally {
    await other.close()
  }
}
