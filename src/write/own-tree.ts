/**
 * Removing a folder this program made (a site's backup, the working folder
 * of a run that stopped, one a killed run left behind), as root, in folders
 * other users may share: a plain recursive remove follows whatever is at a
 * name when it gets there, so someone who can swap a subfolder for a link
 * between two steps makes root remove files elsewhere.
 *
 * Here each folder is opened before it is read (never through a link) and
 * checked to be the one looked at and the running user's; its entries are
 * reached through that handle (see pinned-folder.ts), so whatever happens
 * to the path, only that folder is read and emptied. Files and links in it
 * are unlinked (unlink never follows a link). Whatever belongs to another
 * user is left where it is, with the folders that hold it.
 */

import { lstat, readdir, rmdir, unlink } from 'node:fs/promises'
import { currentUser, PinnedFolder } from './pinned-folder.js'

/**
 * Removes `name` in the folder reached at `parent` (a path through a pinned
 * folder, see PinnedFolder.at) with all it holds, as far as it is ours
 * alone. Returns whether it is gone; a name that is not there is gone.
 */
export async function removeOwnTree(parent: string, name: string, euid: number = currentUser()): Promise<boolean> {
  const at = `${parent}/${name}`
  const found = await lstat(at).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return null
    throw e
  })
  if (found === null) return true
  if (found.uid !== euid) return false
  if (!found.isDirectory()) {
    await unlink(at)
    return true
  }
  const folder = await PinnedFolder.openIn(parent, name).catch(() => null)
  if (folder === null) return false
  let all = true
  try {
    // the folder opened must be the one looked at; from here on its entries are reached through the handle
    if (folder.stats.ino !== found.ino || folder.stats.dev !== found.dev || folder.stats.uid !== euid) return false
    for (const entry of await readdir(folder.self)) all = (await removeOwnTree(folder.self, entry, euid)) && all
  } finally {
    await folder.close()
  }
  if (all) await rmdir(at)
  return all
}
