/**
 * Publishing a page: a run reserves a temporary file in the target's own
 * folder when it starts, writes the page into it piece by piece at the end,
 * flushes it to disk and renames it over the target, so a reader sees the
 * old page or the new one, never a part. On any failure, and on
 * SIGINT/SIGTERM/SIGHUP at any moment of the run, the temporary file is
 * removed and the old page stays as it was. A run killed with SIGKILL cannot
 * clean up; the next successful run removes what it left (see temp-files.ts).
 *
 * Only a regular file, or nothing, is ever replaced: a symbolic link, a
 * folder, a FIFO, a device or a socket at the target is refused (exit 2),
 * so `-o /dev/null` as root never turns the device into a file, and a link
 * someone planted is neither followed nor replaced. A replaced file keeps
 * its mode (and, as root, its owner and group); a new one gets 0644 less the
 * umask. A mode is never taken from another user's file (unless root).
 */

import { constants, rmSync, type Stats } from 'node:fs'
import { access, lstat, open, rename, stat, type FileHandle } from '../file-system.js'
import { dirname, resolve } from 'node:path'
import { inputError, isUserError, writeErrnoWords } from '../errors.js'
import { ownershipFor } from './ownership.js'
import { batched, type Pieces } from './pieces.js'
import { onStopSignal } from './stop-signals.js'
import { activeTemps, removeStaleTemps, tempPathFor } from './temp-files.js'

/** What sits at a path that is not a regular file, in words. */
export const kindOf = (stats: Stats): string =>
  stats.isSymbolicLink() ? 'a symbolic link'
    : stats.isDirectory() ? 'a folder'
      : stats.isFIFO() ? 'a FIFO'
        : stats.isCharacterDevice() || stats.isBlockDevice() ? 'a device'
          : stats.isSocket() ? 'a socket' : 'not a regular file'

/** What is at the target now, not followed: null for nothing, else a regular file; anything else is refused. */
const existingTarget = async (path: string, target: string): Promise<Stats | null> => {
  const existing = await lstat(target).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return null
    throw inputError(`cannot write ${path}: ${writeErrnoWords(e)}`, 'choose another --output')
  })
  if (existing?.isDirectory()) throw inputError(`cannot write ${path}: it is a folder`, 'give a file name, e.g. --output out.html')
  if (existing && !existing.isFile()) {
    throw inputError(`refusing to replace ${path}: it is ${kindOf(existing)}`,
      existing.isSymbolicLink() ? 'give the path of the file it points to, or a new name' : 'give the path of a regular file, or a new name')
  }
  return existing
}

/** Fail early, before any input is read, when the target cannot be written. `path` is read from `cwd` and named as given. */
export const checkWritable = async (path: string, cwd: string): Promise<void> => {
  const target = resolve(cwd, path)
  try {
    const folder = await stat(dirname(target))
    if (!folder.isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' })
    await access(dirname(target), constants.W_OK)
  } catch (e) {
    throw inputError(`cannot write ${path}: ${writeErrnoWords(e)}`, 'choose another --output')
  }
  await existingTarget(path, target)
}

/** What publishing did: replaced the target, or left it alone because it was already byte-identical. */
export type Published = 'written' | 'unchanged'

export interface CommitOptions {
  /** Leave the target (and its mtime) alone when it already holds exactly these bytes. */
  ifChanged?: boolean
}

export interface ReservedFile {
  /** The target, as given. */
  readonly path: string
  /** Writes `content` and renames it over the target. Call once. */
  commit(content: Pieces, options?: CommitOptions): Promise<Published>
  /** Removes the temporary file; a no-op after commit. Never throws. */
  discard(): void
}

/** Writes all of `bytes` (a write may take fewer than it was given). */
export const writeAll = async (handle: FileHandle, bytes: Buffer): Promise<void> => {
  for (let done = 0; done < bytes.length;) done += (await handle.write(bytes, done, bytes.length - done)).bytesWritten
}

/** Whether two regular files hold the same bytes, read in pieces. */
const sameFiles = async (a: string, b: Stats, written: FileHandle, size: number): Promise<boolean> => {
  if (b.size !== size) return false
  // never through a link, never waiting on a FIFO put there since, and only the file that was looked at
  const other = await open(a, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch(() => null)
  if (!other) return false
  try {
    const opened = await other.stat()
    if (!opened.isFile() || opened.ino !== b.ino || opened.dev !== b.dev) return false
    const mine = Buffer.allocUnsafe(64 * 1024)
    const theirs = Buffer.allocUnsafe(64 * 1024)
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

/** The new file's mode and owner (it is written as 0600, unreadable to others until complete): see ownership.ts. */
const setModeAndOwner = async (handle: FileHandle, old: Stats | null): Promise<void> => {
  const { mode, owner } = ownershipFor(old, 0o644)
  if (owner) await handle.chown(owner.uid, owner.gid)
  await handle.chmod(mode)
}

/**
 * Checks the target can be written and creates its temporary file, which
 * from now on is removed on failure or on a stop signal.
 */
export const reserveFile = async (path: string, cwd: string): Promise<ReservedFile> => {
  await checkWritable(path, cwd)
  const target = resolve(cwd, path)
  const tmp = tempPathFor(target)
  let handle: FileHandle | null = null
  let done = false
  const removeTmp = (): void => {
    activeTemps.delete(tmp)
    rmSync(tmp, { force: true })
  }
  const release = onStopSignal(removeTmp)
  const finish = (): void => {
    done = true
    release()
    activeTemps.delete(tmp)
  }
  try {
    activeTemps.add(tmp)
    // wx: made here, never an existing file or a planted link; unreadable to others until it is complete
    handle = await open(tmp, 'wx+', 0o600)
  } catch (e) {
    finish()
    removeTmp()
    throw inputError(`cannot write ${path}: ${writeErrnoWords(e)}`, 'choose another --output')
  }
  const opened = handle

  const discard = (): void => {
    if (done) return
    finish()
    void opened.close().catch(() => undefined)
    removeTmp()
  }

  const commit = async (content: Pieces, options: CommitOptions = {}): Promise<Published> => {
    if (done) throw new Error(`commit of ${path} after it was committed or discarded`)
    try {
      let size = 0
      for await (const bytes of batched(content)) {
        await writeAll(opened, bytes)
        size += bytes.length
      }
      const old = await existingTarget(path, target)
      if (options.ifChanged && old !== null && (await sameFiles(target, old, opened, size))) {
        discard()
        removeStaleTemps(target)
        return 'unchanged'
      }
      await setModeAndOwner(opened, old)
      await opened.sync()
      await opened.close()
      // what is at the target may have changed since: one more look, as close to the rename as can be
      await existingTarget(path, target)
      await rename(tmp, target)
    } catch (e) {
      discard()
      if (isUserError(e)) throw e
      throw inputError(`cannot write ${path}: ${writeErrnoWords(e)}`)
    }
    finish()
    removeStaleTemps(target)
    return 'written'
  }

  return { path, commit, discard }
}

/**
 * Runs `job` with `path` reserved (null: stdout, nothing to reserve), so
 * nothing is read when the output cannot be written; the temporary file is
 * removed when the job does not commit it.
 */
export const withReservedFile = async <T>(path: string | null, cwd: string, job: (file: ReservedFile | null) => Promise<T>): Promise<T> => {
  const file = path === null ? null : await reserveFile(path, cwd)
  try {
    return await job(file)
  } finally {
    file?.discard()
  }
}
