/**
 * The search criteria of a listing, as the original's search form had them
 * (IP, Method, Status, URL, Token, From, Until) plus ours: the URL scope
 * (`--any-url`), `--crawlers` and `--server`. All of them must hold for a line to become a
 * row. Each criterion has a parser from text that throws InvalidCriterion
 * with the allowed values: the command line and a config file use the same
 * ones.
 */

import { usageError } from '../errors.js'
import { parseCrawlers, type CrawlerMode } from './filters/crawlers.js'
import { parseIp, type IpCriterion } from './filters/ip.js'
import { parseMethod, parseStatus, parseUrl, type MethodCriterion, type StatusCriterion, type UrlCriterion } from './filters/request.js'
import { parseServer, type ServerCriterion } from './filters/server.js'
import { isEmptyRange, parseTimeBound, type TimeBound } from './filters/time-range.js'
import { parseToken } from './filters/token.js'

export { InvalidCriterion } from './filters/invalid-criterion.js'

export interface Criteria {
  /** A substring of the client address, or a CIDR range; null for every client. */
  ip: IpCriterion | null
  /** Upper-case; null for every method. */
  method: MethodCriterion
  /** A code or a class; null for every status. */
  status: StatusCriterion | null
  /** A substring of the URL column, or its absence; null for every URL. */
  url: UrlCriterion | null
  /** 13 lower-case hex digits; null for every token. */
  token: string | null
  /** Inclusive bounds on the Time column; null for no bound. */
  from: TimeBound | null
  until: TimeBound | null
  /** List every request, not only the storefront shapes. */
  anyUrl: boolean
  crawlers: CrawlerMode
  /** Only rows of these servers (`--server`, repeatable: each record's `server`); null for every server. */
  server: ServerCriterion | null
}

/** The original listing: GET requests answered 200, storefront shapes, crawlers included. */
export const DEFAULT_CRITERIA: Readonly<Criteria> = Object.freeze<Criteria>({
  ip: null,
  method: 'GET',
  status: { kind: 'code', code: 200 },
  url: null,
  token: null,
  from: null,
  until: null,
  anyUrl: false,
  crawlers: 'include',
  server: null,
})

/**
 * The parser of each criterion given as text, by its name (the option's
 * long name in camelCase). Each returns the typed value or throws
 * InvalidCriterion whose message says what is allowed.
 */
export const CRITERION_PARSERS = {
  ip: parseIp,
  method: parseMethod,
  status: parseStatus,
  url: parseUrl,
  token: parseToken,
  from: parseTimeBound,
  until: parseTimeBound,
  crawlers: parseCrawlers,
  server: parseServer,
} as const satisfies { [K in keyof Criteria]?: (text: string) => Criteria[K] }

/** Checks what no single value can show: throws a usage error when the criteria exclude everything by construction. */
export function checkCriteria(criteria: Criteria): void {
  const { from, until } = criteria
  if (from !== null && until !== null && isEmptyRange(from, until)) {
    throw usageError(`--from ${from.text} is after --until ${until.text}`, 'give a --from that is not later than the --until')
  }
}
