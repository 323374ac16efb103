/**
 * The seven storefront request shapes the Profile Search page lists, written
 * in the route-pattern language, and the test a record must pass to become
 * a row.
 */

import type { AccessRecord } from '../record.js'
import { compileRoutePattern, pathSegments, type TargetMatcher } from './route-pattern.js'
import { defaultSegmentTypes, type SegmentTest } from './segment-types.js'

export const DEFAULT_SHAPES: readonly string[] = [
  '/{category}/',
  '/{category}/{article_id:int}/{slug}',
  '/{category}/{subcategory:category}/{article_id:int}/{slug}',
  '/{category}/{subcategory:category}/{article_id:int}/{slug}?c={c:int}',
  '/{form:category}?sInquiry=detail&sOrdernumber={ordernumber}',
  '/forms/index/id/{form_id:int}',
  '/robots.txt',
  '/sitemap_index.xml',
]

const ABSOLUTE_FORM = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/

/**
 * Path and query of a request target as logged. An absolute-form target
 * (`http://host/x?y`) is reduced to its path and query first.
 */
export const pathAndQuery = (target: string): { path: string; query: string | null } => {
  const authority = ABSOLUTE_FORM.exec(target)
  let rest = authority ? target.slice(authority[0].length) : target
  if (authority && !rest.startsWith('/')) rest = `/${rest}`
  const q = rest.indexOf('?')
  return q < 0 ? { path: rest, query: null } : { path: rest.slice(0, q), query: rest.slice(q + 1) }
}

/** The URL column: path and query as requested, without scheme and host. */
export const displayUrl = (target: string): string => {
  const { path, query } = pathAndQuery(target)
  return query === null ? path : `${path}?${query}`
}

export interface RowRule {
  method: string
  status: number
  matchers: readonly TargetMatcher[]
}

export const compileShapes = (
  patterns: readonly string[] = DEFAULT_SHAPES,
  types: Record<string, SegmentTest> = defaultSegmentTypes(),
): TargetMatcher[] => patterns.map((pattern) => compileRoutePattern(pattern, types))

export const defaultRowRule = (): RowRule => ({ method: 'GET', status: 200, matchers: compileShapes() })

/** Does this record become a row? Method and status are checked first: they are cheap. */
export const isListed = (rule: RowRule, record: AccessRecord): boolean => {
  if (record.status !== rule.status || record.method !== rule.method || record.target === null) return false
  const { path, query } = pathAndQuery(record.target)
  const segments = pathSegments(path)
  return segments !== null && rule.matchers.some((matches) => matches(segments, query))
}
