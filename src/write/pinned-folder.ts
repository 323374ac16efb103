/**
 * The folder a publish writes into, opened once and then written relative to
 * that handle, never again through its path: as root from cron, in folders
 * other users share, a path can be turned into a link between two calls.
 *
 * The folder is reached from `/` one name at a time, each step through the
 * handle of the step before (Linux's `/proc/self/fd/N/name` is what
 * openat(2) would give). A symbolic link on the way is followed only where
 * nobody else could have put it there: the link belongs to root or to the
 * user running, and no other user may change the folder that holds it.
 * Whatever happens to the path afterwards (the folder renamed away, a link
 * put in its place), every file made, renamed or removed through the pinned
 * folder lands in the folder that was checked.
 *
 * Without /proc (not Linux) the names are reached through the path, checked
 * the same way but not pinned.
 */

import { constants, existsSync, type Stats } from 'node:fs'
import { join, sep } from 'node:path'
import { lstat, open, readlink, type FileHandle } from 'node:fs/promises'

/** Linux's O_PATH: a handle that names a folder without reading it (a folder of mode 0711 on the way opens too). */
const O_PATH = 0o10000000
const PROC_FD = '/proc/self/fd'
const PINNABLE = process.platform === 'linux' && existsSync(PROC_FD)
const FOLDER_FLAGS = (PINNABLE ? O_PATH : constants.O_RDONLY) | constants.O_DIRECTORY | constants.O_NOFOLLOW
/** The sticky bit of a folder's mode. */
const STICKY = 0o1000
/** Links followed on one path at most, as the kernel allows (ELOOP past it). */
const MAX_LINKS = 40

/** The user running now (-1 where there are no user ids). */
export function currentUser(): number {
  return process.geteuid?.() ?? -1
}

/**
 * Whether a user other than root and `euid` may change what a folder holds:
 * it is theirs, or a group or everyone may write to it without the sticky
 * bit (which keeps others from renaming or removing names that are not theirs).
 */
export function othersMayChange(folder: Pick<Stats, 'uid' | 'mode'>, euid: number): boolean {
  return (folder.uid !== 0 && folder.uid !== euid) || ((folder.mode & 0o022) !== 0 && (folder.mode & STICKY) === 0)
}

/**
 * The rule for a folder a publish writes into (the folder of `-o`, the parent
 * of `--out-dir`): not another user's folder that others may write to, where
 * whatever they plant beside the target could take its place.
 */
export function sharedWithOthers(folder: Pick<Stats, 'uid' | 'mode'>, euid: number): boolean {
  return folder.uid !== 0 && folder.uid !== euid && (folder.mode & 0o022) !== 0
}

/** A symbolic link on the way that someone else could have placed or changed. */
export class UntrustedLink extends Error {
  constructor(readonly path: string, readonly why: string) {
    super(`${path} is a symbolic link ${why}`)
    this.name = 'UntrustedLink'
  }
}

/** A folder, held open. */
export class PinnedFolder {
  readonly #handle: FileHandle | null

  private constructor(readonly path: string, readonly stats: Stats, handle: FileHandle | null) {
    this.#handle = handle
  }

  /** Opens the folder at an absolute `path` (see the top of this file); fails with the system's error code, or UntrustedLink. */
  static async open(path: string): Promise<PinnedFolder> {
    const { handle, stats } = await walk(path)
    return new PinnedFolder(path, stats, handle)
  }

  /**
   * Opens the folder `name` in the folder reached at `parent` (this folder's
   * `self`, or a path through it), one step, never through a link.
   */
  static async openIn(parent: string, name: string): Promise<PinnedFolder> {
    const { handle, stats } = await openFolder(join(parent, name))
    if (!stats.isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' })
    return new PinnedFolder(join(parent, name), stats, handle)
  }

  /** The path through which `name` (in this folder) is reached: through the handle where it can be. */
  at(name: string): string {
    return join(this.self, name)
  }

  /** The path of the folder itself, through the handle where it can be. */
  get self(): string {
    return this.#handle ? `${PROC_FD}/${this.#handle.fd}` : this.path
  }

  close(): Promise<void> {
    return this.#handle?.close() ?? Promise.resolve()
  }
}

/** The path through which `name` in an open folder is reached. */
function child(folder: FileHandle | null, folderPath: string, name: string): string {
  return folder ? `${PROC_FD}/${folder.fd}/${name}` : join(folderPath, name)
}

async function openFolder(path: string): Promise<{ handle: FileHandle | null; stats: Stats }> {
  if (!PINNABLE) return { handle: null, stats: await lstat(path) }
  const handle = await open(path, FOLDER_FLAGS)
  return { handle, stats: await handle.stat() }
}

/** Follows `path` from `/`, name by name: see the top of this file. */
async function walk(path: string): Promise<{ handle: FileHandle | null; stats: Stats }> {
  const euid = currentUser()
  let current = await openFolder(sep)
  let currentPath: string = sep
  const names = path.split(sep).filter((name) => name !== '' && name !== '.')
  let links = 0
  try {
    while (names.length > 0) {
      const name = names.shift() as string
      const at = child(current.handle, currentPath, name)
      const found = await lstat(at)
      const shownPath = join(currentPath, name)
      if (found.isSymbolicLink()) {
        if (++links > MAX_LINKS) throw Object.assign(new Error('too many symbolic links'), { code: 'ELOOP' })
        if (found.uid !== 0 && found.uid !== euid) throw new UntrustedLink(shownPath, `of another user (uid ${found.uid})`)
        if (othersMayChange(current.stats, euid)) throw new UntrustedLink(shownPath, `in ${currentPath}, which others may change`)
        const target = await readlink(at)
        names.unshift(...target.split(sep).filter((part) => part !== '' && part !== '.'))
        if (target.startsWith(sep)) {
          await current.handle?.close()
          current = await openFolder(sep)
          currentPath = sep
        }
        continue
      }
      if (!found.isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' })
      const next = await openFolder(at)
      await current.handle?.close()
      current = next
      currentPath = name === '..' ? join(currentPath, '..') : shownPath
    }
  } catch (e) {
    await current.handle?.close()
    throw e
  }
  return current
}
