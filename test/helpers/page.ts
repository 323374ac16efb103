/** Reads the rows back out of a rendered page, for exact assertions. */

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
