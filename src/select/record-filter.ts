/**
 * The criteria compiled once into one test per access-log line. Cheap tests
 * run first (numbers and short strings), the URL shapes next, the crawler
 * pattern last; criteria that are off add no test at all. Each is a named
 * stage, so the lines each turns down can be counted (ruled-out.ts).
 *
 * Most criteria need only a line's time, status and request. They make up
 * `facts`, a test a reader can run before it builds a line's record (see
 * parse/record-reader.ts): a line it turns down can never pass the full test.
 */

import type { AccessRecord, DisplayZone } from '../record.js'
import type { Criteria } from './criteria.js'
import { displayUrl } from '../text/url.js'
import { RuledOut, type StageName } from './ruled-out.js'
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
  /** The lines each criterion turned down, when asked for (`counted`); else null. */
  readonly ruledOut: RuledOut | null
}

export interface FilterContext {
  /** The storefront shapes, unless `anyUrl`. */
  rule: RowRule
  /** The zone `from` and `until` are read in. */
  zone: DisplayZone
}

/** One criterion's test: the lines it turns down are ruled out by it (ruled-out.ts). */
interface Stage<T> {
  readonly name: StageName
  readonly test: (value: T) => boolean
}

/** The tests in turn, stopping at the first that fails. */
function allOf<T>(stages: readonly Stage<T>[]): ((value: T) => boolean) {
  const tests = stages.map((stage) => stage.test)
  const count = tests.length
  return (value) => {
    for (let i = 0; i < count; i++) if (!(tests[i] as (value: T) => boolean)(value)) return false
    return true
  }
}

/** The same, counting each value turned down against the test that turned it down: the `from`-th of `ruledOut`'s stages on. */
function countedAllOf<T>(stages: readonly Stage<T>[], ruledOut: RuledOut, from: number): ((value: T) => boolean) {
  const tests = stages.map((stage) => stage.test)
  const count = tests.length
  return (value) => {
    for (let i = 0; i < count; i++) {
      if (!(tests[i] as (value: T) => boolean)(value)) {
        ruledOut.count(from + i)
        return false
      }
    }
    return true
  }
}

/**
 * The tests on time, status and request, in the order they run: a request
 * at all (a line without a target, `"-"` or TLS bytes, is never a row),
 * method and status first (they turn down most lines), then the rest.
 */
function factsStages(criteria: Criteria, context: FilterContext): Stage<RequestFacts>[] {
  const stages: Stage<RequestFacts>[] = [{ name: 'request', test: (r) => r.target !== null }]
  const { method } = criteria
  if (method !== null) stages.push({ name: 'method', test: (r) => r.method === method })
  if (criteria.status !== null) {
    const status = statusMatcher(criteria.status)
    stages.push({ name: 'status', test: (r) => status(r.status) })
  }
  if (criteria.token !== null) {
    const second = tokenSecond(criteria.token)
    stages.push({ name: 'token', test: (r) => Math.floor(r.time / 1000) === second })
  }
  const inTime = timeRangeMatcher(criteria.from, criteria.until, context.zone)
  if (inTime) stages.push({ name: 'time', test: (r) => inTime(r.time, r.offset) })
  if (criteria.url !== null) {
    const url = urlMatcher(criteria.url)
    stages.push({ name: 'url', test: (r) => url(displayUrl(r.target as string)) })
  }
  if (!criteria.anyUrl) {
    const { rule } = context
    stages.push({ name: 'shapes', test: (r) => hasListedShape(rule, r.target as string) })
  }
  return stages
}

/** The tests that need the whole record, cheap first, the crawler pattern last. */
function recordStages(criteria: Criteria): Stage<AccessRecord>[] {
  const stages: Stage<AccessRecord>[] = []
  if (criteria.server !== null) {
    const server = serverMatcher(criteria.server)
    stages.push({ name: 'server', test: (r) => server(r.server) })
  }
  if (criteria.ip !== null) {
    const ip = ipMatcher(criteria.ip)
    stages.push({ name: 'ip', test: (r) => ip(r.ip) })
  }
  const crawler = crawlerMatcher(criteria.crawlers)
  if (crawler) stages.push({ name: 'crawlers', test: (r) => crawler(r.userAgent) })
  return stages
}

/**
 * With a token, only lines of the token's second pass; which of them has the
 * token is decided once the page's rows are known (see token.ts). `counted`:
 * each line turned down is counted against the criterion that turned it
 * down (`ruledOut`), for a search that finds nothing to say why.
 */
export function recordFilter(criteria: Criteria, context: FilterContext, counted = false): RecordFilter {
  const onFacts = factsStages(criteria, context)
  const onRecord = recordStages(criteria)
  const ruledOut = counted ? new RuledOut([...onFacts, ...onRecord].map((stage) => stage.name)) : null
  const facts = ruledOut === null ? allOf(onFacts) : countedAllOf(onFacts, ruledOut, 0)
  const afterFacts = ruledOut === null ? allOf(onRecord) : countedAllOf(onRecord, ruledOut, onFacts.length)
  const whole: RecordTest = (r) => facts(r) && afterFacts(r)
  return Object.assign(whole, { facts, afterFacts, ruledOut })
}
