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
 * order. Patterns are read here; shape-tree.ts matches them, all at once.
 */

import type { SegmentType } from './segment-types.js'

/** One segment or query value of a pattern: written-out text, or a type. */
export type PatternPart = { readonly literal: string; readonly type: null } | { readonly literal: null; readonly type: SegmentType }

/** A query parameter of a pattern: its name and what its value must be. */
export interface PatternParameter {
  readonly name: string
  readonly part: PatternPart
}

export interface RoutePattern {
  /** The path's segments, in order: as many as the path has `/`. */
  readonly path: readonly PatternPart[]
  /** The query's parameters sorted by name (UTF-16 order); null for a pattern without `?`. */
  readonly query: readonly PatternParameter[] | null
}

/** How many segments a path that starts with `/` has: the number of `/` in it (before `end`). */
export function segmentCountOf(path: string, end = path.length): number {
  let count = 0
  for (let i = path.indexOf('/'); i >= 0 && i < end; i = path.indexOf('/', i + 1)) count++
  return count
}

/** Orders parameters by name as the shape tree orders a target's: by UTF-16 code units. */
function byName(a: PatternParameter, b: PatternParameter): number {
  return (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
}

const PLACEHOLDER = /^\{([A-Za-z_][A-Za-z0-9_]*)(?::([A-Za-z_][A-Za-z0-9_]*))?\}$/

function partOf(part: string, types: Readonly<Record<string, SegmentType>>, pattern: string): PatternPart {
  const placeholder = PLACEHOLDER.exec(part)
  if (!placeholder) {
    if (part.includes('{') || part.includes('}')) {
      throw new Error(`route pattern ${pattern}: "${part}" must be a whole {name} or {name:type}`)
    }
    return { literal: part, type: null }
  }
  const [, name, typeName] = placeholder as unknown as [string, string, string | undefined]
  const type = types[typeName ?? name]
  if (!type) {
    throw new Error(`route pattern ${pattern}: unknown type "${typeName ?? name}" (known: ${Object.keys(types).join(', ')})`)
  }
  return { literal: null, type }
}

/** Reads a pattern; throws an Error that names it and what is wrong. */
export function parseRoutePattern(pattern: string, types: Readonly<Record<string, SegmentType>>): RoutePattern {
  if (!pattern.startsWith('/')) throw new Error(`route pattern ${pattern}: must start with /`)
  const queryAt = pattern.indexOf('?')
  const pathPattern = queryAt < 0 ? pattern : pattern.slice(0, queryAt)
  const path = pathPattern.slice(1).split('/').map((part) => partOf(part, types, pattern))
  if (queryAt < 0) return { path, query: null }
  const query: PatternParameter[] = []
  for (const pair of pattern.slice(queryAt + 1).split('&')) {
    const eq = pair.indexOf('=')
    if (eq <= 0) throw new Error(`route pattern ${pattern}: query part "${pair}" must be name=value`)
    const name = pair.slice(0, eq)
    if (query.some((p) => p.name === name)) throw new Error(`route pattern ${pattern}: query parameter "${name}" is given twice`)
    query.push({ name, part: partOf(pair.slice(eq + 1), types, pattern) })
  }
  return { path, query: query.sort(byName) }
}
