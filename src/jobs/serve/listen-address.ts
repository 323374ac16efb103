/**
 * `serve --listen HOST:PORT`: where the server listens. HOST is an IP
 * address (IPv6 in brackets, `[::1]:8080`) or `localhost` (127.0.0.1); PORT
 * 0 takes any free port (the address it got is said at start). Loopback
 * addresses reach no other machine: anything else needs `--htpasswd`.
 */

import { BlockList, isIP } from 'node:net'

export interface ListenAddress {
  /** An IP address as Node listens on it: `127.0.0.1`, `::1`, `0.0.0.0`. */
  host: string
  port: number
}

export const DEFAULT_LISTEN: ListenAddress = Object.freeze({ host: '127.0.0.1', port: 8080 })

/** What a bad --listen is told. */
export const LISTEN_HINT = 'give HOST:PORT with an IP address or localhost, such as 127.0.0.1:8080, [::1]:8080 or 0.0.0.0:8080 (port 0: any free port)'

/** `HOST:PORT` → the address; null when it is none. */
export function parseListenAddress(text: string): ListenAddress | null {
  const match = /^(?:\[([0-9A-Fa-f:.]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(text)
  if (!match) return null
  const port = Number(match[3])
  if (port > 65535) return null
  const v6 = match[1]
  if (v6 !== undefined) return isIP(v6) === 6 ? { host: v6.toLowerCase(), port } : null
  const name = (match[2] as string).toLowerCase()
  if (name === 'localhost') return { host: '127.0.0.1', port }
  return isIP(name) === 4 ? { host: name, port } : null
}

const LOOPBACK = new BlockList()
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4')
LOOPBACK.addAddress('::1', 'ipv6')

/** 127.0.0.0/8, ::1, and IPv4-mapped 127.x: only this machine can connect. */
export function isLoopback(host: string): boolean {
  const v4 = host.toLowerCase().replace(/^::ffff:(?=\d+\.)/, '')
  const family = isIP(v4)
  return family !== 0 && LOOPBACK.check(v4, family === 4 ? 'ipv4' : 'ipv6')
}

/** The host as it stands in a URL or a Host header: an IPv6 address in brackets. */
export function hostInUrl(host: string): string {
  return host.includes(':') ? `[${host}]` : host
}

/** The server's address as a URL: `http://127.0.0.1:8080/`. */
export function listenUrl(address: ListenAddress): string {
  return `http://${hostInUrl(address.host)}:${address.port}/`
}
