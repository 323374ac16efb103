/**
 * The search that produced a listing, for the sidebar after the content: the
 * fields of the served form (search-form.ts: the original's IP, Method,
 * Status, URL, Token, From, Until, Results, and Server, URLs, Crawlers) with
 * the values used, and the command-line options that set them. A static page
 * shows it as a read-only summary: it has no server to send a search to.
 */

import type { DisplayZone } from '../record.js'
import { visible } from '../text/visible.js'
import type { Criteria } from '../select/criteria.js'
import { statusText, urlText } from '../select/filters/request.js'

export interface SearchField {
  /** Unique within the page; the input's id is `search-<id>`. */
  id: string
  label: string
  /** As the user gave it; empty when the criterion is off (the sidebar shows `any`, for every field alike). */
  value: string
}

export interface SearchSummary {
  fields: SearchField[]
  /** In which zone From and Until are read; null when neither is given. */
  zoneNote: string | null
  /** The `build` options that make this search, each as typed in a shell: `--method GET`, `--url '!/robots.txt'`. */
  options: string[]
}

/** The URL scope and the crawler modes as the sidebar words them: the served form's choices, in lower case. */
const URLS_SHOWN = { false: 'storefront shapes', true: 'every URL' } as const
const CRAWLERS_SHOWN = { include: 'included', exclude: 'left out', only: 'only' } as const

/** A word as a POSIX shell reads it back: bare when it holds nothing the shell treats specially, else in single quotes. */
export function shellWord(text: string): string {
  return /^[A-Za-z0-9_@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`
}

/** The options that set the search, in --help's order; method, status and the limit always (they have defaults). */
function searchOptions(criteria: Criteria, limit: number, zone: DisplayZone): string[] {
  const given: [string, string | null][] = [
    ['--ip', criteria.ip?.text ?? null],
    ...(criteria.server ?? []).map((name): [string, string] => ['--server', name]),
    ['--method', criteria.method ?? 'any'],
    ['--status', criteria.status === null ? 'any' : statusText(criteria.status)],
    ['--url', criteria.url === null ? null : urlText(criteria.url)],
    ['--token', criteria.token],
    ['--from', criteria.from?.text ?? null],
    ['--until', criteria.until?.text ?? null],
    ['--tz', criteria.from === null && criteria.until === null ? null : zone],
    ['--limit', String(limit)],
  ]
  const words = given.flatMap(([option, value]) => (value === null ? [] : [`${option} ${shellWord(value)}`]))
  if (criteria.anyUrl) words.push('--any-url')
  if (criteria.crawlers !== 'include') words.push(`--crawlers ${criteria.crawlers}`)
  return words
}

export function searchSummary(criteria: Criteria, limit: number, zone: DisplayZone): SearchSummary {
  const fields: SearchField[] = [
    { id: 'ip', label: 'IP', value: criteria.ip?.text ?? '' },
    { id: 'server', label: 'Server', value: criteria.server?.join(', ') ?? '' },
    { id: 'method', label: 'Method', value: criteria.method ?? '' },
    { id: 'status', label: 'Status', value: criteria.status === null ? '' : statusText(criteria.status) },
    { id: 'url', label: 'URL', value: urlText(criteria.url) },
    { id: 'urls', label: 'URLs', value: URLS_SHOWN[`${criteria.anyUrl}`] },
    { id: 'crawlers', label: 'Crawlers', value: CRAWLERS_SHOWN[criteria.crawlers] },
    { id: 'token', label: 'Token', value: criteria.token ?? '' },
    { id: 'from', label: 'From', value: criteria.from?.text ?? '' },
    { id: 'until', label: 'Until', value: criteria.until?.text ?? '' },
    { id: 'limit', label: 'Results', value: String(limit) },
  ]
  const zoneNote = criteria.from === null && criteria.until === null
    ? null
    : `From and Until are read in ${zone ?? 'the offset each line was logged with'}.`
  return {
    fields: fields.map((field) => ({ ...field, value: visible(field.value) })), zoneNote,
    options: searchOptions(criteria, limit, zone).map(visible),
  }
}
