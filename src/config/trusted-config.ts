/**
 * Whose config file is read. A config file says where a run writes
 * (`output`, `outDir`), where `ship` sends the logs, what `serve` listens on
 * and whom it lets in, which files are read as notices: run as root from
 * cron in a folder other users share, a file one of them put there would
 * steer root. So a config file is read only when nobody but root and the
 * user running could have written it or put it at its name (git's
 * safe.directory reasons the same way):
 *
 * - the folders on the way are reached as a publish reaches its folder
 *   (write/pinned-folder.ts): a symbolic link on the way is followed only
 *   when it is root's or the user's, in a folder nobody else may change;
 * - the folder that holds the name is root's or the user's, and a group or
 *   everyone may write to it only with the sticky bit, which keeps them from
 *   renaming or removing names that are not theirs (/tmp, mode 1777, is
 *   fine; a folder of another user is not: they could rename any file of
 *   root's they hold there into its place);
 * - the name, when it is a symbolic link, is root's or the user's (in a
 *   sticky folder anyone may make a new name);
 * - the file it opens is root's or the user's, and neither its group nor
 *   others may write to it (`chmod go-w`).
 *
 * A hard link another user makes in a shared folder to a file of root's is
 * what Linux's fs.protected_hardlinks (on by default) prevents.
 */

import type { Stats } from 'node:fs'
import { lstat } from 'node:fs/promises'
import { basename, dirname } from 'node:path'
import { openToRead, type OpenedFile } from '../input/file-chunks.js'
import { currentUser, othersMayChange, PinnedFolder, UntrustedLink } from '../write/pinned-folder.js'

/** The file opened, or why it is not read (to follow `ignoring FILE: ` or `refusing config file FILE: `). */
export type ConfigFileOpening = { opened: OpenedFile } | { untrusted: string }

/** What to do about a config file one of these says is not to be read. */
export const UNTRUSTED_CONFIG_HINT = 'a config file is read only when it and its folder are yours or root\'s and nobody else may write to them; chown or chmod go-w it if it is meant, else remove it'

/** A user as the messages name one. */
function userName(uid: number, euid: number): string {
  return uid === 0 ? 'root' : uid === euid ? `you (uid ${uid})` : `uid ${uid}`
}

function isTrustedOwner(uid: number, euid: number): boolean {
  return uid === 0 || uid === euid
}

function modeText(mode: number): string {
  return `0${(mode & 0o7777).toString(8)}`
}

/** Why the file opened (its fstat) is not read: another user's, or one its group or others may write to; null when it is read. */
export function untrustedFile(file: Pick<Stats, 'uid' | 'mode'>, euid: number): string | null {
  if (!isTrustedOwner(file.uid, euid)) return `it belongs to ${userName(file.uid, euid)}, not to ${euid === 0 ? 'root' : `you (uid ${euid}) or root`}`
  if ((file.mode & 0o022) !== 0) return `it belongs to ${userName(file.uid, euid)}, but its mode ${modeText(file.mode)} lets others write to it`
  return null
}

/** Why a name in `folder` (at `path`) is not read: someone else may put another file in its place; null when nobody may. */
export function untrustedFolder(folder: Pick<Stats, 'uid' | 'mode'>, path: string, euid: number): string | null {
  if (!othersMayChange(folder, euid)) return null
  const whose = isTrustedOwner(folder.uid, euid) ? `its folder ${path} (mode ${modeText(folder.mode)}) lets others` : `its folder ${path} belongs to ${userName(folder.uid, euid)}, who may`
  return `${whose} put another file in its place`
}

/**
 * Opens the config file at the absolute `path` to read it, after the checks
 * at the top of this file; errors of reaching or opening it (ENOENT …) are
 * thrown as they are.
 */
export async function openConfigFile(path: string, euid: number = currentUser()): Promise<ConfigFileOpening> {
  let folder: PinnedFolder
  try {
    folder = await PinnedFolder.open(dirname(path))
  } catch (e) {
    if (e instanceof UntrustedLink) return { untrusted: `on the way to it, ${e.message}` }
    throw e
  }
  try {
    const at = folder.at(basename(path))
    const entry = await lstat(at)
    const inFolder = untrustedFolder(folder.stats, folder.path, euid)
    if (inFolder !== null) return { untrusted: inFolder }
    if (entry.isSymbolicLink() && !isTrustedOwner(entry.uid, euid)) return { untrusted: `it is a symbolic link of ${userName(entry.uid, euid)}` }
    const opened = await openToRead(at)
    const why = untrustedFile(opened.stat, euid)
    if (why === null) return { opened }
    await opened.handle.close()
    return { untrusted: why }
  } finally {
    await folder.close()
  }
}
