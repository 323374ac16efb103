/**
 * The named types a route pattern's `{name:type}` placeholders can have.
 * Each is a whole-string test; they see the URL as logged (no
 * percent-decoding), so an encoded character never matches.
 */

import { compileRegexType, regexSet, type RegexSet } from './regex-types.js'
import { DASH, isDigit, isDigits } from '../text/chars.js'

/**
 * Controller and system folders of the shop: never a category. `forms` is
 * one too; `/forms/index/id/N` is a shape of its own, written as literals.
 */
export const RESERVED_SEGMENTS: readonly string[] = [
  'backend', 'widgets', 'api', 'media', 'web', 'themes', 'engine', 'custom', 'files', 'var',
  'vendor', 'recovery', 'frontend', 'account', 'checkout', 'note', 'register', 'search',
  'listing', 'detail', 'compare', 'newsletter', 'ticket', 'address', 'sitemap', 'tellafriend',
  'blog', 'profiler', 'csrftoken', 'forms',
]

export type SegmentTest = (value: string) => boolean

// The built-in types run for most lines of a log, so they are written as
// loops over char codes rather than regular expressions.

function isLowerOrDigit(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || isDigit(code)
}
function isLetterOrDigit(code: number): boolean {
  return isDigit(code) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a)
}

/** `^[a-z0-9]+(?:-[a-z0-9]+)*$`: lower-case words of letters and digits joined by single hyphens. */
export function isWords(value: string): boolean {
  const n = value.length
  if (n === 0 || value.charCodeAt(0) === DASH || value.charCodeAt(n - 1) === DASH) return false
  for (let i = 0; i < n; i++) {
    const code = value.charCodeAt(i)
    if (code === DASH) {
      if (value.charCodeAt(i + 1) === DASH) return false
    } else if (!isLowerOrDigit(code)) return false
  }
  return true
}

/** `^[1-9]\d*$`: a positive decimal integer without a leading zero. */
export function isPositiveInt(value: string): boolean {
  return value.charCodeAt(0) !== 0x30 && isDigits(value)
}

/** `^[A-Za-z0-9]+(?:\.\d+)?$`: letters and digits, optionally a dot and digits. */
export function isOrderNumber(value: string): boolean {
  const dot = value.indexOf('.')
  const end = dot < 0 ? value.length : dot
  if (end === 0) return false
  for (let i = 0; i < end; i++) if (!isLetterOrDigit(value.charCodeAt(i))) return false
  return dot < 0 || isDigits(value.slice(dot + 1))
}

export function categoryTest(reserved: readonly string[]): SegmentTest {
  const isReserved = new Set(reserved)
  return (value) => isWords(value) && !isDigits(value) && !isReserved.has(value)
}

export function defaultSegmentTypes(reserved: readonly string[] = RESERVED_SEGMENTS): Record<string, SegmentTest> {
  return ({
  /** Lower-case letters, digits and single hyphens; not only digits; not reserved. */
  category: categoryTest(reserved),
  /** A positive decimal integer, no leading zero. */
  int: isPositiveInt,
  /** Lower-case words of letters and digits joined by single hyphens. */
  slug: isWords,
  /** Letters and digits, optionally a dot and digits (`SW10001.2`). */
  ordernumber: isOrderNumber,
})
}

/**
 * A named type as the shape tree uses it. Every type has its test; a
 * config's regular expression also has its place in the set that runs them
 * all in one pass over a segment (see regex-types.ts).
 */
export interface SegmentType {
  /** Whether a whole segment or query value has the type. */
  readonly test: SegmentTest
  /** The index of its regular expression in `SegmentTypes.regexes`; -1 for a built-in type. */
  readonly regex: number
  /** Segments it never matches though its regular expression does: `category`'s reserved ones. */
  readonly excluded: ReadonlySet<string> | null
}

/** The types by name, and the config's regular expressions as one set (null when there are none). */
export interface SegmentTypes {
  readonly byName: Readonly<Record<string, SegmentType>>
  readonly regexes: RegexSet | null
}

/** A type tested by a function of its own. */
export function builtInType(test: SegmentTest): SegmentType {
  return ({ test, regex: -1, excluded: null })
}

/**
 * The built-in types plus `custom` ones (name → regular expression), which
 * may replace a built-in. `category` never matches a reserved segment, also
 * when it is replaced. Throws a SegmentPatternError for a bad expression.
 */
export function segmentTypesWith(reserved: readonly string[], custom: Readonly<Record<string, string>>): SegmentTypes {
  // No prototype: a type named `constructor` or `__proto__` is just a name.
  const byName: Record<string, SegmentType> = Object.create(null) as Record<string, SegmentType>
  for (const [name, test] of Object.entries(defaultSegmentTypes(reserved))) byName[name] = builtInType(test)
  const sources = Object.entries(custom)
  sources.forEach(([name, source], regex) => {
    const { test } = compileRegexType(source)
    const excluded = name === 'category' ? new Set(reserved) : null
    byName[name] = { test: excluded ? (value) => test(value) && !excluded.has(value) : test, regex, excluded }
  })
  return { byName, regexes: sources.length > 0 ? regexSet(sources.map(([, source]) => source)) : null }
}
