/**
 * The mode and owner of what a publish puts in place of an earlier file or
 * folder: the earlier one's mode when it belongs to the user running (as
 * root, its group too, with fchown), else what a new one gets: its default
 * mode less the umask, owned by the user running. Nothing is ever taken from
 * another user's file, not even by root: in a folder others share, a file
 * someone planted at the target's name would otherwise hand them root's
 * page (mode 0666, or their ownership). The earlier one is looked at with
 * lstat, never through a link.
 */

import type { Stats } from 'node:fs'

export interface Ownership {
  /** Permission bits to set. */
  mode: number
  /** The owner and group to set (as root: root, and the earlier one's group); null to leave them. */
  owner: { uid: number; gid: number } | null
}

/** The umask of the process, read without changing it for longer than the call. */
export function currentUmask(): number {
  return process.umask()
}

export function ownershipFor(
  earlier: Pick<Stats, 'mode' | 'uid' | 'gid'> | null,
  defaultMode: number,
  euid: number = process.geteuid?.() ?? -1,
  umask: number = currentUmask(),
): Ownership {
  if (earlier !== null && earlier.uid === euid) {
    return { mode: earlier.mode & 0o777, owner: euid === 0 ? { uid: 0, gid: earlier.gid } : null }
  }
  return { mode: defaultMode & ~umask, owner: null }
}
