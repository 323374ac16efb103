/** The allowed key nearest to a misspelt one, by edit distance (Levenshtein). */

export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      current[j] = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + cost)
    }
    previous = current
  }
  return previous[b.length] as number
}

/** Case and `-`/`_` do not count: `log-format` is as near to `logFormat` as can be. */
function normal(key: string): string {
  return key.toLowerCase().replace(/[-_]/g, '')
}

/** The nearest of `allowed` (the first of equals), or null when none is given. */
export function nearestKey(key: string, allowed: readonly string[]): string | null {
  let best: string | null = null
  let bestDistance = Infinity
  for (const candidate of allowed) {
    const distance = editDistance(normal(key), normal(candidate))
    if (distance < bestDistance) {
      best = candidate
      bestDistance = distance
    }
  }
  return best
}
