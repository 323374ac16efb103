/**
 * A second, plain reading of the route-pattern language for tests: the path
 * split into an array of segments and every part tested in turn. The
 * in-place matcher of src/select/route-pattern.ts must give the same answers.
 */

import type { SegmentTest } from '../../src/select/segment-types.js'

/** `/a/b/` → `['a', 'b', '']`; null when the path does not start with `/`. */
export const pathSegments = (path: string): string[] | null =>
  path.charCodeAt(0) === 0x2f ? path.slice(1).split('/') : null

const PLACEHOLDER = /^\{([A-Za-z_]\w*)(?::([A-Za-z_]\w*))?\}$/

const partTest = (part: string, types: Record<string, SegmentTest>): SegmentTest => {
  const m = PLACEHOLDER.exec(part)
  if (!m) return (value) => value === part
  const [, name = '', typeName] = m
  const type = types[typeName ?? name]
  if (!type) throw new Error(`unknown type in ${part}`)
  return type
}

/** Tests path segments and a query (null: no `?`) against a pattern. */
export const segmentRouteMatcher = (pattern: string, types: Record<string, SegmentTest>): ((segments: readonly string[], query: string | null) => boolean) => {
  const q = pattern.indexOf('?')
  const parts = (q < 0 ? pattern : pattern.slice(0, q)).slice(1).split('/').map((part) => partTest(part, types))
  const parameters = q < 0 ? [] : pattern.slice(q + 1).split('&').map((pair) => {
    const eq = pair.indexOf('=')
    return { name: pair.slice(0, eq), test: partTest(pair.slice(eq + 1), types) }
  })
  return (segments, query) => {
    if (segments.length !== parts.length || !parts.every((test, i) => test(segments[i] as string))) return false
    if (query === null) return parameters.length === 0
    if (parameters.length === 0) return false
    const pairs = query.split('&').map((pair) => {
      const eq = pair.indexOf('=')
      return eq < 0 ? null : { name: pair.slice(0, eq), value: pair.slice(eq + 1) }
    })
    if (pairs.length !== parameters.length) return false
    return parameters.every(({ name, test }) => {
      const found = pairs.filter((pair) => pair?.name === name)
      return found.length === 1 && test((found[0] as { value: string }).value)
    }) && pairs.every((pair) => pair !== null)
  }
}
