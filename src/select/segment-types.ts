/**
 * The named types a route pattern's `{name:type}` placeholders can have.
 * Each is a whole-string test; they see the URL as logged (no
 * percent-decoding), so an encoded character never matches.
 */

import { createRequire } from 'node:module'

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

const isDigit = (code: number): boolean => code >= 0x30 && code <= 0x39
const isLowerOrDigit = (code: number): boolean => (code >= 0x61 && code <= 0x7a) || isDigit(code)
const isLetterOrDigit = (code: number): boolean => isDigit(code) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a)
const HYPHEN = 0x2d

/** `^[a-z0-9]+(?:-[a-z0-9]+)*$`: lower-case words of letters and digits joined by single hyphens. */
export const isWords = (value: string): boolean => {
  const n = value.length
  if (n === 0 || value.charCodeAt(0) === HYPHEN || value.charCodeAt(n - 1) === HYPHEN) return false
  for (let i = 0; i < n; i++) {
    const code = value.charCodeAt(i)
    if (code === HYPHEN) {
      if (value.charCodeAt(i + 1) === HYPHEN) return false
    } else if (!isLowerOrDigit(code)) return false
  }
  return true
}

/** `^\d+$` */
export const isDigitsOnly = (value: string): boolean => {
  if (value.length === 0) return false
  for (let i = 0; i < value.length; i++) if (!isDigit(value.charCodeAt(i))) return false
  return true
}

/** `^[1-9]\d*$`: a positive decimal integer without a leading zero. */
export const isPositiveInt = (value: string): boolean => value.charCodeAt(0) !== 0x30 && isDigitsOnly(value)

/** `^[A-Za-z0-9]+(?:\.\d+)?$`: letters and digits, optionally a dot and digits. */
export const isOrderNumber = (value: string): boolean => {
  const dot = value.indexOf('.')
  const end = dot < 0 ? value.length : dot
  if (end === 0) return false
  for (let i = 0; i < end; i++) if (!isLetterOrDigit(value.charCodeAt(i))) return false
  return dot < 0 || isDigitsOnly(value.slice(dot + 1))
}

export const categoryTest = (reserved: readonly string[]): SegmentTest => {
  const isReserved = new Set(reserved)
  return (value) => isWords(value) && !isDigitsOnly(value) && !isReserved.has(value)
}

export const defaultSegmentTypes = (reserved: readonly string[] = RESERVED_SEGMENTS): Record<string, SegmentTest> => ({
  /** Lower-case letters, digits and single hyphens; not only digits; not reserved. */
  category: categoryTest(reserved),
  /** A positive decimal integer, no leading zero. */
  int: isPositiveInt,
  /** Lower-case words of letters and digits joined by single hyphens. */
  slug: isWords,
  /** Letters and digits, optionally a dot and digits (`SW10001.2`). */
  ordernumber: isOrderNumber,
})

// Segment types from a config file run in RE2 (re2js, a linear-time engine):
// a backtracking engine spends seconds on one segment with a pattern such as
// `(a+)+$`, and a run is synchronous while it matches, so it would not even
// stop on SIGTERM. re2js is loaded on first use: a run without such types
// never pays for it.

type Re2js = typeof import('re2js')

const require = createRequire(import.meta.url)
let re2js: Re2js | undefined
const loadRe2js = (): Re2js => (re2js ??= require('re2js') as Re2js)

/** A pattern that cannot be a segment type; the message says why, in a config error's words. */
export class SegmentPatternError extends Error {
  /** Which rule it breaks: JavaScript's syntax, or what RE2 can run. */
  readonly rule: 'regular expression' | 'linear time'

  constructor(rule: SegmentPatternError['rule'], message: string) {
    super(message)
    this.name = 'SegmentPatternError'
    this.rule = rule
  }
}

/** What RE2 refused, in words: backreferences and lookaround by name, anything else as RE2 says it. */
const re2Refusal = (e: unknown): string => {
  const { error, input } = e as { error?: unknown; input?: unknown }
  if (typeof error !== 'string') throw e
  const at = typeof input === 'string' ? input : ''
  if (error === 'invalid escape sequence' && /^\\(?:[1-9]|k)/.test(at)) return `backreferences such as ${at} are not supported`
  if (/^\(\?[=!]/.test(at)) return `lookahead such as ${at.slice(0, 3)} is not supported`
  if (/^\(\?<[=!]/.test(at)) return `lookbehind such as ${at.slice(0, 4)} is not supported`
  return at === '' ? error : `${error} ${at}`
}

/**
 * A segment type written as a regular expression: the whole segment must
 * match. The pattern must be a JavaScript regular expression by itself (so a
 * `)` cannot close a group around it and escape the whole-segment rule), and
 * one RE2 can run: no backreferences, no lookaround. Throws a
 * SegmentPatternError that says why not.
 */
export const regexSegmentTest = (source: string): SegmentTest => {
  try {
    new RegExp(source)
  } catch (e) {
    // "Invalid regular expression: /(/: Unterminated group" → "unterminated group"
    const reason = (e instanceof Error ? e.message : String(e)).split(': ').at(-1) ?? ''
    throw new SegmentPatternError('regular expression', reason.toLowerCase())
  }
  const { RE2JS } = loadRe2js()
  let pattern: InstanceType<Re2js['RE2JS']>
  try {
    pattern = RE2JS.compile(source)
  } catch (e) {
    throw new SegmentPatternError('linear time', re2Refusal(e))
  }
  // testExact anchors at both ends inside the engine: nothing in the pattern can undo that.
  return (value) => pattern.testExact(value)
}

/**
 * The built-in types plus `custom` ones (name → regular expression), which
 * may replace a built-in. `category` never matches a reserved segment, also
 * when it is replaced.
 */
export const segmentTypesWith = (
  reserved: readonly string[],
  custom: Readonly<Record<string, string>>,
): Record<string, SegmentTest> => {
  // No prototype: a type named `constructor` or `__proto__` is just a name.
  const types: Record<string, SegmentTest> = Object.assign(Object.create(null) as object, defaultSegmentTypes(reserved))
  const isReserved = new Set(reserved)
  for (const [name, source] of Object.entries(custom)) {
    const test = regexSegmentTest(source)
    types[name] = name === 'category' ? (value) => test(value) && !isReserved.has(value) : test
  }
  return types
}
