import t from 'tap'
import { parseRoutePattern, segmentCountOf } from '../../../src/select/route-pattern.js'
import { ShapeTree } from '../../../src/select/shape-tree.js'
import { builtInType, type SegmentTest, type SegmentType } from '../../../src/select/segment-types.js'
import { pathSegments, segmentRouteMatcher } from '../../helpers/segment-route-matcher.js'

const tests: Record<string, SegmentTest> = {
  word: (v) => /^[a-z]+$/.test(v),
  num: (v) => /^[0-9]+$/.test(v),
  // A type named like a placeholder name, to show `{id:num}` uses num, not id.
  id: () => false,
}
const types: Record<string, SegmentType> = Object.fromEntries(Object.entries(tests).map(([name, test]) => [name, builtInType(test)]))

const compileRoutePattern = (pattern: string): ShapeTree => new ShapeTree([parseRoutePattern(pattern, types)], null)

/** Compiles a pattern; the tree is asked as hasListedShape asks it, on a target that starts with /. */
const compile = (pattern: string): ((path: string, query: string | null) => boolean) => {
  const tree = compileRoutePattern(pattern)
  return (path, query) => {
    const target = query === null ? path : `${path}?${query}`
    return path.startsWith('/') && tree.matches(target, path.length)
  }
}

t.test('pathSegments', async (t) => {
  t.strictSame(pathSegments('/a/b/'), ['a', 'b', ''])
  t.strictSame(pathSegments('/a/b'), ['a', 'b'])
  t.strictSame(pathSegments('/'), [''])
  t.strictSame(pathSegments('//x/'), ['', 'x', ''])
  t.equal(pathSegments('a/b'), null)
  t.equal(pathSegments(''), null)
})

t.test('the segment-array reading in the test helper agrees on plain cases', async (t) => {
  const m = segmentRouteMatcher('/p/{num}/', tests)
  t.equal(m(['p', '7', ''], null), true)
  t.equal(m(['p', '7'], null), false)
  t.equal(m(['p', '7', '', ''], null), false)
  t.equal(m(['p', '7', ''], 'x=1'), false)
})

t.test('literal segments match exactly, segment by segment', async (t) => {
  const m = compile('/shop/list')
  t.equal(m('/shop/list', null), true)
  t.equal(m('/shop/lists', null), false)
  t.equal(m('/Shop/list', null), false)
  t.equal(m('/shop/list/', null), false)
  t.equal(m('/shop', null), false)
  t.equal(m('/shop/list/x', null), false)
  t.equal(m('shop/list', null), false, 'path must start with /')
  t.equal(m('//shop/list', null), false)
})

t.test('root and trailing-slash patterns', async (t) => {
  const root = compile('/')
  t.equal(root('/', null), true)
  t.equal(root('//', null), false)
  t.equal(root('/x', null), false)
  const dir = compile('/{word}/')
  t.equal(dir('/abc/', null), true)
  t.equal(dir('/abc', null), false)
  t.equal(dir('//', null), false)
  t.equal(dir('/abc//', null), false)
})

t.test('placeholders: {name} names its type, {name:type} uses the type', async (t) => {
  const m = compile('/p/{word}/{id:num}')
  t.equal(m('/p/abc/42', null), true)
  t.equal(m('/p/ABC/42', null), false)
  t.equal(m('/p/abc/4x', null), false)
  t.equal(m('/p/abc/', null), false)
  t.equal(m('/p//42', null), false)
  const byName = compile('/{id}')
  t.equal(byName('/42', null), false, '{id} uses type id, which rejects all')
  const typed = compile('/{word:num}')
  t.equal(typed('/42', null), true)
  t.equal(typed('/abc', null), false)
})

t.test('unknown type throws, naming it', async (t) => {
  t.throws(() => compileRoutePattern('/x/{nope}'), /unknown type "nope"/)
  t.throws(() => compileRoutePattern('/x/{a:missing}'), /unknown type "missing"/)
  t.throws(() => compileRoutePattern('/x?q={bogus}'), /unknown type "bogus"/)
})

t.test('a placeholder must fill a whole segment or value', async (t) => {
  t.throws(() => compileRoutePattern('/x{word}'), /must be a whole/)
  t.throws(() => compileRoutePattern('/{word}x'), /must be a whole/)
  t.throws(() => compileRoutePattern('/{word'), /must be a whole/)
  t.throws(() => compileRoutePattern('/word}'), /must be a whole/)
  t.throws(() => compileRoutePattern('/{a:b:c}'), /must be a whole/)
  t.throws(() => compileRoutePattern('/p?q=v{num}'), /must be a whole/)
})

t.test('malformed patterns throw', async (t) => {
  t.throws(() => compileRoutePattern('shop/{word}'), /must start with \//)
  t.throws(() => compileRoutePattern('/p?a'), /must be name=value/)
  t.throws(() => compileRoutePattern('/p?=x'), /must be name=value/)
  t.throws(() => compileRoutePattern('/p?'), /must be name=value/)
  t.throws(() => compileRoutePattern('/p?a={word}&a={word}'), { message: 'route pattern /p?a={word}&a={word}: query parameter "a" is given twice' })
})

t.test('query parameters: exactly these, once each, any order', async (t) => {
  const m = compile('/p?a={num}&b={word}&mode=detail')
  t.equal(m('/p', 'a=1&b=x&mode=detail'), true)
  t.equal(m('/p', 'mode=detail&b=x&a=1'), true, 'any order')
  t.equal(m('/p', 'b=x&mode=detail&a=1'), true, 'any order')
  t.equal(m('/q', 'a=1&b=x&mode=detail'), false, 'path still matters')
  t.equal(m('/p', 'a=1&b=x'), false, 'missing param')
  t.equal(m('/p', 'a=1&b=x&mode=detail&c=2'), false, 'extra param')
  t.equal(m('/p', 'a=1&a=2&b=x&mode=detail'), false, 'duplicate, one extra')
  t.equal(m('/p', 'a=1&a=2&mode=detail'), false, 'duplicate replacing another')
  t.equal(m('/p', 'a=1&b=x&mode=details'), false, 'literal value')
  t.equal(m('/p', 'a=x&b=x&mode=detail'), false, 'typed value')
  t.equal(m('/p', 'a=&b=x&mode=detail'), false, 'empty value')
  t.equal(m('/p', 'a=1&b&mode=detail'), false, 'param without =')
  t.equal(m('/p', 'A=1&b=x&mode=detail'), false, 'names are case-sensitive')
  t.equal(m('/p', 'a=1&b=x&mode=detail&'), false, 'trailing &')
  t.equal(m('/p', 'a=1&&b=x&mode=detail'), false, 'empty pair')
  t.equal(m('/p', ''), false, 'empty query')
  t.equal(m('/p', null), false, 'no query')
})

t.test('a pattern without ? rejects any query, even an empty one', async (t) => {
  const m = compile('/p/{num}')
  t.equal(m('/p/1', null), true)
  t.equal(m('/p/1', ''), false)
  t.equal(m('/p/1', 'a=1'), false)
  t.equal(m('/p/1', '1'), false)
})

t.test('segmentCountOf: how many segments pathSegments gives', async (t) => {
  for (const path of ['/', '/a', '/a/', '/a/b/c', '//x/', '/a/b?c=/d']) {
    const q = path.indexOf('?')
    const end = q < 0 ? path.length : q
    t.equal(segmentCountOf(path, end), (pathSegments(path.slice(0, end)) as string[]).length, path)
  }
  t.equal(segmentCountOf('/a/b?c=/d'), 3, 'without an end, the whole text counts')
})

t.test('the tree: the same answers as the segment-array reading, pattern by pattern and all at once', async (t) => {
  const patterns = ['/', '/p/{num}', '/p/{word}/', '/{word}/{num}?x={num}', '/shop/list', '/p?a={num}&b={word}']
  const targets = [
    '/', '/p/1', '/p/1/', '/p/x/', '/p//', '/shop/list', '/shop/lists', '/shop/list?', '/p?a=1&b=x', '/p?b=x&a=1',
    '/p?a=1', '/abc/12?x=3', '/abc/12?x=3/4', '/abc/12', '/abc/12?', '/p/1?/x', '/abc/12?x=3&x=3', '//', '/p/1/2',
  ]
  const all = new ShapeTree(patterns.map((pattern) => parseRoutePattern(pattern, types)), null)
  const references = patterns.map((pattern) => segmentRouteMatcher(pattern, tests))
  for (const target of targets) {
    const q = target.indexOf('?')
    const end = q < 0 ? target.length : q
    const segments = pathSegments(target.slice(0, end)) as string[]
    const query = q < 0 ? null : target.slice(q + 1)
    patterns.forEach((pattern, i) => {
      t.equal(compileRoutePattern(pattern).matches(target, end), (references[i] as typeof references[0])(segments, query), `${pattern} on ${target}`)
    })
    t.equal(all.matches(target, end), references.some((reference) => reference(segments, query)), `all patterns on ${target}`)
  }
  const m = compileRoutePattern('/{word}/{num}?x={num}')
  t.equal(m.matches('/abc/12?x=3', 7), true)
  t.equal(m.matches('/abc/12', 7), false, 'the query is required')
  t.equal(compileRoutePattern('/p/{num}').matches('/p/1?', 4), false, 'an empty query is a query')
})
