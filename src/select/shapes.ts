/**
 * The seven storefront request shapes the Profile Search page lists, written
 * in the route-pattern language, and the test a record must pass to become
 * a row.
 */

import { displayUrl } from '../text/url.js'
import { compileRoutePattern, segmentCountOf, type TargetMatcher } from './route-pattern.js'
import { defaultSegmentTypes, RESERVED_SEGMENTS, segmentTypesWith, type SegmentTest } from './segment-types.js'

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

/** The URL shapes a row may have. Method, status and the rest are search criteria (criteria.ts). */
export interface RowRule {
  matchers: readonly TargetMatcher[]
  /** The matchers by the number of path segments they take (index), in the order given. */
  bySegmentCount: readonly (readonly TargetMatcher[] | undefined)[]
}

const rowRule = (matchers: readonly TargetMatcher[]): RowRule => {
  const bySegmentCount: TargetMatcher[][] = []
  for (const matcher of matchers) (bySegmentCount[matcher.segmentCount] ??= []).push(matcher)
  return { matchers, bySegmentCount }
}

export const compileShapes = (
  patterns: readonly string[] = DEFAULT_SHAPES,
  types: Record<string, SegmentTest> = defaultSegmentTypes(),
): TargetMatcher[] => patterns.map((pattern) => compileRoutePattern(pattern, types))

export const defaultRowRule = (): RowRule => rowRule(compileShapes())

/**
 * The request shapes as a config file gives them (`shapes` in
 * profiler-search.config.json): route patterns, named segment types as
 * regular expressions, and the segments `category` never matches.
 */
export interface ShapeSettings {
  patterns: readonly string[]
  /** Name → regular expression for the whole segment; added to the built-in types or replacing one. */
  segmentTypes: Readonly<Record<string, string>>
  reserved: readonly string[]
}

/** The documented defaults: the seven shapes, the built-in types, the reserved folders. */
export const DEFAULT_SHAPE_SETTINGS: ShapeSettings = { patterns: DEFAULT_SHAPES, segmentTypes: {}, reserved: RESERVED_SEGMENTS }

/** Compiles the settings; a bad pattern or regular expression throws an Error naming it. */
export const shapeRowRule = (settings: ShapeSettings): RowRule =>
  rowRule(compileShapes(settings.patterns, segmentTypesWith(settings.reserved, settings.segmentTypes)))

/**
 * Does this request target have one of the shapes? Only the patterns with as
 * many segments as the path are tried, each up to its first segment that
 * does not match; the path is never split into an array.
 */
export const hasListedShape = (rule: RowRule, target: string): boolean => {
  const relative = target.charCodeAt(0) === 0x2f ? target : displayUrl(target)
  if (relative.charCodeAt(0) !== 0x2f) return false
  const q = relative.indexOf('?')
  const pathEnd = q < 0 ? relative.length : q
  const candidates = rule.bySegmentCount[segmentCountOf(relative, pathEnd)]
  if (candidates === undefined) return false
  for (let i = 0; i < candidates.length; i++) if ((candidates[i] as TargetMatcher).matchesTarget(relative, pathEnd)) return true
  return false
}
