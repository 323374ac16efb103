/**
 * The older generations of a followed log beside it (`access.log.1`,
 * `access.log-20261121`, their `.gz`), looked at whenever a new file takes
 * the log's name, so a generation that was rotated away before a poll ever
 * opened it (two rotations between two polls) is not lost without a word:
 *
 * - one still plain under a rotated name and never seen before is given
 *   back, oldest first, to be read from its start;
 * - one compressed before it could be read is counted. Each rotation gives
 *   at most one new `.gz` (logrotate's `compress`, with or without
 *   `delaycompress`), so new `.gz` files beyond the rotations seen (and
 *   generations read) are generations that were never read.
 *
 * A generation deleted (or overwritten by a rename) before a look leaves no
 * trace and cannot be counted. The first look only learns what is there.
 */

import type { Stats } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { readdir, stat } from 'node:fs/promises'
import { generation } from './rotation.js'

/** A file is known by its device and inode. */
export function fileKey(stats: Pick<Stats, 'dev' | 'ino'>): string {
  return `${stats.dev}:${stats.ino}`
}

export interface RotatedFile {
  /** Its name in the log's folder (`access.log.1`). */
  name: string
  path: string
  /** Its device and inode when the folder was looked at. */
  key: string
}

export interface Look {
  /** Plain generations never seen before, oldest first. */
  unread: RotatedFile[]
  /** Generations that were compressed before they could be read. */
  compressed: number
}

export class RotatedGenerations {
  /** The generations beside the log at the last look; null before the first. */
  #known: Set<string> | null = null
  /** Rotations seen (or generations read) that have not yet been matched with a new `.gz`. */
  #uncompressed = 0

  constructor(private readonly path: string) {}

  /** The file by the log's name went away (renamed or deleted): a rotation, which may compress something. */
  rotated(): void {
    this.#uncompressed++
  }

  /**
   * Looks beside the log. `isOpen` tells a file that is already read (the
   * one renamed away is still open). `absorb`: only learn what is there
   * (after a copytruncate, whose copy is no unread generation).
   */
  async look(isOpen: (key: string) => boolean, absorb = false): Promise<Look> {
    const generations = await this.#list()
    const known = this.#known
    this.#known = new Set(generations.map((g) => g.key))
    if (known === null || absorb) return { unread: [], compressed: 0 }
    const fresh = generations.filter((g) => !known.has(g.key) && !isOpen(g.key))
    const unread = fresh.filter((g) => !g.name.endsWith('.gz')).reverse()
    this.#uncompressed += unread.length - (fresh.length - unread.length)
    const compressed = Math.max(0, -this.#uncompressed)
    this.#uncompressed = Math.max(0, this.#uncompressed)
    return { unread, compressed }
  }

  /** A generation given back as unread could not be opened as it was found (rotated on since): the next look finds it again. */
  forget(key: string): void {
    this.#known?.delete(key)
    this.#uncompressed = Math.max(0, this.#uncompressed - 1)
  }

  /** The regular files in the log's folder rotated from its name, newest first (`.1` before `.2`, a later date first). */
  async #list(): Promise<RotatedFile[]> {
    const folder = dirname(this.path)
    const live = basename(this.path)
    const names = await readdir(folder).catch(() => [] as string[])
    const found: { generation: RotatedFile; age: number }[] = []
    for (const name of names) {
      const { base, age } = generation(name)
      if (age === 0 || base !== live) continue
      const path = join(folder, name)
      const stats = await stat(path).catch(() => null)
      if (stats?.isFile()) found.push({ generation: { name, path, key: fileKey(stats) }, age })
    }
    return found.sort((a, b) => a.age - b.age).map((f) => f.generation)
  }
}
