/**
 * The seven storefront request shapes the Profile Search page lists, written
 * in the route-pattern language, and the test a record must pass to become
 * a row.
 */

import { displayUrl } from '../text/url.js'
import { parseRoutePattern, type RoutePattern } from './route-pattern.js'
import { ShapeTree } from './shape-tree.js'
import { RESERVED_SEGMENTS, segmentTypesWith, type SegmentTypes } from './segment-types.js'

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

/**
 * The most route patterns a config file may give (schema/config.schema.json
 * says so too). The tree matches a target in about the same time whatever
 * their number; the cap keeps the tree small, and with it the rare walk that
 * visits much of it and how deep the walk's calls nest (shape-tree.ts).
 */
export const MAX_PATTERNS = 1000

/** The URL shapes a row may have (method, status and the rest are search criteria, criteria.ts), merged into one tree. */
export interface RowRule {
  tree: ShapeTree
}

/** Reads the patterns; a bad one throws an Error naming it. */
export function compileShapes(patterns: readonly string[] = DEFAULT_SHAPES, types: SegmentTypes = segmentTypesWith(RESERVED_SEGMENTS, {})): RowRule {
  const read: RoutePattern[] = patterns.map((pattern) => parseRoutePattern(pattern, types.byName))
  return { tree: new ShapeTree(read, types.regexes) }
}

export function defaultRowRule(): RowRule {
  return compileShapes()
}

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
export function shapeRowRule(settings: ShapeSettings): RowRule {
  return compileShapes(settings.patterns, segmentTypesWith(settings.reserved, settings.segmentTypes))
}

/**
 * Does this request target have one of the shapes? An absolute target
 * (`http://host/path`) is matched by its path and query.
 */
export function hasListedShape(rule: RowRule, target: string): boolean {
  const relative = target.charCodeAt(0) === 0x2f ? target : displayUrl(target)
  if (relative.charCodeAt(0) !== 0x2f) return false
  const q = relative.indexOf('?')
  return rule.tree.matches(relative, q < 0 ? relative.length : q)
}
