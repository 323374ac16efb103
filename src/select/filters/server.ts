/**
 * Which server a row is of: `--server-name NAME` names the server a log is
 * of (each record carries it, see record.ts), and `--server NAME`
 * (repeatable) lists only the rows of those servers: a name given exactly,
 * as the rows carry it. A row of no named server is of none.
 */

import { InvalidCriterion } from './invalid-criterion.js'

/** The servers a row may be of; a search without `--server` has none (null). */
export type ServerCriterion = readonly string[]

/** The longest name: a DNS name's length. */
export const MAX_SERVER_NAME = 253

/** Whether `name` can name a server: 1 to 253 characters, not only spaces, no control characters. */
export function isServerName(name: string): boolean {
  // eslint-disable-next-line no-control-regex
  return name.trim() !== '' && name.length <= MAX_SERVER_NAME && !/[\u0000-\u001f\u007f]/.test(name)
}

/** Why a `--server-name` value is not usable, as a hint; undefined when it is fine. */
export function serverNameProblem(name: string): string | undefined {
  return isServerName(name)
    ? undefined
    : `give a name for this server, such as web1 or web1.shop.example (at most ${MAX_SERVER_NAME} characters, no control characters)`
}

/** `--server NAME`: the one server given, as a list the repeated option adds to. */
export function parseServer(text: string): string[] {
  if (!isServerName(text)) {
    throw new InvalidCriterion(`give the name a server's rows carry (build --server-name), such as web1 (at most ${MAX_SERVER_NAME} characters, no control characters)`)
  }
  return [text]
}

/** Tests a record's server. */
export function serverMatcher(servers: ServerCriterion): ((server: string | null | undefined) => boolean) {
  const names = new Set(servers)
  return (server) => server != null && names.has(server)
}
