/**
 * The named types a route pattern's `{name:type}` placeholders can have.
 * Each is a whole-string test; they see the URL as logged (no
 * percent-decoding), so an encoded character never matches.
 */

/**
 * Controller and system folders of the shop: never a category. `forms` is
 * one too; `/forms/index/id/N` is a shape of its own, written as literals.
 */
export const RESERVED_SEGMENTS: readonly string[] = [
  'backend', 'widgets', 'api', 'media', 'web', 'themes', 'engine', 'custom', 'files', 'var',
  'vendor', 'recovery', 'frontend', 'account', 'checkout', 'note', 'register', 'search',
  'listing', 'detail', 'compare', 'newsletter', 'ticket', 'address', 'sitemap', 'tellafriend',
  'blog', 'profiler', 'csrftoken', 'forms',
]

export type SegmentTest = (value: string) => boolean

const WORDS = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
const DIGITS_ONLY = /^\d+$/
const POSITIVE_INT = /^[1-9]\d*$/
const ORDER_NUMBER = /^[A-Za-z0-9]+(?:\.\d+)?$/

export const categoryTest = (reserved: readonly string[]): SegmentTest => {
  const isReserved = new Set(reserved)
  return (value) => WORDS.test(value) && !DIGITS_ONLY.test(value) && !isReserved.has(value)
}

export const defaultSegmentTypes = (reserved: readonly string[] = RESERVED_SEGMENTS): Record<string, SegmentTest> => ({
  /** Lower-case letters, digits and single hyphens; not only digits; not reserved. */
  category: categoryTest(reserved),
  /** A positive decimal integer, no leading zero. */
  int: (value) => POSITIVE_INT.test(value),
  /** Lower-case words of letters and digits joined by single hyphens. */
  slug: (value) => WORDS.test(value),
  /** Letters and digits, optionally a dot and digits (`SW10001.2`). */
  ordernumber: (value) => ORDER_NUMBER.test(value),
})
