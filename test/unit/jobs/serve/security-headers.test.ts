/** The headers every answer of serve carries. */

import t from 'tap'
import { CONTENT_SECURITY_POLICY, SECURITY_HEADERS, securityHeaderLines, setSecurityHeaders } from '../../../../src/jobs/serve/security-headers.js'

t.test('CSP (no script, the stylesheet from here, forms sent here, no frames), nosniff, no Referer, no cache', async (t) => {
  t.equal(CONTENT_SECURITY_POLICY, "default-src 'none'; style-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
  t.strictSame(SECURITY_HEADERS, {
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-store',
  })
  t.ok(Object.isFrozen(SECURITY_HEADERS))
})

t.test('set on a response, or written as header lines', async (t) => {
  const set: Record<string, string> = {}
  setSecurityHeaders({ setHeader: (name: string, value: string) => (set[name] = value) })
  t.strictSame(set, SECURITY_HEADERS)
  t.equal(securityHeaderLines(), `Content-Security-Policy: ${CONTENT_SECURITY_POLICY}\r\nX-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\nCache-Control: no-store\r\n`)
})
