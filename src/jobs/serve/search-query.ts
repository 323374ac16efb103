/**
 * A search as a served page's query string, with the parameter names of the
 * original profiler's form: `ip`, `method`, `status_code`, `url`, `token`,
 * `start`, `end`, `limit`; and ours: `server`, `urls` (`storefront` or
 * `any`: `--any-url`), `crawlers`. Each value is read by the parser of the
 * `build` option it stands for (select/criteria.ts), so a search means what
 * the same options mean to `build`. An absent parameter is the default page's
 * (method GET, status 200, 10 rows, URLs and crawlers as `serve` was
 * started with): `GET /` is the page `build` makes; an empty one is off
 * (`method=` is the form's "Any"), or the default for a list without "off"
 * (`urls`, `crawlers`, `limit`). What cannot be read is a message for its
 * field, never a search.
 */

import { CRITERION_PARSERS, InvalidCriterion, type Criteria } from '../../select/criteria.js'
import { isEmptyRange } from '../../select/filters/time-range.js'
import { MAX_SEARCH_LIMIT } from './serve-options.js'

/** The form's fields, in its order, by their parameter names. */
export const SEARCH_FIELDS = ['ip', 'server', 'method', 'status_code', 'url', 'urls', 'crawlers', 'token', 'start', 'end', 'limit'] as const
export type SearchField = (typeof SEARCH_FIELDS)[number]

/** The rows a page lists when `limit` is not given: the original's 10. */
export const DEFAULT_SEARCH_LIMIT = 10

/** `urls`: the storefront shapes, or every URL. */
const URL_SCOPE = { storefront: false, any: true } as const

/** What the form shows for a parameter that is absent: build's defaults, the URLs and crawlers of `base` (serve's flags). */
function shownDefaults(base: Readonly<Criteria>): Record<SearchField, string> {
  return {
    ip: '', server: '', method: 'GET', status_code: '200', url: '', urls: base.anyUrl ? 'any' : 'storefront', crawlers: base.crawlers,
    token: '', start: '', end: '', limit: String(DEFAULT_SEARCH_LIMIT),
  }
}

function urlScopeOf(text: string): boolean {
  if (text !== 'storefront' && text !== 'any') throw new InvalidCriterion('give storefront (the shop\'s URL shapes) or any (every URL)')
  return URL_SCOPE[text]
}

export interface SearchQuery {
  /** The criteria; URLs and crawlers by default the server's own (`--any-url`, `--crawlers`). */
  criteria: Criteria
  limit: number
  /** Each field's value as the form shows it again: as given, or its default. */
  values: Readonly<Record<SearchField, string>>
  /** A message for each field whose value cannot be used; none: the search can run. */
  problems: Partial<Record<SearchField, string>>
  /** The search as a query string (`?ip=10.&limit=50`), only what differs from the defaults; '' for the default page. */
  query: string
}

function limitOf(text: string): number {
  if (!/^[1-9]\d{0,3}$/.test(text) || Number(text) > MAX_SEARCH_LIMIT) throw new InvalidCriterion(`give a number of results from 1 to ${MAX_SEARCH_LIMIT}`)
  return Number(text)
}

/** One field's value → its part of the criteria (or the limit); throws InvalidCriterion. `base`: what an empty list field keeps. */
function readField(field: SearchField, text: string, criteria: Criteria, base: Readonly<Criteria>): void {
  switch (field) {
    case 'ip': criteria.ip = text === '' ? null : CRITERION_PARSERS.ip(text); break
    case 'server': criteria.server = text === '' ? null : CRITERION_PARSERS.server(text); break
    case 'urls': criteria.anyUrl = text === '' ? base.anyUrl : urlScopeOf(text); break
    case 'crawlers': criteria.crawlers = text === '' ? base.crawlers : CRITERION_PARSERS.crawlers(text); break
    case 'method': criteria.method = text === '' ? null : CRITERION_PARSERS.method(text); break
    case 'status_code': criteria.status = text === '' ? null : CRITERION_PARSERS.status(text); break
    case 'url': criteria.url = text === '' ? null : CRITERION_PARSERS.url(text); break
    case 'token': criteria.token = text === '' ? null : CRITERION_PARSERS.token(text); break
    case 'start': criteria.from = text === '' ? null : CRITERION_PARSERS.from(text); break
    case 'end': criteria.until = text === '' ? null : CRITERION_PARSERS.until(text); break
    case 'limit': break
  }
}

/** The search a query string asks for, on top of `base` (the default page's criteria). */
export function searchQuery(params: URLSearchParams, base: Readonly<Criteria>): SearchQuery {
  const criteria: Criteria = { ...base }
  const defaults = shownDefaults(base)
  const values = { ...defaults }
  const problems: Partial<Record<SearchField, string>> = {}
  const given = new URLSearchParams()
  let limit = DEFAULT_SEARCH_LIMIT
  for (const field of SEARCH_FIELDS) {
    const all = params.getAll(field)
    if (all.length === 0) continue
    const text = (all[0] as string).trim()
    values[field] = text
    if (all.length > 1) {
      problems[field] = 'given more than once: give it once'
      continue
    }
    try {
      if (field === 'limit') limit = text === '' ? DEFAULT_SEARCH_LIMIT : limitOf(text)
      else readField(field, text, criteria, base)
    } catch (e) {
      if (!(e instanceof InvalidCriterion)) throw e
      problems[field] = e.message
      continue
    }
    // shown as the form's own choices: `any` is the method list's Any, an empty limit its 10, an empty list its default
    if (field === 'method') values.method = criteria.method ?? ''
    if (field === 'limit') values.limit = String(limit)
    if (field === 'urls') values.urls = criteria.anyUrl ? 'any' : 'storefront'
    if (field === 'crawlers') values.crawlers = criteria.crawlers
    if (values[field] !== defaults[field]) given.set(field, values[field])
  }
  if (criteria.from !== null && criteria.until !== null && problems.start === undefined && problems.end === undefined &&
    isEmptyRange(criteria.from, criteria.until)) {
    problems.end = `Until ${criteria.until.text} is before From ${criteria.from.text}: give an Until that is not earlier than the From`
  }
  const query = given.toString()
  return { criteria, limit, values, problems, query: query === '' ? '' : `?${query}` }
}

/** Whether the search can run: no field has a problem. */
export function isRunnable(search: SearchQuery): boolean {
  return Object.keys(search.problems).length === 0
}
