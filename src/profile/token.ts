/**
 * Profile tokens in PHP `uniqid()` layout: 8 lower-case hex digits of the
 * Unix seconds, then 5 of the microseconds (00000..f423f).
 *
 * Access logs in `combined` have whole seconds only, so the microseconds are
 * derived from the line itself (FNV-1a), which keeps a token identical across
 * runs, across `--limit` values and between a file and the same lines piped
 * on stdin.
 */

const MICROS_PER_SECOND = 1_000_000

/** 32-bit FNV-1a over the UTF-16 code units of the text. */
export const fnv1a = (text: string): number => {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

export const uniqid = (seconds: number, micros: number): string =>
  seconds.toString(16).padStart(8, '0') + micros.toString(16).padStart(5, '0')

export interface TokenSource {
  /** Epoch milliseconds. */
  time: number
  /** Microseconds within the second when the log has them. */
  micros: number | null
  raw: string
}

/**
 * Tokens for the rows of one page, in page order. A token already given on
 * the page is bumped by one microsecond (within the same second) until free.
 */
export const assignTokens = (rows: readonly TokenSource[]): string[] => {
  const used = new Set<string>()
  return rows.map((row) => {
    const seconds = Math.floor(row.time / 1000)
    let micros = row.micros ?? fnv1a(row.raw) % MICROS_PER_SECOND
    let token = uniqid(seconds, micros)
    while (used.has(token)) {
      micros = (micros + 1) % MICROS_PER_SECOND
      token = uniqid(seconds, micros)
    }
    used.add(token)
    return token
  })
}
