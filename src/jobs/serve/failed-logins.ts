/**
 * Failed logins per client address, so that guessing passwords is slow and
 * a flood of wrong ones costs no bcrypt: once an address has LOGIN_LIMIT
 * failures within the window (attempts still being checked count as
 * failures until they end), its requests with credentials are answered 429
 * with Retry-After, the seconds until its oldest counted failure leaves the
 * window, without a check. An IPv6 client counts by its /64 (one host
 * commonly holds a whole /64); an IPv4-mapped address as its IPv4 address.
 * The addresses remembered are bounded: past LOGIN_LIMIT.clients the one
 * least recently failed is forgotten. The clock is given (tests pass theirs).
 */

import type ipaddrModule from 'ipaddr.js'
import { parseAddress } from '../../parse/record/client-ip.js'

export interface LoginLimit {
  /** Failures within the window that close an address. */
  failures: number
  windowMs: number
  /** Addresses remembered at most. */
  clients: number
}

export const LOGIN_LIMIT: LoginLimit = Object.freeze({ failures: 10, windowMs: 10 * 60_000, clients: 10_000 })

/** The Retry-After of an address whose attempts under way fill its limit: they may yet succeed. */
const UNDER_WAY_RETRY_SECONDS = 1

interface ClientAttempts {
  /** When its failures in the window were, oldest first; at most `failures` of them. */
  failed: number[]
  underWay: number
}

/** The address a client's failures count under: an IPv4 address, or an IPv6 /64. */
export function clientKey(address: string | undefined): string {
  const parsed = address === undefined ? null : parseAddress(address)
  if (parsed === null) return address ?? '-'
  if (parsed.kind() === 'ipv4') return parsed.toString()
  return `${(parsed as ipaddrModule.IPv6).parts.slice(0, 4).map((part) => part.toString(16)).join(':')}::/64`
}

export class FailedLogins {
  readonly #clients = new Map<string, ClientAttempts>()
  readonly #limit: LoginLimit
  readonly #now: () => number

  constructor(limit: LoginLimit = LOGIN_LIMIT, now: () => number = Date.now) {
    this.#limit = limit
    this.#now = now
  }

  /** The client's attempts, its failures past the window dropped; undefined when it has none. */
  #attempts(client: string): ClientAttempts | undefined {
    const attempts = this.#clients.get(client)
    if (attempts === undefined) return undefined
    const since = this.#now() - this.#limit.windowMs
    while (attempts.failed.length > 0 && (attempts.failed[0] as number) <= since) attempts.failed.shift()
    if (attempts.failed.length === 0 && attempts.underWay === 0) this.#clients.delete(client)
    return attempts
  }

  /** Seconds until `client` may try again; 0 when it may now. */
  retryAfter(client: string): number {
    const attempts = this.#attempts(client)
    if (attempts === undefined) return 0
    const { failed, underWay } = attempts
    if (failed.length >= this.#limit.failures) return Math.max(1, Math.ceil(((failed[0] as number) + this.#limit.windowMs - this.#now()) / 1000))
    return failed.length + underWay >= this.#limit.failures ? UNDER_WAY_RETRY_SECONDS : 0
  }

  /** An attempt of `client` starts: it counts as a failure until the returned function says how it ended. */
  attempt(client: string): (failed: boolean) => void {
    const attempts = this.#attempts(client) ?? { failed: [], underWay: 0 }
    attempts.underWay++
    this.#remember(client, attempts)
    return (failed) => {
      attempts.underWay--
      if (failed) {
        attempts.failed.push(this.#now())
        if (attempts.failed.length > this.#limit.failures) attempts.failed.shift()
        this.#remember(client, attempts)
      } else if (attempts.failed.length === 0 && attempts.underWay === 0 && this.#clients.get(client) === attempts) {
        this.#clients.delete(client)
      }
    }
  }

  /** Keeps `client` as the most recent, forgetting the least recent past the bound. */
  #remember(client: string, attempts: ClientAttempts): void {
    this.#clients.delete(client)
    this.#clients.set(client, attempts)
    if (this.#clients.size > this.#limit.clients) this.#clients.delete(this.#clients.keys().next().value as string)
  }

  /** Addresses remembered now. */
  get size(): number {
    return this.#clients.size
  }
}
