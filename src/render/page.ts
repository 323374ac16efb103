/**
 * The Profile Search page: the handlebars templates of `templates/`
 * (precompiled at build time, see compiled-templates.d.ts), with the
 * stylesheet inlined so the page is one self-contained file (each token leads
 * to its detail section below the table), or, for `--out-dir`, a small site
 * whose pages share one stylesheet file. Handlebars HTML-escapes every
 * `{{value}}`; only our own stylesheet is inserted raw.
 */

import { dataError } from '../errors.js'
import type { Notice } from '../notices/php-notice.js'
import type { ProfileRow } from '../record.js'
import { profileDetail, TOKEN_PATTERN } from './profile-detail.js'
import { page, partials, profile, stylesheet } from './compiled-templates.js'
import type { SearchSummary } from './search-summary.js'


/** Symfony's rule: error above 399, warning above 299, else success. */
export const statusClass = (status: number): string =>
  status > 399 ? 'status-error' : status > 299 ? 'status-warning' : 'status-success'

/**
 * Where a token leads: `in-page`, its detail section further down the same
 * self-contained page (`#profile-<token>`); `site`, its own page of the
 * `--out-dir` site (`profiles/<token>.html`), styled by the shared stylesheet.
 */
export type ProfileLinks = 'in-page' | 'site'

/** The site's one stylesheet file, next to index.html. */
export const SITE_STYLESHEET = 'profile-search.css'

export interface PageData {
  rows: readonly ProfileRow[]
  /** Default `in-page`. */
  links?: ProfileLinks
  /** The search that produced the rows, shown in the sidebar; none when absent. */
  search?: SearchSummary | null
  /** PHP Deprecated notices shown before everything else (`--notices`), as PHP prints them; none when absent. */
  notices?: readonly Notice[]
}

interface Templates {
  page: (data: object) => string
  profile: (data: object) => string
}

let templates: Promise<Templates> | undefined

/** The templates, made ready when a page is first rendered: handlebars' runtime is not loaded at every start (`--emit json` never needs it). */
const ready = (): Promise<Templates> => (templates ??= import('./handlebars-runtime.js').then(({ default: runtime }) => {
  const hbs = runtime.create()
  hbs.registerHelper('statusClass', statusClass)
  hbs.registerPartial('detail', hbs.template(partials.detail))
  hbs.registerPartial('sidebar', hbs.template(partials.sidebar))
  const render = hbs.template(page)
  return { page: (data) => render({ ...data, css: stylesheet }), profile: hbs.template(profile) }
}))

const profileHref = (token: string, links: ProfileLinks): string =>
  links === 'site' ? `profiles/${token}.html` : `#profile-${token}`

export const renderPage = async (data: PageData): Promise<string> => {
  const links = data.links ?? 'in-page'
  return (await ready()).page({
    rows: data.rows.map((row) => ({ ...row, href: profileHref(row.token, links) })),
    details: links === 'in-page' ? data.rows.map(profileDetail) : [],
    stylesheet: links === 'site' ? SITE_STYLESHEET : null,
    search: data.search ?? null,
    notices: data.notices ?? [],
  })
}

/** One token's page of the `--out-dir` site (`profiles/<token>.html`). */
export const renderProfilePage = async (row: ProfileRow): Promise<string> => (await ready()).profile(profileDetail(row))

export interface SitePage {
  /** `/`-separated path inside the site. */
  path: string
  content: string
}

/** The whole `--out-dir` site: the listing (`page`, as for one file), one page per listed token, the shared stylesheet. */
export const renderSite = async (page: PageData): Promise<SitePage[]> => {
  const { rows } = page
  const seen = new Set<string>()
  for (const { token } of rows) {
    // Tokens become file names: only ours (13 hex digits), each once.
    if (!TOKEN_PATTERN.test(token) || seen.has(token)) {
      throw dataError(`cannot make a profile page for token ${JSON.stringify(token)}: ${seen.has(token) ? 'two rows share it' : 'not 13 lower-case hex digits'}`,
        'profile pages are named by token')
    }
    seen.add(token)
  }
  return [
    { path: 'index.html', content: await renderPage({ ...page, links: 'site' }) },
    { path: SITE_STYLESHEET, content: `${stylesheet}\n` },
    ...await Promise.all(rows.map(async (row) => ({ path: `profiles/${row.token}.html`, content: await renderProfilePage(row) }))),
  ]
}
