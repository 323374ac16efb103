/**
 * What `serve` answers, in the order it decides: a Host that is not this
 * server's is refused (421: DNS rebinding), a method other than GET or HEAD
 * (405), a request with a body (400), a user without valid credentials when
 * `--htpasswd` is given (401; 429 with Retry-After for an address with too
 * many failed logins, failed-logins.ts); then by path: `/` the Profile Search page of
 * the query string's search, `/profiles/<token>.html` a token's page,
 * `/profile-search.css` the stylesheet, anything else 404. A bad parameter
 * is the page with the message beside its field (400). A search that finds
 * every `--max-searches` taken is 503 with Retry-After. The logs failing to
 * be read is 503 with its one line; a bug is 500, its stack on stderr. The
 * server goes on either way.
 */

import { isUserError, type UserError } from '../../errors.js'
import type { PageStamp } from '../../profile/page-stamp.js'
import { servedStylesheetFile } from '../../render/page.js'
import { shownPath } from '../../render/profile-detail.js'
import { StopRequest } from '../../stop.js'
import type { JobIO } from '../job-io.js'
import { hostName, isArrivalAddress } from './host-check.js'
import { clientKey, type FailedLogins } from './failed-logins.js'
import { basicCredentials, type Htpasswd } from './htpasswd.js'
import type { Exchange } from './http-server.js'
import { CSS, HTML, send, sendMessage } from './responses.js'
import { cutNote, BUSY, type Searcher, type SearchResult, type SearchStop } from './search.js'
import { isRunnable, searchQuery, type SearchQuery } from './search-query.js'
import { listingPage, notRunPage, profilePage } from './served-pages.js'
import type { ServeOptions } from './serve-options.js'

/** How long a client told 503 is asked to wait. */
export const RETRY_AFTER_SECONDS = 5

const PROFILE_PATH = /^\/profiles\/([0-9a-f]{13})\.html$/

export interface Routes {
  searcher: Searcher
  options: ServeOptions
  htpasswd: Htpasswd | null
  /** The failed logins of each client address (with `htpasswd`). */
  logins: FailedLogins
  /** The names a Host header may give (host-check.ts). */
  hosts: ReadonlySet<string>
  /** The stops of the searches under way: stopping the server ends them. */
  searches: Set<StopRequest<SearchStop>>
  /** The stamp of a page made now: when, and the newest line the server has read. */
  stamp: () => PageStamp
  io: JobIO
}

/** The request target's path and query; null when it is none (`*`, a bad absolute URL). */
function targetOf(target: string | undefined): URL | null {
  if (target === undefined || !(target.startsWith('/') || /^https?:\/\//i.test(target))) return null
  try {
    return new URL(target.startsWith('/') ? `http://serve.invalid${target}` : target)
  } catch {
    return null
  }
}

/** Answers one exchange; never throws. */
export async function answer(routes: Routes, exchange: Exchange): Promise<void> {
  try {
    await route(routes, exchange)
  } catch (e) {
    if (exchange.res.headersSent) {
      exchange.res.destroy()
    } else if (isUserError(e)) {
      routes.io.warn(`a search failed: ${e.message}${e.hint ? ` (${e.hint})` : ''}`)
      await sendMessage(exchange, 503, `The logs cannot be read now: ${shownFailure(e, routes.options.build.details.fullPaths)}.`)
    } else {
      routes.io.warn(`internal error, please report it:\n${e instanceof Error ? e.stack ?? e.message : String(e)}`)
      await sendMessage(exchange, 500, 'Something went wrong in profiler-search; its stack is on the server\'s stderr.')
    }
  }
}

/**
 * Why the logs could not be read, as the 503 page says it: the input by its
 * file name as other pages name it (the whole path with --full-paths), and
 * no log content (a line of a file that is not a log); stderr has it all.
 */
export function shownFailure(e: UserError, fullPaths: boolean): string {
  const text = `${e.withoutLogContent}${e.hint ? ` (${e.hint})` : ''}`
  return e.input === null ? text : text.replaceAll(e.input, shownPath(e.input, fullPaths))
}

/** Whether a Host (hostName's) names this server (host-check.ts). */
function isOwnHost(routes: Routes, host: string | null, localAddress: string | undefined): boolean {
  return host !== null && (routes.hosts.has(host) || isArrivalAddress(host, localAddress))
}

async function route(routes: Routes, exchange: Exchange): Promise<void> {
  const { req } = exchange
  const target = targetOf(req.url)
  const host = hostName(req.headers.host)
  const targetHost = target !== null && !req.url?.startsWith('/') ? hostName(target.host) : host
  if (!isOwnHost(routes, host, req.socket.localAddress) || !isOwnHost(routes, targetHost, req.socket.localAddress)) {
    return sendMessage(exchange, 421, 'This server does not answer for that host name (see profiler-search serve --allow-host).')
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') return sendMessage(exchange, 405, 'Only GET and HEAD are answered here.', { Allow: 'GET, HEAD' })
  if (req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0') {
    return sendMessage(exchange, 400, 'A request here has no body.', { Connection: 'close' })
  }
  if (routes.htpasswd !== null) {
    exchange.user = await loggedIn(routes, routes.htpasswd, exchange)
    if (exchange.user === null) return
  }
  if (target === null) return sendMessage(exchange, 400, 'The request target is not a path.')
  if (target.pathname === '/') return searchPage(routes, exchange, searchQuery(target.searchParams, routes.options.build.criteria))
  if (target.pathname === '/profile-search.css') return send(exchange, 200, CSS, servedStylesheetFile())
  const token = PROFILE_PATH.exec(target.pathname)?.[1]
  if (token !== undefined) return tokenPage(routes, exchange, token, searchQuery(target.searchParams, routes.options.build.criteria))
  return sendMessage(exchange, 404, 'There is no page here: the Profile Search is at /.')
}

/**
 * The user the request's credentials prove, or null once it is answered:
 * 401 for none or wrong ones, 429 while its address may not try (credentials
 * proven before still let their user in, at no cost). A 429 closes its
 * connection: a client that goes on must connect again, which took a
 * flood's 429s in the bench from 10,000-19,000 to 2,000-10,000 in 10 s.
 */
async function loggedIn(routes: Routes, htpasswd: Htpasswd, exchange: Exchange): Promise<string | null> {
  const credentials = basicCredentials(exchange.req.headers.authorization)
  if (credentials !== null) {
    const proven = htpasswd.proven(credentials)
    if (proven !== null) return proven
    const client = clientKey(exchange.req.socket.remoteAddress)
    const wait = routes.logins.retryAfter(client)
    if (wait > 0) {
      await sendMessage(exchange, 429, `Too many failed logins from this address: try again in ${wait} seconds.`, { 'Retry-After': String(wait), Connection: 'close' })
      return null
    }
    const ended = routes.logins.attempt(client)
    let user: string | null = null
    try {
      user = await htpasswd.verify(credentials)
    } finally {
      ended(user === null)
    }
    if (user !== null) return user
  }
  await sendMessage(exchange, 401, 'Give the user name and password of the server\'s --htpasswd file.', { 'WWW-Authenticate': 'Basic realm="Profile Search", charset="UTF-8"' })
  return null
}

/** Runs `search` with a stop of its own (its deadline, its client leaving, the server stopping); null when the client left or 503 was sent. */
async function rowsOf(routes: Routes, exchange: Exchange, search: SearchQuery): Promise<SearchResult | null> {
  const stop = new StopRequest<SearchStop>()
  const { res } = exchange
  function clientGone(): void {
    if (!res.writableFinished) stop.request('client gone')
  }
  res.once('close', clientGone)
  routes.searches.add(stop)
  try {
    const result = await routes.searcher.find(search, stop, stop.whenRequested())
    if (stop.reason === 'client gone') return null
    if (result === BUSY) {
      await sendMessage(exchange, 503, `Every search (--max-searches ${routes.options.maxSearches}) is taken: try again in a few seconds.`,
        { 'Retry-After': String(RETRY_AFTER_SECONDS) })
      return null
    }
    return result
  } finally {
    routes.searches.delete(stop)
  }
}

async function searchPage(routes: Routes, exchange: Exchange, search: SearchQuery): Promise<void> {
  const { build } = routes.options
  if (!isRunnable(search)) return send(exchange, 400, HTML, notRunPage(search, routes.stamp(), build))
  const result = await rowsOf(routes, exchange, search)
  if (result === null) return
  const notes = [result.ruledOut, result.cut === null ? null : cutNote(result.cut, routes.options.searchTimeoutMs, build.tz)].filter((note) => note !== null)
  return send(exchange, 200, HTML, listingPage(search, result.rows, notes.length === 0 ? null : notes.join(' '), routes.stamp(), build))
}

async function tokenPage(routes: Routes, exchange: Exchange, token: string, search: SearchQuery): Promise<void> {
  if (!isRunnable(search)) {
    const problems = Object.entries(search.problems).map(([field, problem]) => `${field}: ${problem}`).join('; ')
    return sendMessage(exchange, 400, `The search this token was found in cannot be read: ${problems}.`)
  }
  const result = await rowsOf(routes, exchange, { ...search, criteria: { ...search.criteria, token } })
  if (result === null) return
  const row = result.rows[0]
  if (row === undefined) {
    const cut = result.cut === null ? '' : ` ${cutNote(result.cut, routes.options.searchTimeoutMs, routes.options.build.tz)}`
    return sendMessage(exchange, 404, `No row of this search has the token ${token}.${cut}`)
  }
  return send(exchange, 200, HTML, await profilePage(row, search, routes.options.build))
}
