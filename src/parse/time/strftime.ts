/**
 * A strftime(3) layout (Apache `%{%d/%b/%Y:%H:%M:%S}t`) compiled once into
 * a parser: a chain of small matchers, one per conversion or literal, that
 * read the C-locale output back into TimeParts. GNU flags `-` (no padding),
 * `_` (space padding) and `0` and the `E`/`O` modifiers are accepted.
 * Weekday names and week numbers are read and ignored; `%Z` (a zone
 * abbreviation such as CET) is read and ignored, the log zone applies.
 */

import { DAY_ABBREVIATIONS, DAY_NAMES, digits, MONTH_ABBREVIATIONS, MONTH_NAMES, offsetMinutes } from './civil.js'
import { emptyTimeParts, type TimeParts } from './time-parts.js'
import { isDigit, SPACE } from '../../text/chars.js'

/** What a layout tells about a time. */
export type TimeComponent =
  | 'year' | 'month' | 'day' | 'yday' | 'hour' | 'minute' | 'second' | 'offset' | 'epoch' | 'fraction'
  /** A 12-hour clock hour, and the AM/PM that completes it. */
  | 'hour12' | 'meridiem'

export interface StrftimeParser {
  /** Where a time in this layout that starts at `pos` ends, or -1. */
  consume: (s: string, pos: number) => number
  /** Reads a whole text in this layout. */
  read: (s: string, parts: TimeParts) => boolean
  gives: ReadonlySet<TimeComponent>
  /** Whether the end of the time is clear without text after it (false after `%s`, `%Z`, `%-d` …). */
  selfDelimiting: boolean
}

/** A layout with a conversion we cannot read back. */
export class StrftimeError extends Error {}

type Matcher = (s: string, pos: number, parts: TimeParts) => number

interface Element {
  match: Matcher
  gives: TimeComponent[]
  selfDelimiting: boolean
}

type Setter = (parts: TimeParts, value: number) => boolean
type Padding = '0' | ' ' | '-'

function numberElement(width: number, padding: Padding, set: Setter, gives: TimeComponent[]): Element {
  return ({
  gives,
  selfDelimiting: padding !== '-',
  match: (s, pos, parts) => {
    let i = pos
    if (padding === ' ') while (i < pos + width - 1 && s.charCodeAt(i) === SPACE) i++
    const digitsStart = i
    const limit = pos + width
    while (i < limit && isDigit(s.charCodeAt(i))) i++
    if (i === digitsStart || (padding !== '-' && i !== limit)) return -1
    return set(parts, Number(s.slice(digitsStart, i))) ? i : -1
  },
})
}

function namesElement(names: readonly string[], set: Setter, gives: TimeComponent[]): Element {
  return ({
  gives,
  selfDelimiting: true,
  match: (s, pos, parts) => {
    // Longest first, so `June` is not read as `Jun` + `e`.
    for (let i = 0; i < names.length; i++) {
      const name = names[i] as string
      if (s.startsWith(name, pos)) return set(parts, i) ? pos + name.length : -1
    }
    return -1
  },
})
}

function literalElement(text: string): Element {
  return ({
  gives: [],
  selfDelimiting: true,
  match: (s, pos) => (s.startsWith(text, pos) ? pos + text.length : -1),
})
}

const ignore: Setter = () => true
function inRange(min: number, max: number, set: (parts: TimeParts, value: number) => void): Setter {
  return (parts, value) => {
    if (value < min || value > max) return false
    set(parts, value)
    return true
  }
}

const offsetElement: Element = {
  gives: ['offset'],
  selfDelimiting: true,
  match: (s, pos, parts) => {
    const sign = s[pos] === '+' ? 1 : s[pos] === '-' ? -1 : 0
    if (sign === 0) return -1
    const colon = s[pos + 3] === ':' ? 1 : 0
    const offset = offsetMinutes(sign, digits(s, pos + 1, 2), digits(s, pos + 3 + colon, 2))
    if (offset === null) return -1
    parts.offset = offset
    return pos + 5 + colon
  },
}

const zoneNameElement: Element = {
  gives: [],
  selfDelimiting: false,
  match: (s, pos) => {
    let i = pos
    while (i < s.length && /[A-Za-z0-9+-]/.test(s[i] as string)) i++
    return i > pos ? i : -1
  },
}

const epochElement: Element = {
  gives: ['epoch'],
  selfDelimiting: false,
  match: (s, pos, parts) => {
    let i = pos
    while (isDigit(s.charCodeAt(i))) i++
    if (i === pos || i - pos > 12) return -1
    parts.epochMicros = Number(s.slice(pos, i)) * 1_000_000
    parts.epochDigits = 0
    return i
  },
}

function byLength(names: readonly string[]): string[] {
  return [...names].sort((a, b) => b.length - a.length)
}
const MONTH_FULL = byLength(MONTH_NAMES)
const DAY_FULL = byLength(DAY_NAMES)
function indexIn(list: readonly string[], ordered: readonly string[]) {
  return (i: number): number => list.indexOf(ordered[i] as string)
}
const fullMonthIndex = indexIn(MONTH_NAMES, MONTH_FULL)

const COMPOSITES: Record<string, string> = {
  T: '%H:%M:%S', R: '%H:%M', F: '%Y-%m-%d', D: '%m/%d/%y', r: '%I:%M:%S %p',
  c: '%a %b %e %H:%M:%S %Y', x: '%m/%d/%y', X: '%H:%M:%S', h: '%b',
}

function conversion(letter: string, flag: Padding | null): Element | null {
  const num = (width: number, natural: Padding, set: Setter, gives: TimeComponent[] = []): Element =>
    numberElement(width, flag ?? natural, set, gives)
  switch (letter) {
    case 'd': return num(2, '0', inRange(1, 31, (p, v) => { p.day = v }), ['day'])
    case 'e': return num(2, ' ', inRange(1, 31, (p, v) => { p.day = v }), ['day'])
    case 'm': return num(2, '0', inRange(1, 12, (p, v) => { p.month = v - 1 }), ['month'])
    case 'Y': return num(4, '0', (p, v) => { p.year = v; return true }, ['year'])
    case 'y': return num(2, '0', (p, v) => { p.year = v < 69 ? 2000 + v : 1900 + v; return true }, ['year'])
    case 'C': return num(2, '0', ignore)
    case 'j': return num(3, '0', inRange(1, 366, (p, v) => { p.yday = v }), ['yday'])
    case 'H': return num(2, '0', inRange(0, 23, (p, v) => { p.hour = v }), ['hour'])
    case 'k': return num(2, ' ', inRange(0, 23, (p, v) => { p.hour = v }), ['hour'])
    case 'I': return num(2, '0', inRange(1, 12, (p, v) => { p.hour = v }), ['hour', 'hour12'])
    case 'l': return num(2, ' ', inRange(1, 12, (p, v) => { p.hour = v }), ['hour', 'hour12'])
    case 'M': return num(2, '0', inRange(0, 59, (p, v) => { p.minute = v }), ['minute'])
    case 'S': return num(2, '0', inRange(0, 60, (p, v) => { p.second = v }), ['second'])
    case 'u': return num(1, '0', ignore)
    case 'w': return num(1, '0', ignore)
    case 'U': case 'W': case 'V': case 'g': return num(2, '0', ignore)
    case 'G': return num(4, '0', ignore)
    case 'b': return namesElement(MONTH_ABBREVIATIONS, (p, i) => { p.month = i; return true }, ['month'])
    case 'B': return namesElement(MONTH_FULL, (p, i) => { p.month = fullMonthIndex(i); return true }, ['month'])
    case 'a': return namesElement(DAY_ABBREVIATIONS, ignore, [])
    case 'A': return namesElement(DAY_FULL, ignore, [])
    case 'p': return namesElement(['AM', 'PM'], (p, i) => { p.meridiem = i; return true }, ['meridiem'])
    case 'P': return namesElement(['am', 'pm'], (p, i) => { p.meridiem = i; return true }, ['meridiem'])
    case 'z': return offsetElement
    case 'Z': return zoneNameElement
    case 's': return epochElement
    case 'n': return literalElement('\n')
    case 't': return literalElement('\t')
    case '%': return literalElement('%')
    default: return null
  }
}

const FLAGS: Record<string, Padding | null> = { '-': '-', _: ' ', '0': '0', '^': null, '#': null }

function elementsOf(layout: string): Element[] {
  const elements: Element[] = []
  let text = ''
  for (let i = 0; i < layout.length; i++) {
    const char = layout[i] as string
    if (char !== '%') {
      text += char
      continue
    }
    let j = i + 1
    let flag: Padding | null = null
    if ((layout[j] as string) in FLAGS) flag = FLAGS[layout[j++] as string] ?? null
    if (layout[j] === 'E' || layout[j] === 'O') j++
    const letter = layout[j]
    if (letter === undefined) throw new StrftimeError(`the time layout ${JSON.stringify(layout)} ends in a lone %`)
    const composite = COMPOSITES[letter]
    const element = composite === undefined ? conversion(letter, flag) : null
    if (composite === undefined && element === null) {
      throw new StrftimeError(`the time layout ${JSON.stringify(layout)} has %${letter}, which is not a strftime conversion we can read`)
    }
    if (text) elements.push(literalElement(text))
    text = ''
    if (composite !== undefined) elements.push(...elementsOf(composite))
    else if (element) elements.push(element)
    i = j
  }
  if (text) elements.push(literalElement(text))
  return elements
}

export function compileStrftime(layout: string): StrftimeParser {
  const elements = elementsOf(layout)
  if (elements.length === 0) throw new StrftimeError('the time layout is empty')
  const gives = new Set(elements.flatMap((e) => e.gives))
  if (gives.has('hour12') !== gives.has('meridiem')) {
    throw new StrftimeError(`the time layout ${JSON.stringify(layout)} has %I or %l without %p, or %p without %I or %l`)
  }
  const matchers = elements.map((e) => e.match)
  const count = matchers.length
  const run = (s: string, pos: number, parts: TimeParts): number => {
    let at = pos
    for (let i = 0; i < count && at >= 0; i++) at = (matchers[i] as Matcher)(s, at, parts)
    return at
  }
  const scratch = emptyTimeParts()
  return {
    consume: (s, pos) => run(s, pos, scratch),
    read: (s, parts) => run(s, 0, parts) === s.length,
    gives,
    selfDelimiting: (elements[elements.length - 1] as Element).selfDelimiting,
  }
}
