/**
 * The pages `serve` answers with: the Profile Search page of a search (its
 * rows, the form with the search's values and problems, a note when the
 * search was cut short or not run), and a token's page. They are the pages
 * `build --out-dir` writes, but the form searches (CSP `form-action 'self'`),
 * token links carry the search (a token is given among the rows of its
 * search) and lead back to it.
 */

import type { PageStamp } from '../../profile/page-stamp.js'
import type { ProfileRow } from '../../record.js'
import { listingOf, type Listing } from '../../render/listing.js'
import { renderPage, renderProfilePage, type PageData } from '../../render/page.js'
import { FORM_FIELDS, searchForm } from '../../render/search-form.js'
import type { BuildOptions } from '../build-options.js'
import type { SearchField, SearchQuery } from './search-query.js'

/** What the page says in place of the count when a field kept the search from running, before each field's message. */
export const NOT_RUN_NOTE = 'Correct the field marked in the search form.'

/** A served page's listing, as build's: its rows shown as the options say (`--anonymize-ip`), `--hide-raw` and `--full-paths`. */
function servedListing(rows: readonly ProfileRow[], stamp: PageStamp | null, options: BuildOptions): Listing {
  return listingOf(rows, { anonymizeIp: options.anonymizeIp, search: null, notices: [], refresh: null, details: options.details, stamp })
}

/** The page of a search that ran: its rows, `note` and `stamp` under the count; `--anonymize-ip`, `--hide-raw`, `--full-paths` as build has them. */
export function listingPage(search: SearchQuery, rows: readonly ProfileRow[], note: string | null, stamp: PageStamp, options: BuildOptions): AsyncIterable<string> {
  return searchPage(search, rows, { note, stamp }, options)
}

/** The page of a search a field kept from running: no count and no rows, but why, field by field (also beside each field). */
export function notRunPage(search: SearchQuery, stamp: PageStamp, options: BuildOptions): AsyncIterable<string> {
  const problems = FORM_FIELDS.flatMap((field) => {
    const problem = search.problems[field.name as SearchField]
    return problem === undefined ? [] : [`${field.label}: ${problem}.`]
  })
  return searchPage(search, [], { note: [NOT_RUN_NOTE, ...problems].join(' '), stamp, notRun: true }, options)
}

function searchPage(search: SearchQuery, rows: readonly ProfileRow[], under: Pick<PageData, 'note' | 'stamp' | 'notRun'>, options: BuildOptions): AsyncIterable<string> {
  const newest = rows[0]
  return renderPage({
    ...servedListing(rows, under.stamp ?? null, options),
    ...under,
    links: { served: search.query },
    form: searchForm({
      values: search.values,
      problems: search.problems,
      latest: newest === undefined ? null : `/profiles/${newest.token}.html${search.query}`,
      zone: options.tz,
    }),
  })
}

/** A token's page, leading back to the search it was found in. */
export function profilePage(row: ProfileRow, search: SearchQuery, options: BuildOptions): Promise<string> {
  return renderProfilePage(servedListing([row], null, options).rows[0] as ProfileRow, options.details, `/${search.query}`)
}
