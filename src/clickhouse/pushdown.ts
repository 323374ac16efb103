/**
 * The search criteria as SQL conditions on a raw-lines table, so the server
 * sends only rows that may pass. Each condition is necessary, never
 * sufficient: a row that passes is still read by our own parser and tested
 * by the whole criteria (the rows and tokens are those of the files), so a
 * condition may let through more than it should but never turns a row away.
 *
 * What the raw line must hold, for a line nginx or Apache wrote (which
 * write these characters as they are):
 * - `--method`, `--status` (a code): the text; a class: three digits of it.
 * - `--url` (not `!…`), `--ip` (a piece): the text, when it is printable
 *   ASCII without `"` and `\` (others are escaped in a log line).
 * - `--ip` an IPv4 range (or IPv4-mapped): a dotted quad in the range.
 * - the request shapes: one RE2 regex over every pattern, each placeholder
 *   one segment of any text (the types are left to the re-check); and not a
 *   reserved first segment (`/checkout/…`, which no category is) in the
 *   request, found as the line's first quoted field: so only for the text
 *   presets (`auto` too, which reads nothing else: a JSON line's first quoted
 *   field is a key, and the condition holds), never for a format of one's
 *   own, whose first quoted field may be a header the client chose.
 * - `--server`: the host column is one of the names (a row's server is its
 *   host, clickhouse-source.ts rowOrigin), unless a name holds U+FFFD: the
 *   host's bytes that became it are not known.
 * - `--from`, `--until`, `--token`'s second on the time column, widened by
 *   a day where a bound is wall-clock time (the lines' offsets are not known
 *   in advance) and by the order tolerance (the column may be stamped apart
 *   from the line's own time).
 */

import { parseCidr } from '../parse/record/client-ip.js'
import type { Criteria } from '../select/criteria.js'
import type { TimeBound } from '../select/filters/time-range.js'
import { tokenSecond } from '../select/filters/token.js'
import { RESERVED_SEGMENTS } from '../select/segment-types.js'
import { DEFAULT_SHAPES, type ShapeSettings } from '../select/shapes.js'
import type { TableColumns } from './clickhouse-url.js'
import { sqlInteger, sqlName, sqlString } from './sql-text.js'

export interface PushdownContext {
  columns: TableColumns
  /** The shapes a row must have (config file), null for the defaults; unused with `anyUrl`. */
  shapes: ShapeSettings | null
  /** `--order-tolerance`, seconds. */
  toleranceS: number
  /** Whether a line's first quoted field is its request (the presets, `auto`), so reserved segments can be excluded there. */
  requestFirst: boolean
}

const DAY_S = 86_400

/** Text a log line holds as it is: printable ASCII but `"` and `\`. */
function isPlainText(text: string): boolean {
  return /^[\x20-\x7e]+$/.test(text) && !/["\\]/.test(text)
}

function contains(message: string, text: string): string {
  return `position(${message}, ${sqlString(text)}) > 0`
}

/** RE2 text matching `text` literally. */
function regexLiteral(text: string): string {
  return text.replace(/[\\^$.|?*+()[\]{}]/g, (c) => `\\${c}`)
}

/** One regex for a request target of any of the patterns, where it stands in a log line. */
export function shapesRegex(patterns: readonly string[]): string {
  const alternatives = patterns.map((pattern) => {
    const q = pattern.indexOf('?')
    const path = q < 0 ? pattern : pattern.slice(0, q)
    const segments = path.split('/').slice(1).map((segment) => (segment.includes('{') ? '[^/?#" ]+' : regexLiteral(segment)))
    // a pattern without a query matches only a target without one
    return `/${segments.join('/')}${q < 0 ? '(?:[" ]|$)' : '\\?[^" ]+'}`
  })
  // a target starts the request's field, maybe in absolute form (http://host/…)
  return `(?:^|[" ])(?:[A-Za-z][A-Za-z0-9+.-]*://[^/?#" ]*)?(?:${alternatives.join('|')})`
}

/**
 * A request whose first segment is reserved (`/checkout/…`), where the line's
 * first quoted field is its request: no category is reserved, so such a
 * request has no listed shape unless a pattern writes that segment out
 * (`/forms/index/id/{form_id:int}`); null when a pattern's first segment
 * is of a type that may be a reserved word.
 */
export function reservedRegex(settings: ShapeSettings | null): string | null {
  const reserved = new Set(settings?.reserved ?? RESERVED_SEGMENTS)
  for (const pattern of settings?.patterns ?? DEFAULT_SHAPES) {
    const first = pattern.split('?')[0]?.split('/')[1] ?? ''
    const placeholder = /^\{([^}:]+)(?::([^}]+))?\}$/.exec(first)
    if (placeholder !== null && (placeholder[2] ?? placeholder[1]) !== 'category') return null
    if (placeholder === null && first.includes('{')) return null
    if (placeholder === null) reserved.delete(first)
  }
  if (reserved.size === 0) return null
  const words = [...reserved].map(regexLiteral).join('|')
  return `^[^"]*"[A-Za-z]+ (?:[A-Za-z][A-Za-z0-9+.-]*://[^/?#" ]*)?/(?:${words})(?:[/?#" ]|$)`
}

/** An IPv4 range (or IPv4-mapped one) as a condition on the dotted quads of the line; null for IPv6. */
function ipv4Range(message: string, text: string): string | null {
  const cidr = parseCidr(text)
  if (cidr === null || cidr.address.kind() !== 'ipv4') return null
  const octets = cidr.address.toByteArray()
  const value = octets.reduce((sum, octet) => sum * 256 + octet, 0)
  const mask = cidr.bits === 0 ? 0 : (0xffffffff - (2 ** (32 - cidr.bits) - 1))
  const network = Number(BigInt(value) & BigInt(mask))
  const quads = `extractAll(${message}, ${sqlString('[0-9]{1,3}\\.[0-9]{1,3}\\.[0-9]{1,3}\\.[0-9]{1,3}')})`
  return `arrayExists(a -> bitAnd(IPv4StringToNum(a), ${sqlInteger(mask)}) = ${sqlInteger(network)}, ${quads})`
}

/** Seconds of the time column a bound may reach: an instant is exact, wall-clock time is widened by a day. */
function boundSpan(bound: TimeBound): { start: number; end: number } {
  const widen = bound.kind === 'wall' ? DAY_S : 0
  return { start: Math.floor(bound.start / 1000) - widen, end: Math.ceil(bound.end / 1000) + widen }
}

/** The seconds of the time column a search may reach (both inclusive), null for no bound. */
export interface TimeSpan {
  from: number | null
  until: number | null
}

/** The time column's bounds the conditions below hold (the same numbers). */
export function timeSpan(criteria: Criteria, toleranceS: number): TimeSpan {
  const bounds = [
    criteria.from === null ? null : { from: Math.max(0, boundSpan(criteria.from).start - toleranceS), until: null },
    criteria.until === null ? null : { from: null, until: boundSpan(criteria.until).end + toleranceS },
    criteria.token === null ? null : { from: Math.max(0, tokenSecond(criteria.token) - toleranceS), until: tokenSecond(criteria.token) + toleranceS },
  ]
  let from: number | null = null
  let until: number | null = null
  for (const bound of bounds) {
    if (bound?.from != null) from = Math.max(from ?? 0, bound.from)
    if (bound?.until != null) until = Math.min(until ?? Infinity, bound.until)
  }
  return { from, until }
}

/** The conditions, ANDed; an empty list lets every row through. */
export function pushdown(criteria: Criteria, context: PushdownContext): string[] {
  const { columns, toleranceS } = context
  const message = sqlName(columns.message)
  const time = sqlName(columns.time)
  const conditions: string[] = []
  if (criteria.method !== null) conditions.push(contains(message, criteria.method))
  const { status } = criteria
  if (status?.kind === 'code') conditions.push(contains(message, String(status.code)))
  else if (status?.kind === 'class') conditions.push(`match(${message}, ${sqlString(`(?:^|[^0-9])${status.hundreds}[0-9][0-9](?:[^0-9]|$)`)})`)
  if (criteria.url !== null && !criteria.url.exclude && isPlainText(criteria.url.text)) conditions.push(contains(message, criteria.url.text))
  // an address matched as --anonymize-ip shows it is not in the logged text: only the re-check can tell
  const ip = criteria.ip?.anonymized === true ? null : criteria.ip
  if (ip?.kind === 'substring' && isPlainText(ip.text)) conditions.push(contains(message, ip.text))
  if (ip?.kind === 'cidr') {
    const range = ipv4Range(message, ip.text)
    if (range !== null) conditions.push(range)
  }
  if (!criteria.anyUrl) {
    conditions.push(`match(${message}, ${sqlString(shapesRegex(context.shapes?.patterns ?? DEFAULT_SHAPES))})`)
    const reserved = context.requestFirst ? reservedRegex(context.shapes) : null
    if (reserved !== null) conditions.push(`NOT match(${message}, ${sqlString(reserved)})`)
  }
  const servers = criteria.server ?? []
  if (servers.length > 0 && !servers.some((name) => name.includes('\ufffd'))) {
    conditions.push(`${sqlName(columns.host)} IN (${servers.map(sqlString).join(', ')})`)
  }
  const span = timeSpan(criteria, toleranceS)
  if (span.from !== null) conditions.push(`${time} >= ${sqlInteger(span.from)}`)
  if (span.until !== null) conditions.push(`${time} <= ${sqlInteger(span.until)}`)
  return conditions
}
