/**
 * The search form of a served page (`serve`), as the original profiler's
 * sidebar had it: the shortcuts "Last 10" (the newest ten) and "Latest"
 * (the newest row's page, for this search), then IP, Method, Status, URL,
 * Token, From, Until and Results, sent to the server with GET under the
 * original's parameter names; and ours, so a search can ask everything
 * `build` can: Server, URLs (the storefront shapes, or every URL) and
 * Crawlers. Each field shows the value it was given, and a problem with it
 * beside it. Text only: handlebars escapes it.
 */

import type { DisplayZone } from '../record.js'
import { visible } from '../text/visible.js'

export interface FormOption {
  value: string
  label: string
  selected: boolean
}

export interface FormField {
  /** The query parameter; the element's id is `search-<name>`. */
  name: string
  label: string
  value: string
  /** A list to choose from (Method, Results); null for a text field. */
  options: FormOption[] | null
  /** What a text field shows while empty. */
  placeholder: string
  /** Why the value cannot be used; null when it can. */
  problem: string | null
}

export interface SearchForm {
  /** "Last 10": the newest ten, no other criterion. */
  last10: string
  /** "Latest": the newest row's page, for this search; null when it lists none. */
  latest: string | null
  fields: FormField[]
  /** In which zone From and Until are read. */
  zoneNote: string
}

/** The original's choices of method; a method given otherwise is added. */
const METHODS = ['DELETE', 'GET', 'HEAD', 'PATCH', 'POST', 'PUT']
/** The original's choices of results; another number from 1 to 1000 is added. */
const LIMITS = ['10', '50', '100']

interface FieldSpec {
  name: string
  label: string
  placeholder: string
  choices?: (value: string) => FormOption[]
}

function methodChoices(value: string): FormOption[] {
  const methods = METHODS.includes(value) || value === '' ? METHODS : [...METHODS, value]
  return [{ value: '', label: 'Any', selected: value === '' }, ...methods.map((method) => ({ value: method, label: method, selected: method === value }))]
}

/** A fixed list of choices, `[value, label]`. */
function fixedChoices(choices: readonly (readonly [string, string])[]): (value: string) => FormOption[] {
  return (value) => choices.map(([choice, label]) => ({ value: choice, label, selected: choice === value }))
}

/** The URL scope: the storefront shapes (`urls=storefront`), or every URL (`urls=any`, `--any-url`). */
export const URL_SCOPES = [['storefront', 'Storefront shapes'], ['any', 'Every URL']] as const

/** The crawler modes (`--crawlers`). */
export const CRAWLER_CHOICES = [['include', 'Included'], ['exclude', 'Left out'], ['only', 'Only']] as const

function limitChoices(value: string): FormOption[] {
  const limits = LIMITS.includes(value) ? LIMITS : [...LIMITS, value].sort((a, b) => Number(a) - Number(b))
  return limits.map((limit) => ({ value: limit, label: limit, selected: limit === value }))
}

/** The fields in the original's order; their names are `serve`'s query parameters (jobs/serve/search-query.ts). */
export const FORM_FIELDS: readonly FieldSpec[] = [
  { name: 'ip', label: 'IP', placeholder: '203.0.113 or 10.0.0.0/8' },
  { name: 'server', label: 'Server', placeholder: 'web1; empty: any' },
  { name: 'method', label: 'Method', placeholder: '', choices: methodChoices },
  { name: 'status_code', label: 'Status', placeholder: '404, 4xx; empty: any' },
  { name: 'url', label: 'URL', placeholder: '/moebel/ or !/robots.txt' },
  { name: 'urls', label: 'URLs', placeholder: '', choices: fixedChoices(URL_SCOPES) },
  { name: 'crawlers', label: 'Crawlers', placeholder: '', choices: fixedChoices(CRAWLER_CHOICES) },
  { name: 'token', label: 'Token', placeholder: '13 hex digits' },
  { name: 'start', label: 'From', placeholder: '2026-11-22 or …T10:00' },
  { name: 'end', label: 'Until', placeholder: '2026-11-22 or …T10:00' },
  { name: 'limit', label: 'Results', placeholder: '', choices: limitChoices },
]

export interface FormState {
  /** Each field's value, by parameter name. */
  values: Readonly<Record<string, string>>
  /** A problem for each field that has one, by parameter name. */
  problems: Readonly<Partial<Record<string, string>>>
  /** Where "Latest" leads; null for nowhere. */
  latest: string | null
  zone: DisplayZone
}

export function searchForm(state: FormState): SearchForm {
  return {
    last10: '/?limit=10',
    latest: state.latest,
    fields: FORM_FIELDS.map((spec) => {
      const value = visible(state.values[spec.name] ?? '')
      return {
        name: spec.name,
        label: spec.label,
        value,
        options: spec.choices ? spec.choices(value) : null,
        placeholder: spec.placeholder,
        problem: state.problems[spec.name] ?? null,
      }
    }),
    zoneNote: `From and Until are read in ${state.zone ?? 'the offset each line was logged with'}.`,
  }
}
