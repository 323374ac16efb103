/**
 * The working names a publish uses next to its target, and how a later run
 * recognises the ones whose writer is gone. One scheme for `-o` files and
 * `--out-dir` folders:
 *
 *   .<target>.<host>.<pid>.<12 hex>.tmp        a page being written (-o)
 *   .<target>.<host>.<pid>.<12 hex>.site-new   a site being written (--out-dir)
 *   .<target>.<host>.<pid>.<12 hex>.site-old   the previous site, while it is swapped out
 *
 * Each is hidden, sorts next to its target, and says which process made it;
 * the target's name is cut to MAX_BASE_BYTES bytes of UTF-8, so the whole
 * name stays under the usual 255-byte limit. A run killed with SIGKILL cannot
 * remove what it made; the next run that publishes the same target removes
 * every such name whose writer is not running any more (same host, PID not
 * alive), and any older than a day (a writer on another host sharing the
 * folder, or a reused PID), but never one this process is using, and never
 * one it did not make: a name of this pattern that is not a file (a `.tmp`)
 * or a folder (a `.site-*`) of the user running now, or that another user
 * planted, is left where it is.
 */

import { randomBytes } from 'node:crypto'
import { lstatSync, readdirSync, rmSync } from 'node:fs'
import { hostname } from 'node:os'
import { basename, dirname, join } from 'node:path'

/** A temporary name this old is stale whoever made it. */
export const STALE_AFTER_MS = 24 * 60 * 60 * 1000

/** Names are cut to this many bytes, so the temporary name stays under the usual 255-byte limit. */
const MAX_BASE_BYTES = 160

export type TempKind = 'tmp' | 'site-new' | 'site-old'

/** The host part: letters, digits and hyphens only, so the name parses back. */
export const HOST_TAG = (hostname().replace(/[^A-Za-z0-9-]/g, '-').slice(0, 40) || 'host')

/** The target's name, cut at a character boundary to at most MAX_BASE_BYTES bytes of UTF-8. */
function baseOf(target: string): string {
  let base = ''
  let bytes = 0
  for (const char of basename(target)) {
    bytes += Buffer.byteLength(char)
    if (bytes > MAX_BASE_BYTES) break
    base += char
  }
  return base
}

function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')
}

/** 12 random hex digits, so nobody sharing the folder can guess a name and put something there first. */
function randomHex(): string {
  return randomBytes(6).toString('hex')
}

/** A fresh temporary path for `target` (an absolute path), in the target's folder. */
export function tempPathFor(target: string, kind: TempKind = 'tmp'): string {
  return join(dirname(target), `.${baseOf(target)}.${HOST_TAG}.${process.pid}.${randomHex()}.${kind}`)
}

export interface TempName {
  host: string
  pid: number
  kind: TempKind
}

/** The writer of a temporary name of `target`, or null when `name` is not one. */
export function parseTempName(target: string, name: string): TempName | null {
  const pattern = new RegExp(`^\\.${escapeRegExp(baseOf(target))}\\.([A-Za-z0-9-]+)\\.([1-9]\\d{0,9})\\.[0-9a-f]{12}\\.(tmp|site-new|site-old)$`)
  const match = pattern.exec(name)
  return match ? { host: match[1] as string, pid: Number(match[2]), kind: match[3] as TempKind } : null
}

/** Whether a process with this PID runs on this machine (EPERM: it does, as another user). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Names of the temporary files and folders this process is using right now: never stale (each name is unique). */
export const activeTemps = new Set<string>()

export interface StaleCheck {
  /** Temporary names in use right now. */
  active: ReadonlySet<string>
  now: number
  alive: (pid: number) => boolean
  /** The user running now: only what this user made is taken away. */
  euid: number
}

/** The check as of now, against the processes running now. */
export function staleCheckNow(): StaleCheck {
  return ({ active: activeTemps, now: Date.now(), alive: isAlive, euid: process.geteuid?.() ?? -1 })
}

export interface StaleTemp extends TempName {
  name: string
  path: string
  /** Modification time, ms. */
  mtime: number
}

/** The temporary names of `target` whose writer is gone, of the given kinds. A folder that cannot be read has none. */
export function staleTemps(target: string, kinds: readonly TempKind[], check: StaleCheck = staleCheckNow()): StaleTemp[] {
  const folder = dirname(target)
  let names: string[]
  try {
    names = readdirSync(folder)
  } catch {
    return []
  }
  return names.flatMap((name) => {
    const writer = parseTempName(target, name)
    const path = join(folder, name)
    if (!writer || !kinds.includes(writer.kind) || check.active.has(name)) return []
    const found = lstatSync(path, { throwIfNoEntry: false })
    if (!found) return []
    const ours = found.uid === check.euid && (writer.kind === 'tmp' ? found.isFile() : found.isDirectory())
    if (!ours) return []
    const sameHost = writer.host === HOST_TAG
    const gone = sameHost && (writer.pid === process.pid || !check.alive(writer.pid))
    const stale = gone || check.now - found.mtimeMs > STALE_AFTER_MS
    return stale ? [{ ...writer, name, path, mtime: found.mtimeMs }] : []
  })
}

/**
 * Removes the stale temporary files (`.tmp`) of `target` and returns their
 * names. Best effort: one that vanishes or cannot be removed is left to the
 * next run.
 */
export function removeStaleTemps(target: string, check: StaleCheck = staleCheckNow()): string[] {
  return staleTemps(target, ['tmp'], check).flatMap(({ name, path }) => {
    try {
      rmSync(path, { force: true })
      return [name]
    } catch {
      return []
    }
  })
}
