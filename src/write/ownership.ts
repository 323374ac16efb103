/**
 * The mode and owner of what a publish puts in place of an earlier file or
 * folder: the earlier one's mode when it is ours (as root: any, and its owner
 * and group too, with chown), else what a new one gets: its default mode
 * less the umask. A mode is never taken from another user's file, and never
 * through a link (the earlier one is looked at with lstat).
 */

import type { Stats } from 'node:fs'

export interface Ownership {
  /** Permission bits to set. */
  mode: number
  /** The owner and group to set (as root, those of the earlier one); null to leave them. */
  owner: { uid: number; gid: number } | null
}

/** The umask of the process, read without changing it for longer than the call. */
export const currentUmask = (): number => process.umask()

export const ownershipFor = (
  earlier: Pick<Stats, 'mode' | 'uid' | 'gid'> | null,
  defaultMode: number,
  euid: number = process.geteuid?.() ?? -1,
  umask: number = currentUmask(),
): Ownership => {
  const root = euid === 0
  if (earlier !== null && (root || earlier.uid === euid)) {
    return { mode: earlier.mode & 0o777, owner: root ? { uid: earlier.uid, gid: earlier.gid } : null }
  }
  return { mode: defaultMode & ~umask, owner: null }
}
