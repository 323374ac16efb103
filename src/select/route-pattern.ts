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
 * Tests a target given as its path segments (the path without its leading
 * `/`, split on `/`) and its query (null when the target has no `?`).
 */
export type TargetMatcher = (segments: readonly string[], query: string | null) => boolean

/** `/a/b/` → `['a', 'b', '']`; null when the path does not start with `/`. */
export const pathSegments = (path: string): string[] | null =>
  path.charCodeAt(0) === 0x2f ? path.slice(1).split('/') : null

type PartTest = SegmentTest

const PLACEHOLDER = /^\{([A-Za-z_][A-Za-z0-9_]*)(?::([A-Za-z_][A-Za-z0-9_]*))?\}$/

const partTest = (part: string, types: Record<string, SegmentTest>, pattern: string): PartTest => {
  const placeholder = PLACEHOLDER.exec(part)
  if (!placeholder) {
    if (part.includes('{') || part.includes('}')) {
      throw new Error(`route pattern ${pattern}: "${part}" must be a whole {name} or {name:type}`)
    }
    return (value) => value === part
  }
  const [, name, typeName] = placeholder as unknown as [string, string, string | undefined]
  const type = types[typeName ?? name]
  if (!type) {
    throw new Error(`route pattern ${pattern}: unknown type "${typeName ?? name}" (known: ${Object.keys(types).join(', ')})`)
  }
  return type
}

export const compileRoutePattern = (pattern: string, types: Record<string, SegmentTest>): TargetMatcher => {
  if (!pattern.startsWith('/')) throw new Error(`route pattern ${pattern}: must start with /`)
  const queryAt = pattern.indexOf('?')
  const pathPattern = queryAt < 0 ? pattern : pattern.slice(0, queryAt)
  const segmentTests = pathPattern.slice(1).split('/').map((part) => partTest(part, types, pattern))
  const queryTests = new Map<string, PartTest>()
  if (queryAt >= 0) {
    for (const pair of pattern.slice(queryAt + 1).split('&')) {
      const eq = pair.indexOf('=')
      if (eq <= 0) throw new Error(`route pattern ${pattern}: query part "${pair}" must be name=value`)
      if (queryTests.has(pair.slice(0, eq))) throw new Error(`route pattern ${pattern}: query parameter "${pair.slice(0, eq)}" is given twice`)
      queryTests.set(pair.slice(0, eq), partTest(pair.slice(eq + 1), types, pattern))
    }
  }
  const segmentCount = segmentTests.length

  const pathMatches = (segments: readonly string[]): boolean => {
    if (segments.length !== segmentCount) return false
    for (let i = 0; i < segmentCount; i++) {
      if (!(segmentTests[i] as PartTest)(segments[i] as string)) return false
    }
    return true
  }

  const queryMatches = (query: string | null): boolean => {
    if (queryTests.size === 0) return query === null
    if (query === null) return false
    const pairs = query.split('&')
    if (pairs.length !== queryTests.size) return false
    const seen = new Set<string>()
    for (const pair of pairs) {
      const eq = pair.indexOf('=')
      if (eq < 0) return false
      const name = pair.slice(0, eq)
      const test = queryTests.get(name)
      if (!test || seen.has(name) || !test(pair.slice(eq + 1))) return false
      seen.add(name)
    }
    return true
  }

  return (segments, query) => pathMatches(segments) && queryMatches(query)
}
