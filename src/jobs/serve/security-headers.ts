/**
 * The headers every response of `serve` carries, a page or an error alike:
 * the Content Security Policy of the pages (no script, nothing loaded but
 * the stylesheet from here, forms sent only here, never in a frame), no
 * MIME sniffing, no Referer to other sites, and nothing kept in a cache (the
 * pages hold personal data: client addresses, raw log lines).
 */

export const CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

export const SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
})

/** Sets them on a response not yet sent. */
export function setSecurityHeaders(res: { setHeader(name: string, value: string): unknown }): void {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) res.setHeader(name, value)
}

/** The same as header lines of a response written by hand (a request that could not be read), each ended by CRLF. */
export function securityHeaderLines(): string {
  return Object.entries(SECURITY_HEADERS).map(([name, value]) => `${name}: ${value}\r\n`).join('')
}
