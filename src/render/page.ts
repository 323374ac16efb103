/**
 * The Profile Search page: a handlebars template from `templates/`, with its
 * stylesheet inlined so the page is one self-contained file (each token leads
 * to its detail section below the table), or, for `--out-dir`, a small site
 * whose pages share one stylesheet file. Handlebars HTML-escapes every
 * `{{value}}`; only our own stylesheet is inserted raw.
 */

import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type HandlebarsModule from 'handlebars'
import { dataError } from '../errors.js'
import type { Notice } from '../notices/php-notice.js'
import type { ProfileRow } from '../record.js'
import { profileDetail, TOKEN_PATTERN } from './profile-detail.js'
import type { SearchSummary } from './search-summary.js'

const TEMPLATES = new URL('../../templates/', import.meta.url)

// handlebars is loaded when a page is first rendered, not at every start (`--emit json` never needs it).
const require = createRequire(import.meta.url)
const handlebars = (): typeof HandlebarsModule => require('handlebars') as typeof HandlebarsModule

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

let css: string | undefined

/** The stylesheet of every page: inlined in a single page, the shared file in a site. Read once per run. */
export const stylesheet = (): string => (css ??= readFileSync(new URL('page.css', TEMPLATES), 'utf8').trimEnd())

let compiled: ((data: object) => string) | undefined

const template = (): ((data: object) => string) => {
  if (!compiled) {
    const hbs = handlebars().create()
    hbs.registerHelper('statusClass', statusClass)
    hbs.registerPartial('detail', readFileSync(new URL('detail.hbs', TEMPLATES), 'utf8'))
    hbs.registerPartial('sidebar', readFileSync(new URL('sidebar.hbs', TEMPLATES), 'utf8'))
    const source = readFileSync(new URL('page.hbs', TEMPLATES), 'utf8')
    const render = hbs.compile(source, { strict: true })
    const inlined = stylesheet()
    compiled = (data) => render({ ...data, css: inlined })
  }
  return compiled
}

const profileHref = (token: string, links: ProfileLinks): string =>
  links === 'site' ? `profiles/${token}.html` : `#profile-${token}`

export const renderPage = (data: PageData): string => {
  const links = data.links ?? 'in-page'
  return template()({
    rows: data.rows.map((row) => ({ ...row, href: profileHref(row.token, links) })),
    details: links === 'in-page' ? data.rows.map(profileDetail) : [],
    stylesheet: links === 'site' ? SITE_STYLESHEET : null,
    search: data.search ?? null,
    notices: data.notices ?? [],
  })
}

let compiledProfile: ((data: object) => string) | undefined

/** One token's page of the `--out-dir` site (`profiles/<token>.html`). */
export const renderProfilePage = (row: ProfileRow): string => {
  if (!compiledProfile) {
    const hbs = handlebars().create()
    hbs.registerHelper('statusClass', statusClass)
    compiledProfile = hbs.compile(readFileSync(new URL('profile.hbs', TEMPLATES), 'utf8'), { strict: true })
  }
  return compiledProfile(profileDetail(row))
}

export interface SitePage {
  /** `/`-separated path inside the site. */
  path: string
  content: string
}

/** The whole `--out-dir` site: the listing (`page`, as for one file), one page per listed token, the shared stylesheet. */
export const renderSite = (page: PageData): SitePage[] => {
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
    { path: 'index.html', content: renderPage({ ...page, links: 'site' }) },
    { path: SITE_STYLESHEET, content: `${stylesheet()}\n` },
    ...rows.map((row) => ({ path: `profiles/${row.token}.html`, content: renderProfilePage(row) })),
  ]
}
