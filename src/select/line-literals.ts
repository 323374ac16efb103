/**
 * Text that every line a search for an address or URL text can list holds
 * as it is written: the address searched for (or a range's leading
 * octets), the URL text, the status code and the method. A reader looks for these bytes in each block
 * (`Buffer.indexOf`) and decodes and parses only the lines that hold them
 * all (input/line-splitter.ts, input/backward-lines.ts): a rare address is
 * found at about the speed the disk gives the bytes.
 *
 * A literal must be written in the line exactly as the search names it, so
 * only text no server escapes is one: printable ASCII without `"` and `\`
 * (nginx and Apache write those, control characters and non-ASCII bytes as
 * `\xHH`), and for JSON lines also without `/` (which a JSON writer may
 * write as `\/`): of other text, its longest stretch without them. An address matched as `--anonymize-ip` shows it is not
 * one: the line holds the address before it was zeroed.
 */

import { parseCidr } from '../parse/record/client-ip.js'
import type { SearchLiterals } from '../source/log-lines.js'
import type { Criteria } from './criteria.js'
import type { IpCriterion } from './filters/ip.js'
import type { UrlCriterion } from './filters/request.js'


/** What a text line may not hold as it is: `"`, `\`, control characters and non-ASCII (written `\xHH`). */
const UNWRITTEN_IN_TEXT = /[^\x20\x21\x23-\x5b\x5d-\x7e]/
/** The same, and `/`, for a JSON line. */
const UNWRITTEN_IN_JSON = /[^\x20\x21\x23-\x2e\x30-\x5b\x5d-\x7e]/

/**
 * The literals every line the criteria can list holds; null when there are
 * none, and for a search without an address or URL text: passing over a
 * line without the method or status of the default page gains little (most
 * lines have them) and would leave a line no format reads uncounted
 * (skipped lines are counted only among the lines decoded).
 */
export function searchLiterals(criteria: Criteria): SearchLiterals | null {
  const rare = [ipLiteral(criteria.ip), urlLiteral(criteria.url)].filter((literal): literal is string => literal !== null && literal !== '')
  if (rare.length === 0) return null
  const all = [
    ...rare,
    criteria.status?.kind === 'code' ? String(criteria.status.code) : null,
    criteria.method,
  ].filter((literal): literal is string => literal !== null && literal !== '')
  const text = all.map((literal) => longestRun(literal, UNWRITTEN_IN_TEXT)).filter((literal) => literal.length > 0)
  const json = all.map((literal) => longestRun(literal, UNWRITTEN_IN_JSON)).filter((literal) => literal.length > 0)
  return text.length === 0 && json.length === 0 ? null : { text, json }
}

/** The longest stretch of `literal` without a character a writer may escape: a line holding the literal holds it as it is (`moebel` of `/moebel/` for JSON). */
function longestRun(literal: string, unwritten: RegExp): string {
  return literal.split(unwritten).reduce((longest, run) => (run.length > longest.length ? run : longest), '')
}

/** An address or its part as searched; an IPv4 range's whole leading octets (`10.1.` for 10.1.0.0/16); none for an IPv6 range. */
function ipLiteral(ip: IpCriterion | null): string | null {
  if (ip === null || ip.anonymized === true) return null
  if (ip.kind === 'substring') return ip.text
  const range = parseCidr(ip.text)
  if (range === null || range.address.kind() !== 'ipv4') return null
  const octets = range.address.toString().split('.')
  const whole = Math.floor(range.bits / 8)
  return whole === 4 ? octets.join('.') : whole === 0 ? null : `${octets.slice(0, whole).join('.')}.`
}

/** The URL text, unless the search is for its absence. */
function urlLiteral(url: UrlCriterion | null): string | null {
  return url === null || url.exclude ? null : url.text
}
