/**
 * The temporary files a publish leaves next to its target, and how a later
 * run recognises the ones whose writer is gone.
 *
 * A temporary file is named `.<target>.<host>.<pid>.<12 hex>.tmp`, so it is
 * hidden, sorts next to its target, and says which process made it. A run
 * killed with SIGKILL cannot remove its file; the next run that publishes the
 * same target removes every file of this pattern whose writer is not running
 * any more (same host, PID not alive), and any of this pattern older than a
 * day (a writer on another host sharing the folder, or a reused PID).
 */

import { randomBytes } from 'node:crypto'
import { readdirSync, rmSync, statSync } from 'node:fs'
import { hostname } from 'node:os'
import { basename, dirname, join } from 'node:path'

/** A temporary file this old is stale whoever made it. */
export const STALE_AFTER_MS = 24 * 60 * 60 * 1000

/** Names are cut to this many bytes, so the temporary name stays under the usual 255-byte limit. */
const MAX_BASE_BYTES = 160

/** The host part: letters, digits and hyphens only, so the name parses back. */
export const HOST_TAG = (hostname().replace(/[^A-Za-z0-9-]/g, '-').slice(0, 40) || 'host')

/** The target's name, cut at a character boundary to at most MAX_BASE_BYTES bytes of UTF-8. */
const baseOf = (target: string): string => {
  let base = ''
  let bytes = 0
  for (const char of basename(target)) {
    bytes += Buffer.byteLength(char)
    if (bytes > MAX_BASE_BYTES) break
    base += char
  }
  return base
}

const escapeRegExp = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')

/** A fresh temporary path for `target` (an absolute path), in the target's folder. */
export const tempPathFor = (target: string): string =>
  join(dirname(target), `.${baseOf(target)}.${HOST_TAG}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`)

export interface TempName {
  host: string
  pid: number
}

/** The writer of a temporary file of `target`, or null when `name` is not one. */
export const parseTempName = (target: string, name: string): TempName | null => {
  const pattern = new RegExp(`^\\.${escapeRegExp(baseOf(target))}\\.([A-Za-z0-9-]+)\\.([1-9]\\d{0,9})\\.[0-9a-f]{12}\\.tmp$`)
  const match = pattern.exec(name)
  return match ? { host: match[1] as string, pid: Number(match[2]) } : null
}

/** Whether a process with this PID runs on this machine (EPERM: it does, as another user). */
export const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export interface StaleCheck {
  /** Temporary files this process is using right now: never stale. */
  active: ReadonlySet<string>
  now: number
  alive: (pid: number) => boolean
}

/**
 * Removes the stale temporary files of `target` and returns their names.
 * Best effort: a file that vanishes or cannot be removed is left to the next run.
 */
export const removeStaleTemps = (target: string, check: StaleCheck): string[] => {
  const folder = dirname(target)
  let names: string[]
  try {
    names = readdirSync(folder)
  } catch {
    return []
  }
  const removed: string[] = []
  for (const name of names) {
    const writer = parseTempName(target, name)
    const path = join(folder, name)
    if (!writer || check.active.has(path)) continue
    const sameHost = writer.host === HOST_TAG
    const ownedByUs = sameHost && writer.pid === process.pid
    let stale = sameHost && (ownedByUs || !check.alive(writer.pid))
    if (!stale) {
      const mtime = statSync(path, { throwIfNoEntry: false })?.mtimeMs
      stale = mtime !== undefined && check.now - mtime > STALE_AFTER_MS
    }
    if (!stale) continue
    try {
      rmSync(path, { force: true })
      removed.push(name)
    } catch {
      // left for the next run
    }
  }
  return removed
}
