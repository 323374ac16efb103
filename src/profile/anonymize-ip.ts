/**
 * `--anonymize-ip`: client addresses as web analytics and GoAccess publish
 * them, the host part zeroed: an IPv4 address's last octet (`203.0.113.7` →
 * `203.0.113.0`), an IPv6 address's last 80 bits (the first 48 kept:
 * `2001:db8:10:5::1` → `2001:db8:10::`); an IPv4-mapped address counts as
 * its IPv4 address. A value that is no address (a host name the server
 * looked up, `unix:`) tells too much to be cut down: it is shown as `-`.
 *
 * It applies to what a listing publishes, after the rows are selected and
 * given their tokens, so `--ip` and `--client-ip` read the real addresses
 * (serve's `ip` the anonymized ones: filters/ip.ts) and a token is the same
 * with or without it. anonymizeAddress is parse/record/client-ip.ts's. The addresses are replaced in
 * the record's IP, logged peer, X-Forwarded-For and in its raw line.
 */

import { anonymizeAddress } from '../parse/record/client-ip.js'
import type { AccessRecord, ProfileRow } from '../record.js'
import { visible } from '../text/visible.js'

/** A character that continues an address (or a host name) as logged: a value found next to one is part of a longer one. */
const ADDRESS_CHAR = /[0-9A-Za-z.:%_-]/

/** `text` with every whole occurrence of each key replaced by its value (never inside a longer address). */
function replaceWhole(text: string, replacements: ReadonlyMap<string, string>): string {
  let out = text
  for (const [from, to] of replacements) {
    if (from === '' || from === to) continue
    let result = ''
    let done = 0
    for (let at = out.indexOf(from); at >= 0; at = out.indexOf(from, at + 1)) {
      if (at < done) continue
      const before = out.charAt(at - 1)
      const after = out.charAt(at + from.length)
      if ((at > 0 && ADDRESS_CHAR.test(before)) || ADDRESS_CHAR.test(after)) continue
      result += out.slice(done, at) + to
      done = at + from.length
    }
    out = result + out.slice(done)
  }
  return out
}

/** The record with its addresses anonymized, in its fields and its raw line. */
export function anonymizedRecord(record: AccessRecord): AccessRecord {
  const replacements = new Map<string, string>()
  function anonymized(text: string): string {
    const known = replacements.get(text)
    if (known !== undefined) return known
    const made = anonymizeAddress(text)
    replacements.set(text, made)
    return made
  }
  const ip = anonymized(record.ip)
  const loggedIp = anonymized(record.loggedIp)
  const forwardedFor = record.forwardedFor === null ? null : record.forwardedFor.split(',').map((entry) => {
    const address = entry.trim()
    return address === '' ? entry : entry.replace(address, anonymized(address))
  }).join(',')
  return { ...record, ip, loggedIp, forwardedFor, raw: replaceWhole(record.raw, replacements) }
}

/** The rows as `--anonymize-ip` publishes them: tokens and order kept, the IP column and the details anonymized. */
export function anonymizedRows(rows: readonly ProfileRow[]): ProfileRow[] {
  return rows.map((row) => {
    const record = anonymizedRecord(row.record)
    return { ...row, ip: visible(record.ip), record }
  })
}
