/**
 * The Profile Search page: the handlebars templates of `templates/`
 * (precompiled at build time, see compiled-templates.d.ts), with the
 * stylesheet inlined so the page is one self-contained file (each token leads
 * to its detail section below the table), or, for `--out-dir`, a small site
 * whose pages share one stylesheet file. Handlebars HTML-escapes every
 * `{{value}}`; only our own stylesheet is inserted raw.
 *
 * A page is made in pieces, as it is written: the frame (page.hbs, small: no
 * items) up to the notices, each notice, the frame up to the table body, each
 * row, the frame up to the details, each detail, the rest. So memory holds one
 * item's text at a time, never the page, which may be larger than a string
 * can hold (thousands of rows of 8 KB URLs, a million notices).
 */

import { dataError } from '../errors.js'
import { basename, dirname, isAbsolute } from 'node:path'
import type { Notice } from '../notices/php-notice.js'
import { REDACTED } from '../notices/redact.js'
import type { PageStamp } from '../profile/page-stamp.js'
import type { ProfileRow } from '../record.js'
import { visible } from '../text/visible.js'
import { lazyMap } from './lazy-map.js'
import { DEFAULT_DETAIL_OPTIONS, profileDetail, TOKEN_PATTERN, type DetailOptions } from './profile-detail.js'
import { formStylesheet, items, message, page, partials, profile, stylesheet } from '#compiled-templates'
import type { SearchForm } from './search-form.js'
import type { SearchSummary } from './search-summary.js'


/** One file of the `--out-dir` site. */
export interface SiteFile {
  /** Relative path inside the site, `/`-separated: `index.html`, `profiles/<token>.html`. */
  path: string
  /** Its text, made piece by piece as it is written. */
  content: string | Iterable<string> | AsyncIterable<string>
}

/** The site's files, each made when it is asked for: one per listed token, up to --limit of them, never all at once. */
export type SiteFiles = Iterable<SiteFile> | AsyncIterable<SiteFile>

/** Symfony's rule: error above 399, warning above 299, else success. */
export function statusClass(status: number): string {
  return status > 399 ? 'status-error' : status > 299 ? 'status-warning' : 'status-success'
}

/**
 * Where a token leads: `in-page`, its detail section further down the same
 * self-contained page (`#profile-<token>`, see detailId); `site`, its own
 * page of the `--out-dir` site (`profiles/<token>.html`), styled by the
 * shared stylesheet; `served`, its page on the server (`serve`), with the
 * search's query string (a token is given among the rows of its search).
 */
export type ProfileLinks = 'in-page' | 'site' | ServedLinks

export interface ServedLinks {
  /** The search's query string, `?ip=10.` or ''. */
  served: string
}

/** The site's one stylesheet file, next to index.html. */
export const SITE_STYLESHEET = 'profile-search.css'

/** Where `serve` answers with the stylesheet. */
export const SERVED_STYLESHEET = `/${SITE_STYLESHEET}`

export interface PageData {
  rows: readonly ProfileRow[]
  /** Default `in-page`. */
  links?: ProfileLinks
  /** The search that produced the rows, shown in the sidebar; none when absent. */
  search?: SearchSummary | null
  /** PHP Deprecated notices shown before everything else (`--notices`), as PHP prints them; none when absent. */
  notices?: readonly Notice[]
  /** `watch --refresh`: a `<meta http-equiv="refresh">` after this many seconds; none when absent or null. */
  refresh?: number | null
  /** A served page's search form, instead of the read-only sidebar (`serve`); none when absent. */
  form?: SearchForm | null
  /** One line under the count: a served search cut short, or not run (`serve`); none when absent. */
  note?: string | null
  /** A served search a field kept from running: no count and no table, "No search was run" instead (the note says why). */
  notRun?: boolean
  /** What the details leave out (`--hide-raw`, `--full-paths`); the default when absent. */
  details?: DetailOptions
  /** When the page was generated and the newest line read, under the count; none when absent or null. */
  stamp?: PageStamp | null
}

/**
 * Where the stamp stands in a page: the only `<p class="page-stamp">` (every
 * value is escaped, so no logged text can spell it), up to its `</p>`.
 * `--if-changed` and a watch's first publish compare pages without it.
 */
export const STAMP_REGION = { start: '<p class="page-stamp">', end: '</p>' } as const

/** The places in page.hbs where items go, in page order: each a partial that leaves a mark the frame is cut at. */
const SLOTS = ['notices', 'rows', 'details'] as const
type Slot = (typeof SLOTS)[number]

/** A mark no rendered value can hold: escaped text has no `<`, and the stylesheet no NUL. */
function slotMark(name: string): string {
  return `<\u0000${name}\u0000>`
}
const SLOT_MARK = new RegExp(slotMark(`(${SLOTS.join('|')})`))

type Render = (data: object) => string

interface Templates {
  /** The listing without its items: a slot's mark where they go. */
  frame: Render
  notice: Render
  row: Render
  detail: Render
  profile: Render
  message: Render
}

let templates: Promise<Templates> | undefined

/** The templates, made ready when a page is first rendered: handlebars' runtime is not loaded at every start (`--emit json` never needs it). */
function ready(): Promise<Templates> {
  return (templates ??= import('./handlebars-runtime.js').then(({ default: runtime }) => {
  const hbs = runtime.create()
  hbs.registerHelper('statusClass', statusClass)
  hbs.registerPartial('sidebar', hbs.template(partials.sidebar))
  hbs.registerPartial('searchForm', hbs.template(partials.searchForm))
  for (const slot of SLOTS) hbs.registerPartial(slot, () => slotMark(slot))
  return {
    frame: hbs.template(page),
    notice: hbs.template(items.notice),
    row: hbs.template(items.row),
    detail: hbs.template(items.detail),
    profile: hbs.template(profile),
    message: hbs.template(message),
  }
}))
}

/**
 * The rows whose token an earlier row has (rows merged from several servers
 * may share one): each row's index → which occurrence of its token it is
 * (2, 3, …). Usually empty.
 */
function repeatedTokens(rows: readonly ProfileRow[]): Map<number, number> {
  const seen = new Map<string, number>()
  const repeats = new Map<number, number>()
  for (const [i, { token }] of rows.entries()) {
    const n = (seen.get(token) ?? 0) + 1
    seen.set(token, n)
    if (n > 1) repeats.set(i, n)
  }
  return repeats
}

/**
 * The id of a row's detail section on the page: `profile-<token>`, and for
 * the second row with that token `profile-<token>-2` (then `-3`, …), so each
 * row's link opens its own detail. Tokens are 13 hex digits: no id is taken
 * twice.
 */
function detailId(token: string, occurrence: number | undefined): string {
  return occurrence === undefined ? `profile-${token}` : `profile-${token}-${occurrence}`
}

/** Where a row's token leads: its `--out-dir` or served page, or its detail section (`id`) further down the page. */
function profileHref(token: string, links: ProfileLinks, id: string): string {
  if (typeof links === 'object') return `/profiles/${token}.html${links.served}`
  return links === 'site' ? `profiles/${token}.html` : `#${id}`
}

/** The stylesheet a page links to; null: inlined. */
function stylesheetHref(links: ProfileLinks): string | null {
  return typeof links === 'object' ? SERVED_STYLESHEET : links === 'site' ? SITE_STYLESHEET : null
}

/**
 * A notice as notice.hbs shows it: `(N times)` after it when it stands for
 * several occurrences. Unless `fullPaths` (`--full-paths`), an absolute FILE
 * shows as `…/` and its name, and its folder is shortened so in the message
 * too: a published page shows no server path nobody asked for.
 */
function noticeView(notice: Notice, fullPaths: boolean): object {
  const count = notice.count ?? 1
  const shown = fullPaths ? notice : shortenedNotice(notice)
  return { ...shown, count, repeated: count > 1 }
}

function shortenedNotice(notice: Notice): Notice {
  if (!isAbsolute(notice.file)) return notice
  const folder = `${dirname(notice.file)}/`
  return { ...notice, file: `${REDACTED}/${basename(notice.file)}`, message: notice.message.replaceAll(folder, `${REDACTED}/`) }
}

/** The frame's text, with each slot's items, made one at a time, in its place. */
function* filled(frame: string, fill: Readonly<Record<Slot, () => Iterable<string>>>): Generator<string> {
  const parts = frame.split(SLOT_MARK)
  const slots = parts.filter((_, i) => i % 2 === 1)
  if (new Set(slots).size !== slots.length) throw new Error(`page.hbs holds a slot twice: ${slots.join(', ')}`)
  for (const [i, part] of parts.entries()) {
    if (i % 2 === 1) yield* fill[part as Slot]()
    else if (part !== '') yield part
  }
}

/** Whether the rows are of more than one server (merged, or a table's hosts): then the page shows a Server column. */
export function ofSeveralServers(rows: readonly ProfileRow[]): boolean {
  const first = rows[0]?.record.server ?? null
  return rows.some((row) => (row.record.server ?? null) !== first)
}

/** The page, piece by piece (see the top of this file): at most one item's text is held at a time. */
export async function* renderPage(data: PageData): AsyncGenerator<string> {
  const { rows, links = 'in-page', search = null, notices = [], form = null, note = null, notRun = false, details: shown = DEFAULT_DETAIL_OPTIONS, stamp = null, ...rest } = data
  const render = await ready()
  const serverColumn = ofSeveralServers(rows)
  const frame = render.frame({
    ...rest,
    rows,
    serverColumn,
    notices,
    details: links === 'in-page' ? rows : [],
    stylesheet: stylesheetHref(links),
    css: stylesheet,
    search,
    form,
    note,
    notRun,
    stamp,
  })
  const repeats = repeatedTokens(rows)
  yield* filled(frame, {
    notices: () => lazyMap(notices, (notice) => render.notice(noticeView(notice, shown.fullPaths))),
    rows: () => lazyMap(rows.entries(), ([i, row]) => render.row({
      ...row, href: profileHref(row.token, links, detailId(row.token, repeats.get(i))), serverColumn, server: visible(row.record.server ?? ''),
    })),
    details: () => lazyMap(rows.entries(), ([i, row]) => render.detail({ ...profileDetail(row, shown), id: detailId(row.token, repeats.get(i)) })),
  })
}

/**
 * One token's page of the `--out-dir` site (`profiles/<token>.html`); `back`: where "Back to the results" leads
 * when not `../index.html` (a served search).
 */
export async function renderProfilePage(row: ProfileRow, details: DetailOptions = DEFAULT_DETAIL_OPTIONS, back: string | null = null): Promise<string> {
  return (await ready()).profile({ ...profileDetail(row, details), back })
}

/** A served page that says only why there is no other: its title (`404 Not Found`) and one line. */
export async function renderMessagePage(title: string, text: string): Promise<string> {
  return (await ready()).message({ title, message: text })
}

/** Tokens become file names: only ours (13 hex digits), each once. */
function checkTokens(rows: readonly ProfileRow[]): void {
  const seen = new Set<string>()
  for (const { token } of rows) {
    if (!TOKEN_PATTERN.test(token) || seen.has(token)) {
      throw dataError(`cannot make a profile page for token ${JSON.stringify(token)}: ${seen.has(token) ? 'two rows share it' : 'not 13 lower-case hex digits'}`,
        'profile pages are named by token')
    }
    seen.add(token)
  }
}

/** The stylesheet file of a site (profile-search.css). */
export function stylesheetFile(): string {
  return `${stylesheet}\n`
}

/** The stylesheet `serve` answers with: the site's, then the search form's rules. */
export function servedStylesheetFile(): string {
  return `${stylesheet}\n${formStylesheet}\n`
}

async function* sitePages(listing: PageData): AsyncGenerator<SiteFile> {
  yield { path: 'index.html', content: renderPage({ ...listing, links: 'site' }) }
  yield { path: SITE_STYLESHEET, content: stylesheetFile() }
  const render = await ready()
  for (const row of listing.rows) yield { path: `profiles/${row.token}.html`, content: render.profile({ ...profileDetail(row, listing.details), back: null }) }
}

/**
 * The whole `--out-dir` site: the listing (`page`, as for one file), the
 * shared stylesheet, one page per listed token. The tokens are checked at
 * once; each page is made when it is asked for, as it is written.
 */
export function renderSite(listing: PageData): AsyncIterable<SiteFile> {
  checkTokens(listing.rows)
  return sitePages(listing)
}
