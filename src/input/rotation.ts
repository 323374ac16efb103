/**
 * The age order of inputs. logrotate names older generations of `access.log`
 * as `access.log.1`, `access.log.2.gz`, … or, with `dateext`,
 * `access.log-20261121(.gz)`. Inputs of one such set are put oldest first,
 * wherever they were named, so "later in the input" means "newer" whatever
 * order a shell glob gave. Sets are put in the order of their names, so a
 * run's answer never depends on the order its inputs were named in.
 */

import { byCodePoints } from '../text/code-points.js'

/** `base.N`, `base.N.gz`, `base-YYYYMMDD`, `base-YYYYMMDD.gz` (also `-YYYY-MM-DD` and `-YYYYMMDDHH`). */
const ROTATED = /^(.*?)(?:\.(\d{1,6})|-(\d{4}-?\d{2}-?\d{2}(?:\d{2})?))(?:\.gz)?$/

export interface Generation {
  /** The live log's name (`access.log` for `access.log.2.gz`). */
  base: string
  /** 0 for the live file; larger is older. */
  age: number
}

/** A name's place in its rotated set. */
export function generation(name: string): Generation {
  const m = ROTATED.exec(name)
  if (!m) return { base: name.replace(/\.gz$/, ''), age: 0 }
  const [, base = name, number, date] = m
  if (number !== undefined) return { base, age: Number(number) }
  // Any dated generation is older than the live file, and an earlier date is older.
  return { base, age: 1e12 - Number((date ?? '').replace(/-/g, '').padEnd(10, '0')) }
}

/** Whether the name is an older generation of a rotated log (`access.log.1`, `access.log-20261121.gz`), not the live one. */
export function isRotatedName(name: string): boolean {
  return generation(name).age > 0
}

/**
 * The inputs as rotated sets, in an order that does not depend on the
 * order they were named in: indexes into `names`, one list per set, each
 * oldest first (by age, then name); the sets by their live name, stdin
 * (`-`) first. An input that is no generation of another is a set of its
 * own. Only the members of one set have an age order: unrelated inputs may
 * hold lines of any times (two vhosts, two servers).
 */
export function rotatedSets(names: readonly string[]): number[][] {
  const sets = new Map<string, number[]>()
  names.forEach((name, i) => {
    const base = name === '-' ? '' : generation(name).base
    const set = sets.get(base)
    if (set === undefined) sets.set(base, [i])
    else set.push(i)
  })
  const age = (i: number): number => generation(names[i] as string).age
  return [...sets.entries()]
    .sort(([a], [b]) => byCodePoints(a, b))
    .map(([, set]) => set.sort((a, b) => age(b) - age(a) || byCodePoints(names[a] as string, names[b] as string) || a - b))
}
