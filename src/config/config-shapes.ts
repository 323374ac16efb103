/**
 * The `shapes` of a config file → the settings the row rule is compiled
 * from. Keys left out keep their defaults. Every pattern and regular
 * expression is compiled here, so a bad one stops the run before any input
 * is read, with a message that names it. A segment type must be a regular
 * expression by itself and one RE2 can run in linear time (see
 * select/segment-types.ts): a log line can then never make a match slow.
 */

import { regexSegmentTest, SegmentPatternError, segmentTypesWith } from '../select/segment-types.js'
import { compileRoutePattern } from '../select/route-pattern.js'
import { DEFAULT_SHAPE_SETTINGS, type ShapeSettings } from '../select/shapes.js'

/** `shapes` as the schema admits it. */
export interface ShapesConfig {
  patterns?: string[]
  segmentTypes?: Record<string, string>
  reserved?: string[]
}

export type ShapesResult = { ok: true; settings: ShapeSettings } | { ok: false; problems: string[] }

const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e))

/** What a segment type must be, by the rule it broke. */
const MUST_BE: Readonly<Record<SegmentPatternError['rule'], string>> = {
  'regular expression': 'a regular expression',
  'linear time': 'a regular expression that runs in linear time (RE2 syntax)',
}

export const shapeSettings = (config: ShapesConfig | undefined): ShapesResult => {
  const settings: ShapeSettings = {
    patterns: config?.patterns ?? DEFAULT_SHAPE_SETTINGS.patterns,
    segmentTypes: config?.segmentTypes ?? DEFAULT_SHAPE_SETTINGS.segmentTypes,
    reserved: config?.reserved ?? DEFAULT_SHAPE_SETTINGS.reserved,
  }
  const problems: string[] = []
  for (const [name, source] of Object.entries(settings.segmentTypes)) {
    try {
      regexSegmentTest(source)
    } catch (e) {
      if (!(e instanceof SegmentPatternError)) throw e
      problems.push(`/shapes/segmentTypes/${name} must be ${MUST_BE[e.rule]}: ${e.message} (got ${JSON.stringify(source)})`)
    }
  }
  if (problems.length > 0) return { ok: false, problems }
  const types = segmentTypesWith(settings.reserved, settings.segmentTypes)
  settings.patterns.forEach((pattern, i) => {
    try {
      compileRoutePattern(pattern, types)
    } catch (e) {
      problems.push(`/shapes/patterns/${i}: ${messageOf(e)}`)
    }
  })
  return problems.length > 0 ? { ok: false, problems } : { ok: true, settings }
}
