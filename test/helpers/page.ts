/** Reads the rows back out of a rendered page, for exact assertions. */

import { renderPage, type PageData } from '../../src/render/page.js'
import { joined } from './pieces.js'

/** The page renderPage writes piece by piece, as one string. */
export const renderedPage = (data: PageData): Promise<string> => joined(renderPage(data))

const ENTITIES: Record<string, string> = {
  '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#x60;': '`', '&#x3D;': '=',
}

export const unescapeHtml = (html: string): string =>
  html.replace(/&(?:amp|lt|gt|quot|#x27|#x60|#x3D);/g, (entity) => ENTITIES[entity] ?? entity)

const text = (cell: string): string => unescapeHtml(cell.replace(/<[^>]*>/g, ''))

/** Each row of `table#search-results` as its six cell texts (Time as `date time`). */
export const tableRows = (html: string): string[][] => {
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? ''
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    [...(row[1] ?? '').matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g)].map((cell) => text(cell[1] ?? '')))
}

/** The `N results found` line. */
export const countLine = (html: string): string | undefined =>
  /<h2>(\d+ results found)<\/h2>/.exec(html)?.[1]

/** Rows without the token column, as `status ip method url time` strings. */
export const rowSummaries = (html: string): string[] =>
  tableRows(html).map((cells) => cells.slice(0, 5).join(' '))

/** The link target of each row's token, in row order. */
export const tokenLinks = (html: string): string[] => {
  const body = /<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? ''
  return [...body.matchAll(/<td class="nowrap" data-label="Token"><a href="([^"]*)">/g)].map((m) => unescapeHtml(m[1] ?? ''))
}

/** The label/value pairs (`<dt>`/`<dd>`) of an HTML fragment, as text. */
export const detailFields = (html: string): Array<[string, string]> =>
  [...html.matchAll(/<dt>([\s\S]*?)<\/dt>\s*<dd>([\s\S]*?)<\/dd>/g)].map((m) => [text(m[1] ?? ''), text(m[2] ?? '')])

export interface DetailSection {
  id: string
  /** The heading: the URL. */
  heading: string
  /** The original's header fields (Method, HTTP Status, IP, Profiled on, Token). */
  summary: Array<[string, string]>
  /** The log-only fields. */
  log: Array<[string, string]>
  /** Where "Back to the results" leads. */
  back: string
}

/** The token detail sections below the table of a single-file page, in page order. */
export const detailSections = (html: string): DetailSection[] =>
  [...html.matchAll(/<section id="([^"]*)" class="profile-detail">([\s\S]*?)<\/section>/g)].map((m) => {
    const body = m[2] ?? ''
    return {
      id: unescapeHtml(m[1] ?? ''),
      heading: text(/<h3[^>]*>([\s\S]*?)<\/h3>/.exec(body)?.[1] ?? ''),
      summary: detailFields(/<dl class="metadata">([\s\S]*?)<\/dl>/.exec(body)?.[1] ?? ''),
      log: detailFields(/<dl class="log-fields">([\s\S]*?)<\/dl>/.exec(body)?.[1] ?? ''),
      back: unescapeHtml(/<p class="back"><a href="([^"]*)">/.exec(body)?.[1] ?? ''),
    }
  })

/** The lines of the PHP Deprecated notices preface (`--notices`) as text; [] when the page has none. It must come first in the body. */
export const prefaceLines = (html: string): string[] => {
  const block = /<body>\n<section id="php-notices" aria-label="PHP Deprecated notices">\n([\s\S]*?)\n<\/section>\n/.exec(html)?.[1] ?? ''
  return [...block.matchAll(/<div class="php-notice">([\s\S]*?)<\/div>/g)].map((m) => text(m[1] ?? ''))
}
