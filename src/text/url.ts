/**
 * The URL column: a request target as logged, without scheme and host. An
 * absolute-form target (`GET http://shop.example/x?y HTTP/1.1`) is reduced to
 * its path and query; nothing is percent-decoded.
 */

const ABSOLUTE_FORM = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/

/** Path and query of a request target as logged (query null when there is no `?`). */
export function pathAndQuery(target: string): { path: string; query: string | null } {
  // an absolute form starts with a scheme letter; most targets start with `/`
  const authority = target.charCodeAt(0) === 0x2f ? null : ABSOLUTE_FORM.exec(target)
  let rest = authority ? target.slice(authority[0].length) : target
  if (authority && !rest.startsWith('/')) rest = `/${rest}`
  const q = rest.indexOf('?')
  return q < 0 ? { path: rest, query: null } : { path: rest.slice(0, q), query: rest.slice(q + 1) }
}

/** The URL column: path and query as requested, without scheme and host. */
export function displayUrl(target: string): string {
  const { path, query } = pathAndQuery(target)
  return query === null ? path : `${path}?${query}`
}
