/**
 * The Host a request names must be this server's: its listening address,
 * `localhost`, a name given with `--allow-host`, or the IP address the
 * request came in on (listening on 0.0.0.0, the machine's own addresses). A
 * page of another site whose name was made to resolve to this machine (DNS
 * rebinding) sends its own name, and is refused: it could read the pages
 * otherwise; an address written as such cannot be made to resolve elsewhere. The port is
 * not compared (a reverse proxy may name its own), the name is, without
 * case or a trailing dot.
 */

import { isIP } from 'node:net'

/** A Host header (or a URL's host) → the name in it, lower-cased, without port, brackets or trailing dot; null when it is none. */
export function hostName(host: string | undefined): string | null {
  if (host === undefined) return null
  const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([^:[\]\s/@]+))(?::\d{0,5})?$/.exec(host.trim())
  if (!match) return null
  if (match[1] !== undefined) return isIP(match[1]) === 6 ? match[1].toLowerCase() : null
  return (match[2] as string).toLowerCase().replace(/\.$/, '')
}

/** The names a Host header may give: the listening address, localhost, the `--allow-host` names (parseAllowHost's). */
export function allowedHostNames(listenHost: string, allowHosts: readonly string[]): ReadonlySet<string> {
  return new Set(['localhost', listenHost.toLowerCase(), ...allowHosts])
}

/** `--allow-host`: a DNS name or an IP address; null when it is neither. */
export function parseAllowHost(text: string): string | null {
  if (isIP(text) !== 0) return text.toLowerCase()
  if (/^\[[0-9A-Fa-f:.]+\]$/.test(text) && isIP(text.slice(1, -1)) === 6) return text.slice(1, -1).toLowerCase()
  const name = text.toLowerCase().replace(/\.$/, '')
  return /^(?=.{1,253}$)[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*$/.test(name) ? name : null
}

/** Whether `name` (hostName's) is the address a connection came in on (IPv4 as `::ffff:a.b.c.d` on a dual-stack socket too). */
export function isArrivalAddress(name: string, localAddress: string | undefined): boolean {
  if (localAddress === undefined || isIP(name) === 0) return false
  const local = localAddress.toLowerCase()
  return name === local || `::ffff:${name}` === local
}
