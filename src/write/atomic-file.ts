/**
 * Publishing a page: a run reserves a temporary file in the target's own
 * folder when it starts, writes the page into it at the end, flushes it to
 * disk and renames it over the target, so a reader sees the old page or the
 * new one, never a part. On any failure, and on SIGINT/SIGTERM/SIGHUP at any
 * moment of the run, the temporary file is removed and the old page stays as
 * it was. A run killed with SIGKILL cannot clean up; the next successful run
 * removes what it left (see temp-files.ts).
 */

import { constants, rmSync } from 'node:fs'
import { access, open, readFile, rename, stat, type FileHandle } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'
import { inputError, writeErrnoWords } from '../errors.js'
import { onStopSignal } from './stop-signals.js'
import { activeTemps, removeStaleTemps, tempPathFor } from './temp-files.js'

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
  const existing = await stat(target).catch(() => null)
  if (existing?.isDirectory()) throw inputError(`cannot write ${path}: it is a folder`, 'give a file name, e.g. --output out.html')
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
  commit(content: string, options?: CommitOptions): Promise<Published>
  /** Removes the temporary file; a no-op after commit. Never throws. */
  discard(): void
}

const sameBytes = async (path: string, content: Buffer): Promise<boolean> => {
  const existing = await stat(path).catch(() => null)
  if (!existing?.isFile() || existing.size !== content.length) return false
  return (await readFile(path).catch(() => null))?.equals(content) ?? false
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
    handle = await open(tmp, 'wx', 0o600)
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

  const commit = async (content: string, options: CommitOptions = {}): Promise<Published> => {
    if (done) throw new Error(`commit of ${path} after it was committed or discarded`)
    const bytes = Buffer.from(content, 'utf8')
    try {
      if (options.ifChanged && (await sameBytes(target, bytes))) {
        discard()
        removeStaleTemps(target)
        return 'unchanged'
      }
      const existing = await stat(target).catch(() => null)
      const mode = existing ? existing.mode & 0o777 : 0o644
      await opened.writeFile(bytes)
      await opened.chmod(mode)
      await opened.sync()
      await opened.close()
      await rename(tmp, target)
    } catch (e) {
      discard()
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
