/**
 * Publishing the `--out-dir` site as a whole: index, profile pages and
 * stylesheet change together, so a visitor never sees a mix of two runs.
 *
 * How: DIR's parent folder is pinned once (pinned-folder.ts) and everything
 * happens through it. The site is written into a new hidden working folder
 * beside DIR, mode 0700 and the running user's, so nobody else can put
 * anything in it, whoever owns DIR or its parent; only when it is complete
 * does it get DIR's mode and swap in with rename(2):
 * - DIR missing (first run) or an empty folder: one rename, new → DIR.
 * - DIR is our site from an earlier run: rename DIR → backup, new → DIR,
 *   then remove the backup (own-tree.ts: only what is ours, no link followed).
 * Why this and not a symlink DIR → versioned folder: DIR stays a plain folder,
 * so it works on any file system and with any web server setup (no
 * FollowSymLinks / disable_symlinks), and rsync/scp copy it as it is. The cost
 * is that DIR is absent for the instant between two consecutive renames
 * (a request then gets a 404, never a mix). Both renames are synchronous, so
 * SIGINT/SIGTERM cannot land between them; after a SIGKILL exactly there, the
 * next run puts the backup back before it builds.
 *
 * We only ever replace a folder we made: it belongs to the user running and
 * carries SITE_MARKER (or is empty). Another user's DIR is refused, even an
 * empty one: what its owner plants in it would be written through. Working
 * folders are named like `.<DIR>.<host>.<pid>.<12 hex>.site-new` (or
 * `.site-old` for the backup); on SIGINT/SIGTERM/SIGHUP they are removed, and a
 * later run removes those left by a run that is gone (temp-files.ts: one
 * naming scheme and one rule for files and folders).
 */

import { lstatSync, readdirSync, renameSync, type Stats } from 'node:fs'
import { basename, dirname, resolve } from 'node:path'
import { isUserError, usageError, writeErrnoWords } from '../errors.js'
import { chmod, chown, lstat, mkdir, readdir } from 'node:fs/promises'
import { pinPublishFolder } from './atomic-file.js'
import { ownershipFor } from './ownership.js'
import { removeOwnTree } from './own-tree.js'
import { currentUser, PinnedFolder } from './pinned-folder.js'
import type { SiteFiles } from '../render/page.js'
import { onStopSignal, StopRequest, Stopped } from '../stop.js'
import { SITE_MARKER, writeSiteFiles } from './site-files.js'
import { activeTemps, staleCheckNow, staleTemps, tempPathFor, type StaleCheck } from './temp-files.js'

export { SITE_MARKER, WRITE_CONCURRENCY } from './site-files.js'

/** Where a site goes: DIR's parent folder, pinned, and DIR's name in it. */
export interface SitePlace {
  /** DIR as given. */
  readonly dir: string
  readonly parent: PinnedFolder
  readonly name: string
}

function reason(e: unknown): string {
  return writeErrnoWords(e, { ENOTEMPTY: 'another run published there at the same time' })
}

function cannotWrite(dir: string, why: string, hint = 'choose another --out-dir'): Error {
  return usageError(`cannot write --out-dir ${dir}: ${why}`, hint)
}

function notOurs(dir: string): Error {
  return usageError(`refusing to replace --out-dir ${dir}: the folder holds files profiler-search did not write`,
    `give a new or empty folder; a site made by --out-dir carries ${SITE_MARKER}`)
}

/**
 * What is at DIR now, after checking we may replace it: nothing (null), or
 * a folder of the user running that is empty or our earlier site.
 */
async function existingSite(place: SitePlace): Promise<Stats | null> {
  const { dir } = place
  const at = place.parent.at(place.name)
  const existing = await lstat(at).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return null
    throw cannotWrite(dir, reason(e))
  })
  if (!existing) return null
  if (existing.isSymbolicLink()) throw cannotWrite(dir, 'it is a symbolic link', 'give the folder it points to; a link is never followed')
  if (!existing.isDirectory()) throw cannotWrite(dir, 'it is a file', 'give a folder: it is created if missing')
  if (existing.uid !== currentUser()) {
    throw usageError(`refusing --out-dir ${dir}: the folder belongs to another user (uid ${existing.uid})`,
      'give a folder of yours, or remove this one: what its owner puts in it would be written through')
  }
  const names = await readdir(at)
  if (names.length > 0 && !names.includes(SITE_MARKER)) throw notOurs(dir)
  return existing
}

/**
 * DIR's place, after checking we may replace it: its parent pinned and not
 * another user's folder others may write to, DIR not a link, a new folder,
 * or an empty one or our earlier site, of the user running. Called before
 * any input is read; close `parent` when done.
 */
export async function pinSiteDir(dir: string, cwd: string): Promise<SitePlace> {
  const target = resolve(cwd, dir)
  const parent = await pinPublishFolder(dirname(target), { refusing: `refusing --out-dir ${dir}`, cannot: `cannot write --out-dir ${dir}`, hint: 'choose another --out-dir' })
  const place = { dir, parent, name: basename(target) }
  try {
    await existingSite(place)
  } catch (e) {
    await parent.close()
    throw e
  }
  return place
}

/**
 * Working folders of runs that are gone: removed, except that a backup is
 * put back when DIR itself is missing (a run killed between its two renames).
 */
export async function removeStaleSiteTemps(place: SitePlace, check: StaleCheck = staleCheckNow()): Promise<void> {
  const target = place.parent.at(place.name)
  const stale = staleTemps(target, ['site-new', 'site-old'], check).sort((a, b) => b.mtime - a.mtime)
  for (const temp of stale) {
    try {
      if (temp.kind === 'site-old' && !lstatSync(target, { throwIfNoEntry: false })) renameSync(temp.path, target)
      else await removeOwnTree(place.parent.self, temp.name)
    } catch {
      // left for the next run
    }
  }
}

/**
 * Moves the working folder `fresh` to DIR, synchronously. Returns the name of
 * the old site's backup to remove, or null when there was none.
 */
function swapIn(place: SitePlace, fresh: PinnedFolder, freshName: string): string | null {
  const target = place.parent.at(place.name)
  const freshPath = place.parent.at(freshName)
  const atName = lstatSync(freshPath, { throwIfNoEntry: false })
  if (atName?.ino !== fresh.stats.ino || atName.dev !== fresh.stats.dev) {
    throw cannotWrite(place.dir, 'its working folder was replaced while the site was written', 'someone else can rename what its folder holds; choose another --out-dir')
  }
  try {
    renameSync(freshPath, target) // first run, or an empty folder: replaced in one step
    return null
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw e
  }
  const now = lstatSync(target)
  if (!now.isDirectory() || now.uid !== currentUser() || !readdirSync(target).includes(SITE_MARKER)) throw notOurs(place.dir)
  const backup = basename(tempPathFor(target, 'site-old'))
  activeTemps.add(backup)
  renameSync(target, place.parent.at(backup))
  try {
    renameSync(freshPath, target)
  } catch (e) {
    try {
      renameSync(place.parent.at(backup), target)
    } catch {
      // Another run published in between: its complete site stays, our backup goes (below, or by the next run).
    }
    throw e
  }
  return backup
}

/**
 * Writes `files` as the whole content of DIR, replacing an earlier site
 * there. On failure the previous site stays as it was and no working
 * folder is left behind.
 */
export async function publishSite(place: SitePlace, files: SiteFiles): Promise<void> {
  const old = await existingSite(place)
  await removeStaleSiteTemps(place)
  const freshName = basename(tempPathFor(place.parent.at(place.name), 'site-new'))
  /** Ours until done: removed on a stop signal, and never taken for a stale one by a sweep of this process. */
  activeTemps.add(freshName)
  let backup: string | null = null
  let fresh: PinnedFolder | null = null
  const stop = new StopRequest()
  let writing: Promise<void> = Promise.resolve()
  let removingBackup: Promise<unknown> = Promise.resolve()
  /** The stop's cleanup, once a stop signal came: what a stopped publish waits for before it ends (the folder stays pinned till then). */
  let cleanup: Promise<void> = Promise.resolve()
  const release = onStopSignal((signal) => (cleanup = (async () => {
    // No new write starts; those under way finish before the folder goes, so none adds a file to it afterwards.
    stop.request(signal)
    await writing.catch(() => undefined)
    await removingBackup.catch(() => undefined)
    for (const name of backup === null ? [freshName] : [freshName, backup]) await removeOwnTree(place.parent.self, name).catch(() => false)
  })()))
  try {
    await mkdir(place.parent.at(freshName), { mode: 0o700 })
    fresh = await PinnedFolder.openIn(place.parent.self, freshName)
    if (fresh.stats.uid !== currentUser() || (fresh.stats.mode & 0o077) !== 0) {
      throw cannotWrite(place.dir, 'its working folder was replaced as it was made', 'someone else can rename what its folder holds; choose another --out-dir')
    }
    writing = writeSiteFiles(fresh, files, stop)
    await writing
    // DIR keeps its mode (as root, its group), never writable by others; a new one is 0755 less the umask
    const { mode, owner } = ownershipFor(old, 0o755)
    if (owner) await chown(fresh.self, owner.uid, owner.gid)
    await chmod(fresh.self, mode & ~0o022)
    backup = swapIn(place, fresh, freshName)
    // The new site is live; a backup that cannot be removed now is removed by the next run.
    if (backup) await (removingBackup = removeOwnTree(place.parent.self, backup).catch(() => false))
  } catch (e) {
    if (e instanceof Stopped) {
      // the stop's cleanup removes the folder; the process ends once it ran
      await cleanup
      throw e
    }
    await removeOwnTree(place.parent.self, freshName).catch(() => false)
    if (isUserError(e) || !(e as NodeJS.ErrnoException).syscall) throw e
    throw cannotWrite(place.dir, reason(e))
  } finally {
    release()
    await fresh?.close()
    activeTemps.delete(freshName)
    if (backup) activeTemps.delete(backup)
  }
}
