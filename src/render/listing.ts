/**
 * A listing: what a run publishes, whatever the output: the rows of the
 * page (tokens given), the search that made them (the sidebar), the PHP
 * notices shown before the page, and `watch --refresh`'s seconds. It is
 * rendered as the page, the `--out-dir` site (page.ts) or rows as data
 * (emit-format.ts), piece by piece as it is written.
 */

import type { Notice } from '../notices/php-notice.js'
import { anonymizedRows } from '../profile/anonymize-ip.js'
import { positionText } from '../parse/record/access-record.js'
import type { DisplayZone, ProfileRow } from '../record.js'
import { renderData, type EmitFormat } from './emit-format.js'
import { renderPage, renderSite, type SiteFiles } from './page.js'
import type { PageStamp } from '../profile/page-stamp.js'
import type { DetailOptions } from './profile-detail.js'
import type { SearchSummary } from './search-summary.js'

export interface Listing {
  rows: readonly ProfileRow[]
  /** The search that produced the rows, shown in the sidebar; null for none (merge). */
  search: SearchSummary | null
  /** PHP Deprecated notices shown before everything else, as PHP prints them. */
  notices: readonly Notice[]
  /** `watch --refresh`: the page asks a browser to load it again after this many seconds; null for never. */
  refresh: number | null
  /** What the details leave out (`--hide-raw`, `--full-paths`); absent: raw lines shown, absolute paths by file name. */
  details?: DetailOptions
  /** When the page was generated and the newest line read; absent or null: no stamp (`--emit` data never has one). */
  stamp?: PageStamp | null
}

/** What a listing is made of besides its rows, and how they are shown. */
export interface ListingParts extends Omit<Listing, 'rows'> {
  /** `--anonymize-ip`: the published addresses have their host part zeroed (after selection: the filters read the real ones). */
  anonymizeIp: boolean
}

/**
 * The listing every command that renders publishes (build, watch, merge,
 * serve's pages): its rows as the options show them, addresses anonymized
 * with `--anonymize-ip`, and the rest as given.
 */
export function listingOf(rows: readonly ProfileRow[], parts: ListingParts): Listing {
  const { anonymizeIp, ...rest } = parts
  return { ...rest, rows: anonymizeIp ? anonymizedRows(rows) : rows }
}

/** How a listing is written as one file or stream: the page, or the rows as data in the display zone. */
export interface OutputFormat {
  emit: EmitFormat
  zone: DisplayZone
}

/** The listing as the format asks, piece by piece. */
export function renderListing(listing: Listing, format: OutputFormat): AsyncIterable<string> | Iterable<string> {
  return format.emit === 'html' ? renderPage(listing) : renderData(format.emit, listing.rows, format.zone)
}

/** The listing as an `--out-dir` site. */
export function renderListingSite(listing: Listing): SiteFiles {
  return renderSite(listing)
}

function rowFields(row: ProfileRow): unknown[] {
  return [row.token, row.status, row.ip, row.method, row.url, row.date, row.clock, row.record.raw, positionText(row.record)]
}

function noticeFields(notice: Notice): unknown[] {
  return [notice.message, notice.file, notice.line, notice.count ?? 1]
}

/**
 * What a listing shows, as one string: two listings with the same key make
 * the same page, so a watch publishes again only when the key changed. It is
 * made from the rows and notices (their shown fields, and what their
 * details show: the raw line and where it was read), not from the rendered
 * page, which is written piece by piece and never held whole. JSON:
 * unambiguous whatever the values hold.
 */
export function listingKey(listing: Listing): string {
  return JSON.stringify([listing.rows.map(rowFields), listing.notices.map(noticeFields)])
}
