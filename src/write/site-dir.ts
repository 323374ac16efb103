/**
 * Publishing the `--out-dir` site as a whole: index, profile pages and
 * stylesheet change together, so a visitor never sees a mix of two runs.
 *
 * How: the whole site is written into a new hidden sibling folder of DIR,
 * flushed, and swapped in with rename(2):
 * - DIR missing (first run) or an empty folder: one rename, new → DIR.
 * - DIR is our site from an earlier run: rename DIR → backup, new → DIR,
 *   then remove the backup.
 * Why this and not a symlink DIR → versioned folder: DIR stays a plain folder,
 * so it works on any file system and with any web server setup (no
 * FollowSymLinks / disable_symlinks), and rsync/scp copy it as it is. The cost
 * is that DIR is absent for the instant between two consecutive renames
 * (a request then gets a 404, never a mix). Both renames are synchronous, so
 * SIGINT/SIGTERM cannot land between them; after a SIGKILL exactly there, the
 * next run puts the backup back before it builds.
 *
 * We only ever replace a folder we made: it carries SITE_MARKER. A folder with
 * other content is refused. Temporary folders are named like
 * `.<DIR>.<host>.<pid>.<12 hex>.site-new` (or `.site-old` for the backup); on
 * SIGINT/SIGTERM/SIGHUP they are removed, and a later run removes those left by
 * a run that is gone (temp-files.ts: one naming scheme and one rule for files and folders).
 */

import { constants, lstatSync, readdirSync, renameSync, rmSync } from 'node:fs'
import { access, chmod, chown, lstat, mkdir, open, readdir, rm, stat } from '../file-system.js'
import { dirname, join, resolve } from 'node:path'
import { inputError, isUserError, writeErrnoWords } from '../errors.js'
import { writeAll } from './atomic-file.js'
import { onStopSignal } from './stop-signals.js'
import { ownershipFor } from './ownership.js'
import { batched, type Pieces } from './pieces.js'
import { activeTemps, staleCheckNow, staleTemps, tempPathFor, type StaleCheck } from './temp-files.js'

/** The file that marks a folder as a site written by us. */
export const SITE_MARKER = '.profiler-search-site'
const MARKER_TEXT = 'This folder is written by profiler-search build --out-dir and is replaced as a whole on every run.\n'

export interface SiteFile {
  /** Relative path inside the site, `/`-separated: `index.html`, `profiles/<token>.html`. */
  path: string
  /** Written piece by piece as it is made (see pieces.ts). */
  content: Pieces
}

/** The site's files, each made when it is asked for: one per listed token, up to --limit of them, never all at once. */
export type SiteFiles = Iterable<SiteFile> | AsyncIterable<SiteFile>

/** How many files are written at the same time (so at most this many are held). */
export const WRITE_CONCURRENCY = 16
/** Site paths are ours (`profiles/<token>.html`): no dot files, no `..`, nothing else. */
const SAFE_PATH = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/

const reason = (e: unknown): string => writeErrnoWords(e, { ENOTEMPTY: 'another run published there at the same time' })

const cannotWrite = (dir: string, why: string, hint = 'choose another --out-dir'): Error =>
  inputError(`cannot write --out-dir ${dir}: ${why}`, hint)

/**
 * DIR's absolute path, after checking we may replace it. Called before any
 * input is read, and again right before publishing.
 *
 * The site is swapped in with renames in DIR's parent folder, as root from
 * cron, so neither may be turned against us: DIR must not be a symbolic
 * link (its target would be replaced), and the parent folder must not be
 * another user's folder that others may write to (what they plant there,
 * such a link, could take DIR's place between two checks).
 */
export const checkSiteDir = async (dir: string, cwd: string): Promise<string> => {
  const target = resolve(cwd, dir)
  const parentPath = dirname(target)
  try {
    const parent = await stat(parentPath)
    if (!parent.isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' })
    await access(parentPath, constants.W_OK)
    const euid = process.geteuid?.() ?? -1
    if (parent.uid !== euid && (parent.mode & 0o022) !== 0) {
      throw inputError(`refusing --out-dir ${dir}: its folder ${parentPath} belongs to another user and others may write to it`,
        'give a folder inside one of yours; what others plant beside it could take its place')
    }
  } catch (e) {
    if (isUserError(e)) throw e
    throw cannotWrite(dir, reason(e))
  }
  const existing = await lstat(target).catch(() => null)
  if (!existing) return target
  if (existing.isSymbolicLink()) throw cannotWrite(dir, 'it is a symbolic link', 'give the folder it points to; a link is never followed')
  if (!existing.isDirectory()) throw cannotWrite(dir, 'it is a file', 'give a folder: it is created if missing')
  const names = await readdir(target)
  if (names.length > 0 && !names.includes(SITE_MARKER)) {
    throw inputError(`refusing to replace --out-dir ${dir}: the folder holds files profiler-search did not write`,
      `give a new or empty folder; a site made by --out-dir carries ${SITE_MARKER}`)
  }
  return target
}

/**
 * Temporary folders of runs that are gone: removed, except that a backup is
 * put back when DIR itself is missing (a run killed between its two renames).
 */
export const removeStaleSiteTemps = (target: string, check: StaleCheck = staleCheckNow()): void => {
  const stale = staleTemps(target, ['site-new', 'site-old'], check).sort((a, b) => b.mtime - a.mtime)
  for (const temp of stale) {
    try {
      if (temp.kind === 'site-old' && !lstatSync(target, { throwIfNoEntry: false })) renameSync(temp.path, target)
      else rmSync(temp.path, { recursive: true, force: true })
    } catch {
      // left for the next run
    }
  }
}

/** A page of the site: 0644 and its folders 0755, less the umask. A stop signal ends it between two writes. */
const writeOne = async (root: string, file: SiteFile, stop: StopRequest): Promise<void> => {
  const path = join(root, ...file.path.split('/'))
  await mkdir(dirname(path), { recursive: true, mode: 0o755 })
  const handle = await open(path, 'wx', 0o644)
  try {
    for await (const bytes of batched(file.content)) {
      if (stop.requested) throw new Stopped()
      await writeAll(handle, bytes)
    }
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** Flushes a folder's entries (the names of the files just written). */
const syncFolder = async (path: string): Promise<void> => {
  const handle = await open(path, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** Thrown between two writes once a stop signal came: nothing more is written. */
class Stopped extends Error {}

interface StopRequest {
  requested: boolean
}

/** The files given, each path checked as it comes, then the marker. */
async function* withMarker(files: SiteFiles): AsyncGenerator<SiteFile> {
  for await (const file of files) {
    if (!SAFE_PATH.test(file.path)) throw new Error(`unsafe site path ${JSON.stringify(file.path)}`)
    yield file
  }
  yield { path: SITE_MARKER, content: MARKER_TEXT }
}

/**
 * Writes the files as they come, WRITE_CONCURRENCY at a time, and the marker,
 * then flushes their folders. A failed write stops new ones from starting;
 * it is thrown once those under way have ended, so none adds a file after
 * the folder is removed.
 */
const writeSite = async (root: string, files: SiteFiles, stop: StopRequest): Promise<void> => {
  const writing = new Set<Promise<void>>()
  const failures: unknown[] = []
  const folders = new Set<string>()
  try {
    for await (const file of withMarker(files)) {
      if (stop.requested) throw new Stopped()
      if (failures.length > 0) break
      folders.add(dirname(join(root, ...file.path.split('/'))))
      const write: Promise<void> = writeOne(root, file, stop)
        .catch((e: unknown) => void failures.push(e))
        .finally(() => writing.delete(write))
      writing.add(write)
      if (writing.size >= WRITE_CONCURRENCY) await Promise.race(writing)
    }
  } finally {
    await Promise.all(writing)
  }
  if (failures.length > 0) throw failures[0]
  for (const folder of folders) await syncFolder(folder)
}

/**
 * Moves `fresh` to `target`, synchronously. Returns the backup of the old
 * site to remove, or null when there was none.
 */
const swapIn = (dir: string, target: string, fresh: string): string | null => {
  try {
    renameSync(fresh, target) // first run, or an empty folder: replaced in one step
    return null
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw e
  }
  if (!readdirSync(target).includes(SITE_MARKER)) {
    throw inputError(`refusing to replace --out-dir ${dir}: the folder holds files profiler-search did not write`,
      `give a new or empty folder; a site made by --out-dir carries ${SITE_MARKER}`)
  }
  const backup = tempPathFor(target, 'site-old')
  renameSync(target, backup)
  try {
    renameSync(fresh, target)
  } catch (e) {
    try {
      renameSync(backup, target)
    } catch {
      // Another run published in between: its complete site stays, our backup goes.
      rmSync(backup, { recursive: true, force: true })
    }
    throw e
  }
  return backup
}

/**
 * Writes `files` as the whole content of `dir`, replacing an earlier site
 * there. On failure the previous site stays as it was and no temporary
 * folder is left behind.
 */
export const publishSite = async (dir: string, cwd: string, files: SiteFiles): Promise<void> => {
  const target = await checkSiteDir(dir, cwd)
  removeStaleSiteTemps(target)
  const fresh = tempPathFor(target, 'site-new')
  /** Ours until done: removed on a stop signal, and never taken for a stale one by a sweep of this process. */
  const temps = new Set([fresh])
  activeTemps.add(fresh)
  let backup: string | null = null
  const stop: StopRequest = { requested: false }
  let writing: Promise<void> = Promise.resolve()
  const release = onStopSignal(async () => {
    // No new write starts; those under way finish before the folder goes, so none adds a file to it afterwards.
    stop.requested = true
    await writing.catch(() => undefined)
    for (const path of temps) {
      try {
        rmSync(path, { recursive: true, force: true })
      } catch {
        // left for the next run
      }
    }
  })
  try {
    // DIR keeps its mode (as root, its owner and group); a new one is 0755 less the umask
    const { mode, owner } = ownershipFor(await lstat(target).catch(() => null), 0o755)
    await mkdir(fresh, { mode: 0o700 })
    if (owner) await chown(fresh, owner.uid, owner.gid)
    await chmod(fresh, mode)
    writing = writeSite(fresh, files, stop)
    await writing
    backup = swapIn(dir, target, fresh)
    temps.delete(fresh)
    if (backup) {
      temps.add(backup)
      activeTemps.add(backup)
      // The new site is live; a backup that cannot be removed now is removed by the next run.
      await rm(backup, { recursive: true, force: true }).catch(() => undefined)
    }
  } catch (e) {
    // stopped by a signal: the cleanup removes the folder and ends the process; nothing more to say
    if (e instanceof Stopped) return new Promise<never>(() => undefined)
    await rm(fresh, { recursive: true, force: true })
    if (isUserError(e) || !(e as NodeJS.ErrnoException).syscall) throw e
    throw cannotWrite(dir, reason(e))
  } finally {
    release()
    activeTemps.delete(fresh)
    if (backup) activeTemps.delete(backup)
  }
}
