/**
 * The `shapes` of a config file → the settings the row rule is compiled
 * from. Keys left out keep their defaults. Every pattern and regular
 * expression is compiled here, so a bad one stops the run before any input
 * is read, with a message that names it. A segment type must be a regular
 * expression by itself and one RE2 can run in linear time (see
 * select/regex-types.ts): a log line can then never make a match slow. Both
 * are capped: at most MAX_PATTERNS patterns, and types that compile to at
 * most MAX_REGEX_SIZE RE2 instructions together.
 */

import { compileRegexType, MAX_REGEX_SIZE, SegmentPatternError } from '../select/regex-types.js'
import { parseRoutePattern } from '../select/route-pattern.js'
import { segmentTypesWith } from '../select/segment-types.js'
import { DEFAULT_SHAPE_SETTINGS, MAX_PATTERNS, type ShapeSettings } from '../select/shapes.js'

/** `shapes` as the schema admits it. */
export interface ShapesConfig {
  patterns?: string[]
  segmentTypes?: Record<string, string>
  reserved?: string[]
}

export type ShapesResult = { ok: true; settings: ShapeSettings } | { ok: false; problems: string[] }

function messageOf(e: unknown): string {
  return (e instanceof Error ? e.message : String(e))
}

/** What a segment type must be, by the rule it broke. */
const MUST_BE: Readonly<Record<SegmentPatternError['rule'], string>> = {
  'regular expression': 'a regular expression',
  'linear time': 'a regular expression that runs in linear time (RE2 syntax)',
}

export function shapeSettings(config: ShapesConfig | undefined): ShapesResult {
  const settings: ShapeSettings = {
    patterns: config?.patterns ?? DEFAULT_SHAPE_SETTINGS.patterns,
    segmentTypes: config?.segmentTypes ?? DEFAULT_SHAPE_SETTINGS.segmentTypes,
    reserved: config?.reserved ?? DEFAULT_SHAPE_SETTINGS.reserved,
  }
  if (settings.patterns.length > MAX_PATTERNS) {
    return { ok: false, problems: [`/shapes/patterns must be a list of at most ${MAX_PATTERNS} patterns (got ${settings.patterns.length})`] }
  }
  const problems: string[] = []
  const sizes: [name: string, size: number][] = []
  for (const [name, source] of Object.entries(settings.segmentTypes)) {
    try {
      sizes.push([name, compileRegexType(source).size])
    } catch (e) {
      if (!(e instanceof SegmentPatternError)) throw e
      problems.push(`/shapes/segmentTypes/${name} must be ${MUST_BE[e.rule]}: ${e.message} (got ${JSON.stringify(source)})`)
    }
  }
  if (problems.length > 0) return { ok: false, problems }
  const size = sizes.reduce((sum, [, n]) => sum + n, 0)
  if (size > MAX_REGEX_SIZE) {
    const [largest, largestSize] = sizes.reduce((a, b) => (b[1] > a[1] ? b : a))
    return { ok: false, problems: [`/shapes/segmentTypes must compile to at most ${MAX_REGEX_SIZE} RE2 instructions in all (got ${size}; ${largest} alone ${largestSize})`] }
  }
  const types = segmentTypesWith(settings.reserved, settings.segmentTypes)
  settings.patterns.forEach((pattern, i) => {
    try {
      parseRoutePattern(pattern, types.byName)
    } catch (e) {
      problems.push(`/shapes/patterns/${i}: ${messageOf(e)}`)
    }
  })
  return problems.length > 0 ? { ok: false, problems } : { ok: true, settings }
}
