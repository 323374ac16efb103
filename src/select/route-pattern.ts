/**
 * Route patterns describe the storefront request shapes:
 *
 *   /{category}/{article_id:int}/{slug}
 *   /{form:category}?sInquiry=detail&sOrdernumber={ordernumber}
 *
 * A placeholder fills one whole path segment or one query value; its type is
 * the part after `:`, or its name when that names a type. The path must match
 * segment by segment. A pattern without `?` matches only targets without a
 * query; a pattern with one needs exactly its parameters, once each, in any
 * order.
 */

import type { SegmentTest } from './segment-types.js'

/**
 * A compiled pattern. `segmentCount` is how many segments a matching path has
 * (the number of `/` in it), so a caller can pass over the patterns a path
 * cannot match before looking closer.
 */
export interface TargetMatcher {
  readonly segmentCount: number
  /**
   * Tests a target as logged (`/path?query`, no scheme or host): its path, up
   * to `pathEnd` (the `?` or the end), must start with `/` and have
   * `segmentCount` segments. No array is made, and the test stops at the
   * first segment that does not match.
   */
  readonly matchesTarget: (target: string, pathEnd: number) => boolean
}

/** How many segments a path that starts with `/` has: the number of `/` in it (before `end`). */
export const segmentCountOf = (path: string, end = path.length): number => {
  let count = 0
  for (let i = path.indexOf('/'); i >= 0 && i < end; i = path.indexOf('/', i + 1)) count++
  return count
}

/** One segment or query value of a pattern: its test, and its text when it is written out (then it is compared in place). */
interface Part {
  test: SegmentTest
  literal: string | null
}

const PLACEHOLDER = /^\{([A-Za-z_][A-Za-z0-9_]*)(?::([A-Za-z_][A-Za-z0-9_]*))?\}$/

const partOf = (part: string, types: Record<string, SegmentTest>, pattern: string): Part => {
  const placeholder = PLACEHOLDER.exec(part)
  if (!placeholder) {
    if (part.includes('{') || part.includes('}')) {
      throw new Error(`route pattern ${pattern}: "${part}" must be a whole {name} or {name:type}`)
    }
    return { test: (value) => value === part, literal: part }
  }
  const [, name, typeName] = placeholder as unknown as [string, string, string | undefined]
  const type = types[typeName ?? name]
  if (!type) {
    throw new Error(`route pattern ${pattern}: unknown type "${typeName ?? name}" (known: ${Object.keys(types).join(', ')})`)
  }
  return { test: type, literal: null }
}

export const compileRoutePattern = (pattern: string, types: Record<string, SegmentTest>): TargetMatcher => {
  if (!pattern.startsWith('/')) throw new Error(`route pattern ${pattern}: must start with /`)
  const queryAt = pattern.indexOf('?')
  const pathPattern = queryAt < 0 ? pattern : pattern.slice(0, queryAt)
  const parts = pathPattern.slice(1).split('/').map((part) => partOf(part, types, pattern))
  const parameters: { name: string; part: Part }[] = []
  if (queryAt >= 0) {
    for (const pair of pattern.slice(queryAt + 1).split('&')) {
      const eq = pair.indexOf('=')
      if (eq <= 0) throw new Error(`route pattern ${pattern}: query part "${pair}" must be name=value`)
      const name = pair.slice(0, eq)
      if (parameters.some((p) => p.name === name)) throw new Error(`route pattern ${pattern}: query parameter "${name}" is given twice`)
      parameters.push({ name, part: partOf(pair.slice(eq + 1), types, pattern) })
    }
  }
  const segmentCount = parts.length

  /** Does `text[start, end)` match the part? A written-out part is compared in place, without a slice. */
  const partMatches = (part: Part, text: string, start: number, end: number): boolean => {
    const { literal } = part
    if (literal !== null) return end - start === literal.length && text.startsWith(literal, start)
    return part.test(text.slice(start, end))
  }

  /** The query from `start` to the end of `text`: exactly the pattern's parameters, once each, in any order. */
  const queryMatchesAt = (text: string, start: number): boolean => {
    const seen: boolean[] = []
    let count = 0
    for (let from = start; ;) {
      let to = text.indexOf('&', from)
      if (to < 0) to = text.length
      const eq = text.indexOf('=', from)
      if (eq < 0 || eq > to) return false
      let k = 0
      while (k < parameters.length) {
        const { name } = parameters[k] as { name: string }
        if (eq - from === name.length && text.startsWith(name, from)) break
        k++
      }
      if (k === parameters.length || seen[k] === true || !partMatches((parameters[k] as { part: Part }).part, text, eq + 1, to)) return false
      seen[k] = true
      count++
      if (to === text.length) return count === parameters.length
      from = to + 1
    }
  }

  const matchesTarget = (target: string, pathEnd: number): boolean => {
    const hasQuery = pathEnd < target.length
    if ((parameters.length === 0) === hasQuery) return false
    let start = 1
    for (let i = 0; i < segmentCount; i++) {
      let end = target.indexOf('/', start)
      if (end < 0 || end > pathEnd) end = pathEnd
      if (!partMatches(parts[i] as Part, target, start, end)) return false
      start = end + 1
    }
    return !hasQuery || queryMatchesAt(target, pathEnd + 1)
  }

  return { segmentCount, matchesTarget }
}
