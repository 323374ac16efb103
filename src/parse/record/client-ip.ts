/**
 * IP addresses and CIDR ranges (via ipaddr.js), and the client behind
 * proxies: `--client-ip forwarded` walks the logged X-Forwarded-For from the
 * right, past addresses of trusted proxies, to the first address that is not
 * one. Addresses are read strictly: IPv4 only as four decimal parts, IPv6 as
 * written by servers; an IPv4-mapped IPv6 address (`::ffff:10.1.2.3`) counts
 * as its IPv4 address, so it matches IPv4 ranges.
 */

import { createRequire } from 'node:module'
import type ipaddrModule from 'ipaddr.js'

export type IpAddress = ipaddrModule.IPv4 | ipaddrModule.IPv6

// ipaddr.js is loaded on first use: only runs with CIDR ranges or forwarded clients need it.
const require = createRequire(import.meta.url)
let loaded: typeof ipaddrModule | undefined
function ipaddr(): typeof ipaddrModule {
  return (loaded ??= require('ipaddr.js') as typeof ipaddrModule)
}

export interface Cidr {
  address: IpAddress
  bits: number
  /** As given, for messages. */
  text: string
}

/** Loopback, RFC 1918 private, IPv6 unique-local and link-local: the default trusted proxies. */
export const DEFAULT_TRUSTED_PROXIES: readonly string[] = [
  '127.0.0.0/8', '::1/128', '10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7', '169.254.0.0/16', 'fe80::/10',
]

function normalise(address: IpAddress): IpAddress {
  return address.kind() === 'ipv6' && (address as ipaddrModule.IPv6).isIPv4MappedAddress() ? (address as ipaddrModule.IPv6).toIPv4Address() : address
}

/** An address (`192.0.2.1`, `2001:db8::1`, `::ffff:192.0.2.1`), or null. */
export function parseAddress(text: string): IpAddress | null {
  if (ipaddr().IPv4.isValidFourPartDecimal(text)) return ipaddr().IPv4.parse(text)
  if (text.includes(':') && ipaddr().IPv6.isValid(text)) return normalise(ipaddr().IPv6.parse(text))
  return null
}

/** `10.0.0.0/8`, `2001:db8::/32`, or a single address (`/32`, `/128`); null when it is not one. */
export function parseCidr(text: string): Cidr | null {
  const slash = text.indexOf('/')
  const addressText = slash < 0 ? text : text.slice(0, slash)
  const bitsText = slash < 0 ? null : text.slice(slash + 1)
  let address: IpAddress
  if (ipaddr().IPv4.isValidFourPartDecimal(addressText)) address = ipaddr().IPv4.parse(addressText)
  else if (addressText.includes(':') && ipaddr().IPv6.isValid(addressText)) address = ipaddr().IPv6.parse(addressText)
  else return null
  const max = address.kind() === 'ipv4' ? 32 : 128
  if (bitsText !== null && !/^\d{1,3}$/.test(bitsText)) return null
  let bits = bitsText === null ? max : Number(bitsText)
  if (bits > max) return null
  // an IPv4-mapped range (::ffff:10.0.0.0/104) is its IPv4 range
  if (address.kind() === 'ipv6' && (address as ipaddrModule.IPv6).isIPv4MappedAddress() && bits >= 96) {
    address = (address as ipaddrModule.IPv6).toIPv4Address()
    bits -= 96
  }
  return { address, bits, text }
}

function matches(address: IpAddress, cidr: Cidr): boolean {
  return address.kind() === cidr.address.kind() && address.match(cidr.address, cidr.bits)
}

/** Whether an address (text or parsed) is in the range; text that is no address never is. */
export function inCidr(address: string | IpAddress, cidr: Cidr): boolean {
  const parsed = typeof address === 'string' ? parseAddress(address) : address
  return parsed !== null && matches(parsed, cidr)
}

/** Picks the client from the logged peer and X-Forwarded-For (null when not logged or `-`). */
export type ClientChooser = (peer: string, forwardedFor: string | null) => string

/** An X-Forwarded-For entry without spaces, brackets and port: `[2001:db8::1]:443` → `2001:db8::1`. */
export function entryAddress(entry: string): string {
  const text = entry.trim()
  if (text.startsWith('[')) {
    const close = text.indexOf(']')
    return close > 0 ? text.slice(1, close) : text
  }
  const colon = text.indexOf(':')
  // one colon: IPv4 with a port
  return colon > 0 && colon === text.lastIndexOf(':') ? text.slice(0, colon) : text
}

/**
 * The client under `--client-ip forwarded`: when the peer is a trusted
 * proxy, the right-most X-Forwarded-For address that is not trusted. If all
 * are trusted, the left-most one. An entry that is not an address stops the
 * walk, and the last trusted address seen is the client.
 */
export function forwardedClient(trusted: readonly Cidr[]): ClientChooser {
  const isTrusted = (address: IpAddress): boolean => trusted.some((cidr) => matches(address, cidr))
  let lastPeer = ''
  let lastForwarded: string | null = null
  let lastClient = ''
  const choose = (peer: string, forwardedFor: string | null): string => {
    const peerAddress = parseAddress(peer)
    if (forwardedFor === null || !peerAddress || !isTrusted(peerAddress)) return peer
    const entries = forwardedFor.split(',')
    let client = peer
    for (let i = entries.length - 1; i >= 0; i--) {
      const text = entryAddress(entries[i] as string)
      const address = parseAddress(text)
      if (!address) return client
      if (!isTrusted(address)) return text
      client = text
    }
    return client
  }
  return (peer, forwardedFor) => {
    if (peer !== lastPeer || forwardedFor !== lastForwarded) {
      lastPeer = peer
      lastForwarded = forwardedFor
      lastClient = choose(peer, forwardedFor)
    }
    return lastClient
  }
}

/** `--anonymize-ip` (profile/anonymize-ip.ts): an address with its host part zeroed, as web analytics publish it. */
/** What stands for a value that is no address. */
export const NOT_AN_ADDRESS = '-'

/** How many leading 16-bit groups of an IPv6 address are kept: 48 bits. */
const IPV6_KEPT_GROUPS = 3

/** An address (as logged: bracketed, with a port, or bare) with its host part zeroed; `-` when it is none. */
export function anonymizeAddress(text: string): string {
  const address = parseAddress(text) ?? parseAddress(entryAddress(text))
  if (address === null) return NOT_AN_ADDRESS
  const bytes = address.toByteArray()
  const kept = address.kind() === 'ipv4' ? 3 : IPV6_KEPT_GROUPS * 2
  const zeroed = bytes.map((byte, i) => (i < kept ? byte : 0))
  if (address.kind() === 'ipv4') return zeroed.join('.')
  const groups: string[] = []
  for (let i = 0; i < 16; i += 2) groups.push((((zeroed[i] ?? 0) << 8) | (zeroed[i + 1] ?? 0)).toString(16))
  // the zeroed groups at the end are written as `::`
  const head = groups.slice(0, IPV6_KEPT_GROUPS)
  while (head.length > 0 && head[head.length - 1] === '0') head.pop()
  return `${head.join(':')}::`
}
