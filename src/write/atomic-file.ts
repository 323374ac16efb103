/**
 * Publishing a page: the content goes to a temporary file in the target's
 * own folder, is flushed to disk, and is renamed over the target, so a reader
 * sees the old page or the new one, never a part. On any failure, and on
 * SIGINT/SIGTERM while writing, the temporary file is removed and the old page
 * stays as it was.
 */

import { randomBytes } from 'node:crypto'
import { constants, rmSync } from 'node:fs'
import { access, open, rename, rm, stat } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import { inputError } from '../errors.js'

const reason = (e: unknown): string => {
  const code = (e as NodeJS.ErrnoException).code
  switch (code) {
    case 'ENOENT': return 'its folder does not exist'
    case 'EACCES':
    case 'EPERM': return 'permission denied'
    case 'EISDIR': return 'it is a folder'
    case 'ENOTDIR': return 'a part of the path is not a folder'
    case 'ENOSPC': return 'no space left on the device'
    case 'EROFS': return 'the file system is read-only'
    default: return code ?? String(e)
  }
}

/** Fail early, before any input is read, when the target cannot be written. */
export const checkWritable = async (path: string): Promise<void> => {
  const target = resolve(path)
  try {
    const folder = await stat(dirname(target))
    if (!folder.isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' })
    await access(dirname(target), constants.W_OK)
  } catch (e) {
    throw inputError(`cannot write ${path}: ${reason(e)}`, 'choose another --output')
  }
  const existing = await stat(target).catch(() => null)
  if (existing?.isDirectory()) throw inputError(`cannot write ${path}: it is a folder`, 'give a file name, e.g. --output out.html')
}

/** Remove the temporary file if the process is told to stop mid-write. */
const removeOnSignal = (tmp: string): (() => void) => {
  const signals = ['SIGINT', 'SIGTERM'] as const
  const handler = (signal: NodeJS.Signals): void => {
    rmSync(tmp, { force: true })
    process.kill(process.pid, signal)
  }
  for (const s of signals) process.once(s, handler)
  return () => {
    for (const s of signals) process.removeListener(s, handler)
  }
}

export const writeFileAtomic = async (path: string, content: string): Promise<void> => {
  const target = resolve(path)
  const tmp = join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`)
  const existing = await stat(target).catch(() => null)
  const mode = existing ? existing.mode & 0o777 : 0o644
  const release = removeOnSignal(tmp)
  try {
    const handle = await open(tmp, 'wx', mode)
    try {
      await handle.writeFile(content, 'utf8')
      await handle.chmod(mode)
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(tmp, target)
  } catch (e) {
    await rm(tmp, { force: true })
    throw inputError(`cannot write ${path}: ${reason(e)}`)
  } finally {
    release()
  }
}
