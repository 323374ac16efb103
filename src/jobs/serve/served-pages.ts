/**
 * The pages `serve` answers with: the Profile Search page of a search (its
 * rows, the form with the search's values and problems, a note when the
 * search was cut short or not run), and a token's page. They are the pages
 * `build --out-dir` writes, but the form searches (CSP `form-action 'self'`),
 * token links carry the search (a token is given among the rows of its
 * search) and lead back to it.
 */

import { anonymizedRows } from '../../profile/anonymize-ip.js'
import type { PageStamp } from '../../profile/page-stamp.js'
import type { ProfileRow } from '../../record.js'
import { renderPage, renderProfilePage, type PageData } from '../../render/page.js'
import { FORM_FIELDS, searchForm } from '../../render/search-form.js'
import type { BuildOptions } from '../build-options.js'
import type { SearchField, SearchQuery } from './search-query.js'

/** What the page says in place of the count when a field kept the search from running, before each field's message. */
export const NOT_RUN_NOTE = 'Correct the field marked in the search form.'

/** Rows as the options show them: addresses anonymized with `--anonymize-ip`. */
function shownRows(rows: readonly ProfileRow[], options: BuildOptions): readonly ProfileRow[] {
  return options.anonymizeIp ? anonymizedRows(rows) : rows
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
    ...under,
    rows: shownRows(rows, options),
    details: options.details,
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
  return renderProfilePage(shownRows([row], options)[0] as ProfileRow, options.details, `/${search.query}`)
}
