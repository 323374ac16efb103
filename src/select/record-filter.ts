/**
 * The criteria compiled once into one test per access-log line. Cheap tests
 * run first (numbers and short strings), the URL shapes next, the crawler
 * pattern last; criteria that are off add no test at all.
 *
 * Most criteria need only a line's time, status and request. They make up
 * `facts`, a test a reader can run before it builds a line's record (see
 * parse/record-reader.ts): a line it turns down can never pass the full test.
 */

import type { AccessRecord, DisplayZone } from '../record.js'
import type { Criteria } from './criteria.js'
import { displayUrl } from '../text/url.js'
import { hasListedShape, type RowRule } from './shapes.js'
import { crawlerMatcher } from './filters/crawlers.js'
import { ipMatcher } from './filters/ip.js'
import { serverMatcher } from './filters/server.js'
import { statusMatcher, urlMatcher } from './filters/request.js'
import { timeRangeMatcher } from './filters/time-range.js'
import { tokenSecond } from './filters/token.js'

/** What a line says about its request, known before its record is built. */
export type RequestFacts = Pick<AccessRecord, 'time' | 'offset' | 'status' | 'method' | 'target'>

export type FactsTest = (facts: RequestFacts) => boolean

export type RecordTest = (record: AccessRecord) => boolean

/** The test of whole records, in two parts: what a line's facts can answer, and the rest. */
export interface RecordFilter extends RecordTest {
  /** Whether a line with these facts can pass; false means the whole test fails too. */
  readonly facts: FactsTest
  /** The rest, for a record whose facts passed: the whole test is `facts(r) && afterFacts(r)`. */
  readonly afterFacts: RecordTest
}

export interface FilterContext {
  /** The storefront shapes, unless `anyUrl`. */
  rule: RowRule
  /** The zone `from` and `until` are read in. */
  zone: DisplayZone
}

function allOf<T>(tests: readonly ((value: T) => boolean)[]): ((value: T) => boolean) {
  const count = tests.length
  return (value) => {
    for (let i = 0; i < count; i++) if (!(tests[i] as (value: T) => boolean)(value)) return false
    return true
  }
}

/** The test on time, status and request: method and status first, written out (they turn down most lines), then the rest. */
function factsTest(criteria: Criteria, context: FilterContext): FactsTest {
  const tests: FactsTest[] = []
  if (criteria.token !== null) {
    const second = tokenSecond(criteria.token)
    tests.push((r) => Math.floor(r.time / 1000) === second)
  }
  const inTime = timeRangeMatcher(criteria.from, criteria.until, context.zone)
  if (inTime) tests.push((r) => inTime(r.time, r.offset))
  if (criteria.url !== null) {
    const url = urlMatcher(criteria.url)
    tests.push((r) => url(displayUrl(r.target as string)))
  }
  if (!criteria.anyUrl) {
    const { rule } = context
    tests.push((r) => hasListedShape(rule, r.target as string))
  }
  const rest = allOf(tests)
  const { method } = criteria
  const status = criteria.status === null ? null : statusMatcher(criteria.status)
  // A line without a request target (`"-"`, TLS bytes) is never a row.
  return (r) => r.target !== null && (method === null || r.method === method) && (status === null || status(r.status)) && rest(r)
}

/**
 * With a token, only lines of the token's second pass; which of them has the
 * token is decided once the page's rows are known (see token.ts).
 */
export function recordFilter(criteria: Criteria, context: FilterContext): RecordFilter {
  const facts = factsTest(criteria, context)
  const rest: RecordTest[] = []
  if (criteria.server !== null) {
    const server = serverMatcher(criteria.server)
    rest.push((r) => server(r.server))
  }
  if (criteria.ip !== null) {
    const ip = ipMatcher(criteria.ip)
    rest.push((r) => ip(r.ip))
  }
  const crawler = crawlerMatcher(criteria.crawlers)
  if (crawler) rest.push((r) => crawler(r.userAgent))
  const afterFacts = allOf(rest)
  const whole: RecordTest = (r) => facts(r) && afterFacts(r)
  return Object.assign(whole, { facts, afterFacts })
}
