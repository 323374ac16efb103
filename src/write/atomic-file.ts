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
import { access, lstat, open, rename, type FileHandle } from 'node:fs/promises'
import { basename, dirname, resolve } from 'node:path'
import { usageError, isUserError, writeErrnoWords } from '../errors.js'
import { ownershipFor } from './ownership.js'
import { sameFiles, type IgnoredRegion } from './same-files.js'
import { batched, type Pieces } from './pieces.js'
import { currentUser, PinnedFolder, sharedWithOthers, UntrustedLink } from './pinned-folder.js'
import { onStopSignal, StopRequest } from '../stop.js'
import { activeTemps, removeStaleTemps, tempPathFor } from './temp-files.js'

/** What sits at a path that is not a regular file, in words. */
export function kindOf(stats: Stats): string {
  return stats.isSymbolicLink() ? 'a symbolic link'
    : stats.isDirectory() ? 'a folder'
      : stats.isFIFO() ? 'a FIFO'
        : stats.isCharacterDevice() || stats.isBlockDevice() ? 'a device'
          : stats.isSocket() ? 'a socket' : 'not a regular file'
}

/** What is at the target now, not followed: null for nothing, else a regular file; anything else is refused. */
async function existingTarget(path: string, target: string): Promise<Stats | null> {
  const existing = await lstat(target).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return null
    throw usageError(`cannot write ${path}: ${writeErrnoWords(e)}`, 'choose another --output')
  })
  if (existing?.isDirectory()) throw usageError(`cannot write ${path}: it is a folder`, 'give a file name, e.g. --output out.html')
  if (existing && !existing.isFile()) {
    throw usageError(`refusing to replace ${path}: it is ${kindOf(existing)}`,
      existing.isSymbolicLink() ? 'give the path of the file it points to, or a new name' : 'give the path of a regular file, or a new name')
  }
  return existing
}

/** Where an output file goes: its folder, pinned (see pinned-folder.ts), and its name there. */
export interface OutputPlace {
  /** The target, as given. */
  readonly path: string
  readonly folder: PinnedFolder
  readonly name: string
}

/** The hint of a folder the rules refuse. */
export const SHARED_FOLDER_HINT = 'give a folder inside one of yours; what others plant beside it could take its place'

/** How an output is named in messages: `refusing to write out.html`, `cannot write out.html`, and the hint for the latter. */
export interface OutputWords {
  refusing: string
  cannot: string
  hint: string
}

/**
 * Opens the folder a publish writes into (the folder of `-o`, the parent of
 * `--out-dir`), pinned, after its checks: every link on the way is one only
 * root or the user running could have made, and the folder is not another
 * user's that others may write to.
 */
export async function pinPublishFolder(folderPath: string, words: OutputWords): Promise<PinnedFolder> {
  let folder: PinnedFolder
  try {
    folder = await PinnedFolder.open(folderPath)
  } catch (e) {
    if (e instanceof UntrustedLink) throw usageError(`${words.refusing}: ${e.message}`, 'give the real path of the folder; a link someone else could have placed is never followed')
    throw usageError(`${words.cannot}: ${writeErrnoWords(e)}`, words.hint)
  }
  try {
    if (sharedWithOthers(folder.stats, currentUser())) {
      throw usageError(`${words.refusing}: its folder ${folderPath} belongs to another user and others may write to it`, SHARED_FOLDER_HINT)
    }
    await access(folder.self, constants.W_OK).catch((e: unknown) => {
      throw usageError(`${words.cannot}: ${writeErrnoWords(e)}`, words.hint)
    })
  } catch (e) {
    await folder.close()
    throw e
  }
  return folder
}

/**
 * The place of the output file `path` (read from `cwd`), checked before any
 * input is read: its folder pinned, and what is at the target, if anything,
 * a regular file. Close its folder when done.
 */
export async function pinOutputFile(path: string, cwd: string): Promise<OutputPlace> {
  const target = resolve(cwd, path)
  const folder = await pinPublishFolder(dirname(target), { refusing: `refusing to write ${path}`, cannot: `cannot write ${path}`, hint: 'choose another --output' })
  const place = { path, folder, name: basename(target) }
  try {
    await existingTarget(path, folder.at(place.name))
  } catch (e) {
    await folder.close()
    throw e
  }
  return place
}

/** What publishing did: replaced the target, or left it alone because it already held the same (see same-files.ts). */
export type Published = 'written' | 'unchanged'

export interface CommitOptions {
  /** Leave the target (and its mtime) alone when it already holds exactly these bytes (apart from `ignoring`). */
  ifChanged?: boolean
  /** A region `ifChanged` does not compare: a page's stamp of when it was generated. */
  ignoring?: IgnoredRegion | null
  /**
   * With `ignoring`: a target that differs only in that region is replaced
   * all the same once it was last written (its mtime) this long ago, so the
   * stamp it shows moves on; one holding exactly these bytes stays. Null:
   * never.
   */
  renewAfterMs?: number | null
  /** The clock `renewAfterMs` is measured with (tests give their own). */
  now?: () => number
  /** The mode of a file made new (less the umask); one replaced keeps its own (ownership.ts). 0644 when absent. */
  newFileMode?: number
}

/** Whether `ifChanged` leaves the target `old` alone: the same bytes, or the same apart from `ignoring` and written recently enough. */
async function leftAlone(target: string, old: Stats, written: FileHandle, size: number, options: CommitOptions): Promise<boolean> {
  const ignoring = options.ignoring ?? null
  if (!(await sameFiles(target, old, written, size, ignoring))) return false
  const renewAfter = options.renewAfterMs ?? null
  if (ignoring === null || renewAfter === null || (options.now ?? Date.now)() - old.mtimeMs < renewAfter) return true
  return sameFiles(target, old, written, size, null)
}

/** Writes all of `bytes` (a write may take fewer than it was given). */
export async function writeAll(handle: FileHandle, bytes: Buffer): Promise<void> {
  for (let done = 0; done < bytes.length;) done += (await handle.write(bytes, done, bytes.length - done)).bytesWritten
}

/** The new file's mode and owner (it is written as 0600, unreadable to others until complete): see ownership.ts. */
async function setModeAndOwner(handle: FileHandle, old: Stats | null, newFileMode: number): Promise<void> {
  const { mode, owner } = ownershipFor(old, newFileMode)
  if (owner) await handle.chown(owner.uid, owner.gid)
  await handle.chmod(mode)
}

/**
 * The temporary file of a publish, made beside the target when the run
 * starts (so nothing is read when it cannot be made) and, from then on,
 * removed on failure or on a stop signal; `commit` renames it over the target.
 */
export class ReservedFile {
  /** The target, as given. */
  readonly path: string
  /** Where it goes. */
  readonly place: OutputPlace
  readonly #tmp: string
  readonly #handle: FileHandle
  readonly #release: () => void
  #done = false

  readonly #stop: StopRequest

  private constructor(place: OutputPlace, tmp: string, handle: FileHandle, release: () => void, stop: StopRequest) {
    this.path = place.path
    this.place = place
    this.#tmp = tmp
    this.#handle = handle
    this.#release = release
    this.#stop = stop
  }

  /** Creates the temporary file of the target at `place` (whose folder stays the caller's to close). */
  static async reserve(place: OutputPlace): Promise<ReservedFile> {
    const tmp = tempPathFor(place.folder.at(place.name))
    const tmpName = basename(tmp)
    activeTemps.add(tmpName)
    const removeTmp = (): void => {
      activeTemps.delete(tmpName)
      rmSync(tmp, { force: true })
    }
    // a stop signal takes the temporary file away at once; a commit under way then ends as Stopped
    const stop = new StopRequest()
    const release = onStopSignal((signal) => {
      stop.request(signal)
      removeTmp()
    })
    try {
      // wx: made here, never an existing file or a planted link; unreadable to others until it is complete
      const handle = await open(tmp, 'wx+', 0o600)
      return new ReservedFile(place, tmp, handle, () => {
        release()
        activeTemps.delete(tmpName)
      }, stop)
    } catch (e) {
      release()
      removeTmp()
      throw usageError(`cannot write ${place.path}: ${writeErrnoWords(e)}`, 'choose another --output')
    }
  }

  /** The target, reached through its pinned folder. */
  get #target(): string {
    return this.place.folder.at(this.place.name)
  }

  /** Writes `content` and renames it over the target. Call once. */
  async commit(content: Pieces, options: CommitOptions = {}): Promise<Published> {
    if (this.#done) throw new Error(`commit of ${this.path} after it was committed or discarded`)
    const target = this.#target
    try {
      let size = 0
      for await (const bytes of batched(content)) {
        await writeAll(this.#handle, bytes)
        size += bytes.length
      }
      const old = await existingTarget(this.path, target)
      if (options.ifChanged && old !== null && (await leftAlone(target, old, this.#handle, size, options))) {
        this.discard()
        removeStaleTemps(target)
        return 'unchanged'
      }
      await setModeAndOwner(this.#handle, old, options.newFileMode ?? 0o644)
      await this.#handle.sync()
      await this.#handle.close()
      // what is at the target may have changed since: one more look, as close to the rename as can be
      await existingTarget(this.path, target)
      await rename(this.#tmp, target)
    } catch (e) {
      this.discard()
      this.#stop.check()
      if (isUserError(e)) throw e
      throw usageError(`cannot write ${this.path}: ${writeErrnoWords(e)}`)
    }
    this.#done = true
    this.#release()
    removeStaleTemps(target)
    return 'written'
  }

  /** Removes the temporary file; a no-op after commit. Never throws. */
  discard(): void {
    if (this.#done) return
    this.#done = true
    this.#release()
    void this.#handle.close().catch(() => undefined)
    rmSync(this.#tmp, { force: true })
  }
}

/**
 * Runs `job` with the output file `path` reserved (null: stdout, nothing to
 * reserve), so nothing is read when the output cannot be written; the
 * temporary file is removed when the job does not commit it.
 */
export async function withReservedFile<T>(path: string | null, cwd: string, job: (file: ReservedFile | null) => Promise<T>): Promise<T> {
  if (path === null) return job(null)
  const place = await pinOutputFile(path, cwd)
  try {
    const file = await ReservedFile.reserve(place)
    try {
      return await job(file)
    } finally {
      file.discard()
    }
  } finally {
    await place.folder.close()
  }
}
