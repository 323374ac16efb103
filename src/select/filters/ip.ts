/**
 * The IP criterion: a substring of the client address as logged (the
 * original's meaning), or, with a `/`, a CIDR range such as `10.0.0.0/8` or
 * `2001:db8::/32`. Ranges are read and matched by src/parse/client-ip.ts
 * (ipaddr.js), the same code that picks the client behind proxies: IPv4
 * only in the dotted four-part form, and an IPv4-mapped address
 * (`::ffff:10.1.2.3`) or range (`::ffff:10.0.0.0/104`) counts as its IPv4
 * form.
 */

import { anonymizeAddress, inCidr, parseCidr } from '../../parse/record/client-ip.js'
import { InvalidCriterion } from './invalid-criterion.js'
import { memoized } from './memo.js'

export type IpCriterion = ({ kind: 'substring'; text: string } | { kind: 'cidr'; text: string }) & {
  /**
   * Matched against the address as `--anonymize-ip` shows it, not as logged:
   * `serve --anonymize-ip`, whose visitors search what they see (else a search
   * for a whole address would tell which zeroed row is whose).
   */
  anonymized?: boolean
}

const TEXT_HINT = 'give part of an address such as 203.0.113 or 2001:db8, or a CIDR range such as 10.0.0.0/8 or 2001:db8::/32'
const RANGE_HINT = 'give a CIDR range as an address and a prefix length, such as 10.0.0.0/8, 192.0.2.7/32 or 2001:db8::/32'
// What a client address in a log can hold: IPv4, IPv6 (with a zone), `unix:`, brackets.
const ADDRESS_TEXT = /^[0-9A-Za-z.:%_[\]-]+$/

/** One part of an IPv4 address, as a server logs it: 0 to 255. */
function isOctet(digits: string): boolean {
  return digits.length <= 3 && Number(digits) <= 255
}

/**
 * Whether dotted digits (`203.0.113`, `.7`, `999.1.1.1`) can be a piece of
 * any IPv4 address: at most four parts; those between two dots whole parts
 * (0 to 255), the first and the last the end and the start of one (a part
 * of three digits is whole). Other text is not judged here.
 */
function canBeInAddress(text: string): boolean {
  if (!/^[0-9.]*\.[0-9.]*$/.test(text)) return true
  const parts = text.split('.')
  if (parts.length > 4) return false
  return parts.every((part, i) => (i === 0 || i === parts.length - 1 ? part === '' || isOctet(part) : part !== '' && isOctet(part)))
}

export function parseIp(text: string): IpCriterion {
  if (text.includes('/')) {
    if (text.includes('%') || parseCidr(text) === null) throw new InvalidCriterion(RANGE_HINT)
    return { kind: 'cidr', text }
  }
  if (!ADDRESS_TEXT.test(text)) throw new InvalidCriterion(TEXT_HINT)
  if (!canBeInAddress(text)) throw new InvalidCriterion(`${text} can match no address: IPv4 addresses are four numbers of 0 to 255; ${TEXT_HINT}`)
  return { kind: 'substring', text }
}

function unbracketed(client: string): string {
  return client.startsWith('[') && client.endsWith(']') ? client.slice(1, -1) : client
}

/** Tests a client address as logged. */
export function ipMatcher(criterion: IpCriterion): ((client: string) => boolean) {
  if (criterion.anonymized === true) {
    const shown = ipMatcher({ ...criterion, anonymized: false })
    return memoized((client) => shown(anonymizeAddress(client)))
  }
  if (criterion.kind === 'substring') {
    const { text } = criterion
    return (client) => client.includes(text)
  }
  const range = parseCidr(criterion.text)
  if (range === null) throw new RangeError(`not a CIDR range: ${criterion.text}`)
  return memoized((client) => inCidr(unbracketed(client), range))
}
