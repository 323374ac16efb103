/**
 * Segment types from a config file: regular expressions run in RE2 (re2js,
 * a linear-time engine). A backtracking engine spends seconds on one
 * segment with a pattern such as `(a+)+$`, and a run is synchronous while it
 * matches, so it would not even stop on SIGTERM. re2js is loaded on first
 * use: a run without such types never pays for it.
 *
 * Linear time is in the length of the segment times the size of the
 * compiled program: RE2's lazy DFA keeps the cost per character small until
 * its cache is full, then every character costs about one step per
 * instruction. So a config's types are also capped in size (MAX_REGEX_SIZE),
 * and they run together, as one RE2 set: one pass over a segment tells every
 * type that matches it.
 */

import { createRequire } from 'node:module'

type Re2js = typeof import('re2js')

const require = createRequire(import.meta.url)
let re2js: Re2js | undefined
function loadRe2js(): Re2js {
  return (re2js ??= require('re2js') as Re2js)
}

/**
 * The most RE2 instructions a config's segment types may compile to
 * together (RE2's program size: `SW[0-9]+` is 6, `[0-9a-f]{32}` 34). Up to
 * here the set's cost per character stays within tens of nanoseconds on any
 * segment; a few times more, hostile segments can make it microseconds.
 */
export const MAX_REGEX_SIZE = 100

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
function re2Refusal(e: unknown): string {
  const { error, input } = e as { error?: unknown; input?: unknown }
  if (typeof error !== 'string') throw e
  const at = typeof input === 'string' ? input : ''
  if (error === 'invalid escape sequence' && /^\\(?:[1-9]|k)/.test(at)) return `backreferences such as ${at} are not supported`
  if (/^\(\?[=!]/.test(at)) return `lookahead such as ${at.slice(0, 3)} is not supported`
  if (/^\(\?<[=!]/.test(at)) return `lookbehind such as ${at.slice(0, 4)} is not supported`
  return at === '' ? error : `${error} ${at}`
}

/** A config's regular expression, compiled on its own: its whole-segment test and its size in RE2 instructions. */
export interface RegexType {
  test: (value: string) => boolean
  size: number
}

/**
 * A segment type written as a regular expression: the whole segment must
 * match. The pattern must be a JavaScript regular expression by itself (so a
 * `)` cannot close a group around it and escape the whole-segment rule), and
 * one RE2 can run: no backreferences, no lookaround. Throws a
 * SegmentPatternError that says why not.
 */
export function compileRegexType(source: string): RegexType {
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
  return { test: (value) => pattern.testExact(value), size: pattern.programSize() }
}

/** {@link compileRegexType}'s test alone. */
export function regexSegmentTest(source: string): RegexType['test'] {
  return compileRegexType(source).test
}

/** Regular expressions run together, each anchored at both ends. */
export interface RegexSet {
  /** How many expressions it holds. */
  readonly size: number
  /** The indices (in the order given) of the expressions that match the whole of `value`, in one pass over it. */
  readonly matching: (value: string) => readonly number[]
}

/** The expressions (each already checked by compileRegexType) as one RE2 set. */
export function regexSet(sources: readonly string[]): RegexSet {
  const { RE2Set } = loadRe2js()
  const set = new RE2Set(RE2Set.ANCHOR_BOTH)
  for (const source of sources) set.add(source)
  set.compile()
  return { size: sources.length, matching: (value) => set.match(value) }
}
