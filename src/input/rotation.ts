/**
 * The age order of inputs. logrotate names older generations of `access.log`
 * as `access.log.1`, `access.log.2.gz`, … or, with `dateext`,
 * `access.log-20261121(.gz)`. Inputs of one such set are put oldest first,
 * wherever they were named, so "later in the input" means "newer" whatever
 * order a shell glob gave; other inputs keep the order they were named in.
 */

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
 * Indexes into `names`, oldest input first. Members of a rotated set are
 * ordered by age at the place of the set's first member; stdin (`-`) and
 * unrelated files keep their place.
 */
export function oldestFirst(names: readonly string[]): number[] {
  const generations = names.map(generation)
  const groupOf = new Map<string, number>()
  generations.forEach((g, i) => {
    if (names[i] !== '-' && !groupOf.has(g.base)) groupOf.set(g.base, i)
  })
  const key = (i: number): number => (names[i] === '-' ? i : (groupOf.get((generations[i] as Generation).base) ?? i))
  return names
    .map((_, i) => i)
    .sort((a, b) => key(a) - key(b) || (generations[b] as Generation).age - (generations[a] as Generation).age || a - b)
}
