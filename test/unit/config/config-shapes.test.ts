import t from 'tap'
import { shapeSettings } from '../../../src/config/config-shapes.js'
import { RESERVED_SEGMENTS } from '../../../src/select/segment-types.js'
import { DEFAULT_SHAPES, DEFAULT_SHAPE_SETTINGS, defaultRowRule, hasListedShape, shapeRowRule, type RowRule } from '../../../src/select/shapes.js'
import { pathAndQuery } from '../../../src/text/url.js'
import { pathSegments } from '../../helpers/segment-route-matcher.js'

const listed = (rule: RowRule, targets: string[]): string[] => targets.filter((target) => hasListedShape(rule, target))

const TARGETS = [
  '/moebel/', '/api/', '/12/', '/moebel/12/sofa', '/moebel/sofas/4711/sofa?c=12', '/anfrage?sInquiry=detail&sOrdernumber=SW1',
  '/forms/index/id/5', '/robots.txt', '/sitemap_index.xml', '/p/SW10001', '/p/SW10001x', '/blog/', '/Moebel/', '/moebel/x/',
]

t.test('no shapes key: the documented defaults, exactly as before', async (t) => {
  const result = shapeSettings(undefined)
  t.strictSame(result, { ok: true, settings: DEFAULT_SHAPE_SETTINGS })
  t.equal(DEFAULT_SHAPE_SETTINGS.patterns, DEFAULT_SHAPES)
  t.equal(DEFAULT_SHAPE_SETTINGS.reserved, RESERVED_SEGMENTS)
  t.strictSame(listed(shapeRowRule(DEFAULT_SHAPE_SETTINGS), TARGETS), listed(defaultRowRule(), TARGETS))
  t.strictSame(listed(defaultRowRule(), TARGETS), [
    '/moebel/', '/moebel/12/sofa', '/moebel/sofas/4711/sofa?c=12', '/anfrage?sInquiry=detail&sOrdernumber=SW1',
    '/forms/index/id/5', '/robots.txt', '/sitemap_index.xml',
  ])
})

t.test('patterns, new segment types and the reserved list, each on its own', async (t) => {
  const patterns = shapeSettings({ patterns: ['/p/{sku}', '/{category}/'], segmentTypes: { sku: 'SW[0-9]+' } })
  t.ok(patterns.ok)
  if (!patterns.ok) return
  t.strictSame(patterns.settings.reserved, RESERVED_SEGMENTS, 'reserved keeps its default')
  t.strictSame(listed(shapeRowRule(patterns.settings), TARGETS), ['/moebel/', '/p/SW10001'], 'a type matches the whole segment')

  const reserved = shapeSettings({ reserved: ['moebel'] })
  t.ok(reserved.ok)
  if (!reserved.ok) return
  t.strictSame(listed(shapeRowRule(reserved.settings), ['/moebel/', '/api/', '/blog/']), ['/api/', '/blog/'], 'the list replaces the default one')
})

t.test('a replaced category type still never matches a reserved segment', async (t) => {
  const result = shapeSettings({ patterns: ['/{category}/'], segmentTypes: { category: '[A-Za-z]+' } })
  t.ok(result.ok)
  if (!result.ok) return
  t.strictSame(listed(shapeRowRule(result.settings), ['/Moebel/', '/moebel/', '/api/', '/12/']), ['/Moebel/', '/moebel/'])
})

t.test('type names like constructor are just names', async (t) => {
  const result = shapeSettings({ patterns: ['/{x:constructor}/'], segmentTypes: { constructor: 'c[0-9]' } })
  t.ok(result.ok)
  if (!result.ok) return
  t.strictSame(listed(shapeRowRule(result.settings), ['/c1/', '/x/']), ['/c1/'])
  const unknown = shapeSettings({ patterns: ['/{x:toString}/'] })
  t.notOk(unknown.ok, 'an inherited name is not a type')
})

t.test('a bad pattern or expression names it', async (t) => {
  t.strictSame(shapeSettings({ patterns: ['/{category}/', '/{article:integer}'] }), {
    ok: false,
    problems: ['/shapes/patterns/1: route pattern /{article:integer}: unknown type "integer" (known: category, int, slug, ordernumber)'],
  })
  t.strictSame(shapeSettings({ patterns: ['moebel/'] }), { ok: false, problems: ['/shapes/patterns/0: route pattern moebel/: must start with /'] })
  t.strictSame(shapeSettings({ patterns: ['/x?a={int}&a={int}'] }), {
    ok: false, problems: ['/shapes/patterns/0: route pattern /x?a={int}&a={int}: query parameter "a" is given twice'],
  })
  t.strictSame(shapeSettings({ segmentTypes: { sku: 'SW[0-9', ok: 'x', bad: '(' } }), {
    ok: false,
    problems: [
      '/shapes/segmentTypes/sku must be a regular expression: unterminated character class (got "SW[0-9")',
      '/shapes/segmentTypes/bad must be a regular expression: unterminated group (got "(")',
    ],
  })
})

t.test('pathSegments and pathAndQuery are what the shapes see', async (t) => {
  t.strictSame(pathSegments(pathAndQuery('http://shop.example/p/SW1?x').path), ['p', 'SW1'])
})

t.test('a segment type must be a regular expression by itself, and one RE2 can run in linear time', async (t) => {
  const problems = (source: string): string[] => {
    const result = shapeSettings({ segmentTypes: { sku: source } })
    return result.ok ? [] : result.problems
  }
  // Wrapped as ^(?:…)$ by text, this one closed the group and listed any segment at all.
  t.strictSame(problems('SW[0-9]+)|(.*'), [`/shapes/segmentTypes/sku must be a regular expression: unmatched ')' (got "SW[0-9]+)|(.*")`])
  t.strictSame(problems('x\\'), ['/shapes/segmentTypes/sku must be a regular expression: \\ at end of pattern (got "x\\\\")'])
  const RE2 = '/shapes/segmentTypes/sku must be a regular expression that runs in linear time (RE2 syntax)'
  t.strictSame(problems('(SW)[0-9]+\\1'), [`${RE2}: backreferences such as \\1 are not supported (got "(SW)[0-9]+\\\\1")`])
  t.strictSame(problems('(?<p>SW)\\k<p>'), [`${RE2}: backreferences such as \\k are not supported (got "(?<p>SW)\\\\k<p>")`])
  t.strictSame(problems('(?=SW)[A-Z0-9]+'), [`${RE2}: lookahead such as (?= is not supported (got "(?=SW)[A-Z0-9]+")`])
  t.strictSame(problems('(?!SW)[A-Z0-9]+'), [`${RE2}: lookahead such as (?! is not supported (got "(?!SW)[A-Z0-9]+")`])
  t.strictSame(problems('[0-9]+(?<=0)'), [`${RE2}: lookbehind such as (?<= is not supported (got "[0-9]+(?<=0)")`])
  t.strictSame(problems('[a-z]+(?<!x)'), [`${RE2}: lookbehind such as (?<! is not supported (got "[a-z]+(?<!x)")`])
  t.strictSame(problems('caf\\u00e9'), [`${RE2}: invalid escape sequence \\u (got "caf\\\\u00e9")`])
  t.strictSame(problems('x{1001}'), [`${RE2}: invalid repeat count {1001} (got "x{1001}")`])
  t.strictSame(problems('(a+)+$'), [], 'a pattern that backtracks is fine: RE2 does not backtrack')
  t.strictSame(problems('(?<sku>SW[0-9]+)'), [], 'a named group is fine')
})

t.test('a segment type that backtracks catastrophically matches a long segment in linear time', async (t) => {
  const result = shapeSettings({ patterns: ['/p/{evil}', '/q/{worse}'], segmentTypes: { evil: '(a+)+$', worse: '(x+x+)+y' } })
  t.ok(result.ok)
  if (!result.ok) return
  const rule = shapeRowRule(result.settings)
  const long = 'a'.repeat(60_000)
  // segments up to 60,000 characters: a backtracking engine would take longer than the universe (and the suite's timeout)
  t.strictSame(listed(rule, [`/p/${long}b`, `/p/${long}`, `/q/${'x'.repeat(60_000)}`, '/q/xxy', '/p/ab']), [`/p/${long}`, '/q/xxy'])
})

t.test('a segment type matches the whole segment: RE2 anchors it, the pattern cannot undo that', async (t) => {
  const result = shapeSettings({ patterns: ['/p/{sku}'], segmentTypes: { sku: 'SW1|SW2|^x|y$' } })
  t.ok(result.ok)
  if (!result.ok) return
  t.strictSame(listed(shapeRowRule(result.settings), ['/p/SW1', '/p/SW2', '/p/SW12', '/p/xSW1', '/p/SW2y', '/p/x', '/p/y', '/p/xy']),
    ['/p/SW1', '/p/SW2', '/p/x', '/p/y'])
})
