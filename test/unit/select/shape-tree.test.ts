import t from 'tap'
import { parseRoutePattern } from '../../../src/select/route-pattern.js'
import { ShapeTree } from '../../../src/select/shape-tree.js'
import { segmentTypesWith, type SegmentTest } from '../../../src/select/segment-types.js'
import { pathSegments, segmentRouteMatcher } from '../../helpers/segment-route-matcher.js'
import { between, pickOne, seeded, type Random } from '../../helpers/seeded.js'

// Built-in types and a config's regular expressions, `category` among them (it keeps the reserved list).
const TYPES = segmentTypesWith(['api', 'ab'], { category: '[a-z]+', hex: '[0-9a-f]+', ab: 'a+b?', any: '.*' })
const TESTS: Record<string, SegmentTest> = Object.fromEntries(Object.entries(TYPES.byName).map(([name, type]) => [name, type.test]))
const TYPE_NAMES = Object.keys(TESTS)
const VALUES = ['a', 'b', 'ab', 'aab', '1', '12', '01', 'api', 'f0', '', 'A', 'sofa-1', 'SW1.2', '%2D']
const NAMES = ['x', 'y', 'z']

const part = (random: Random): string => (random() < 0.4 ? pickOne(random, VALUES) : `{${pickOne(random, TYPE_NAMES)}}`)

const randomPattern = (random: Random): string => {
  const path = Array.from({ length: between(random, 1, 4) }, () => part(random)).map((p) => (p.includes('?') || p.includes('&') ? 'a' : p))
  if (random() < 0.6) return `/${path.join('/')}`
  const names = NAMES.filter(() => random() < 0.6)
  if (names.length === 0) names.push('x')
  return `/${path.join('/')}?${names.map((name) => `${name}=${part(random)}`).join('&')}`
}

const randomTarget = (random: Random): string => {
  const path = `/${Array.from({ length: between(random, 1, 5) }, () => pickOne(random, VALUES)).join('/')}`
  const r = random()
  if (r < 0.4) return path
  if (r < 0.45) return `${path}?`
  const pairs = Array.from({ length: between(random, 1, 4) }, () => {
    const name = pickOne(random, [...NAMES, 'w', ''])
    return random() < 0.1 ? name : `${name}=${pickOne(random, VALUES)}`
  })
  return `${path}?${pairs.join('&')}${random() < 0.05 ? '&' : ''}`
}

/** A target after a pattern: each placeholder filled with a random value (of the type or not), the parameters in a random order. */
const targetAfter = (random: Random, pattern: string): string => {
  const fill = (p: string): string => (p.startsWith('{') ? pickOne(random, VALUES) : p)
  const [path = '', query] = pattern.split('?')
  const filled = path.split('/').map(fill).join('/')
  if (query === undefined) return filled
  const pairs = query.split('&').map((pair) => pair.split('=').map(fill).join('='))
  return `${filled}?${pairs.sort(() => random() - 0.5).join('&')}`
}

t.test('many random patterns at once: the tree answers as trying each pattern by the segment-array reading', async (t) => {
  const random = seeded(24)
  let matched = 0
  let checked = 0
  for (let round = 0; round < 60; round++) {
    const patterns = Array.from({ length: between(random, 1, 40) }, () => randomPattern(random))
    const tree = new ShapeTree(patterns.map((pattern) => parseRoutePattern(pattern, TYPES.byName)), TYPES.regexes)
    const references = patterns.map((pattern) => segmentRouteMatcher(pattern, TESTS))
    for (let i = 0; i < 200; i++) {
      const target = random() < 0.5 ? randomTarget(random) : targetAfter(random, pickOne(random, patterns))
      const q = target.indexOf('?')
      const end = q < 0 ? target.length : q
      const segments = pathSegments(target.slice(0, end)) as string[]
      const expected = references.some((reference) => reference(segments, q < 0 ? null : target.slice(q + 1)))
      checked++
      if (expected) matched++
      if (tree.matches(target, end) !== expected) t.fail(`${target} against ${JSON.stringify(patterns)}: expected ${expected}`)
    }
  }
  t.ok(matched > checked / 5, `${matched} of ${checked} targets match: the comparison is not all misses`)
})

t.test('a type is tried once per node, whatever the number of patterns after it', async (t) => {
  let calls = 0
  const counted = segmentTypesWith([], {})
  const word = { test: (v: string): boolean => (calls++, /^[a-z]+$/.test(v)), regex: -1, excluded: null }
  const patterns = Array.from({ length: 1000 }, (_, i) => parseRoutePattern(`/{w}/{w}/p${i}`, { ...counted.byName, w: word }))
  const tree = new ShapeTree(patterns, null)
  t.equal(tree.matches('/abc/def/p999', 13), true)
  t.equal(calls, 2, 'one test per segment')
  calls = 0
  t.equal(tree.matches('/abc/def/q1', 11), false)
  t.equal(calls, 2)
})

t.test('a config\'s regular expressions run once per segment, together', async (t) => {
  const types = segmentTypesWith([], { a: '[a-z]+', b: '[a-z]+[0-9]?', c: '[0-9]+' })
  const regexes = types.regexes as NonNullable<typeof types.regexes>
  const seen: string[] = []
  const counting = { ...regexes, matching: (value: string) => (seen.push(value), regexes.matching(value)) }
  const patterns = ['/{a}/{b}/x', '/{b}/{a}/y', '/{a}/{a}/z', '/{c}/{b}/x', '/{b}/{b}?q={a}&r={c}']
  const tree = new ShapeTree(patterns.map((pattern) => parseRoutePattern(pattern, types.byName)), counting)
  t.equal(tree.matches('/abc/def/z', 10), true)
  t.strictSame(seen, ['abc', 'def'])
  seen.length = 0
  t.equal(tree.matches('/abc/def?r=12&q=ghi', 8), true)
  t.strictSame(seen, ['abc', 'def', 'ghi', '12'], 'query values in the order of their names')
  seen.length = 0
  t.equal(tree.matches('/abc/def/w', 10), false)
  t.strictSame(seen, ['abc', 'def'])
})

t.test('long patterns do not run the walk out of stack: a chain is walked in a loop, a node with more than one way on parts the patterns', async (t) => {
  const word = { ...TYPES.byName.slug as NonNullable<typeof TYPES.byName.slug> }
  // a 64 KiB line holds up to 32,768 segments
  const long = new ShapeTree([parseRoutePattern(`${'/{w}'.repeat(30_000)}/z`, { w: word })], null)
  t.equal(long.matches(`${'/a'.repeat(30_000)}/z`, 60_002), true)
  // a comb: each pattern branches off the one before it

  const segments = 1000
  const patterns = Array.from({ length: 1000 }, (_, i) => `${'/a'.repeat(i)}${'/{w}'.repeat(segments - i - 1)}/z`)
  const tree = new ShapeTree(patterns.map((pattern) => parseRoutePattern(pattern, { w: word })), null)
  const path = '/a'.repeat(segments - 1)
  t.equal(tree.matches(`${path}/y`, segments * 2), false, 'every branch walked to its end')
  t.equal(tree.matches(`${path}/z`, segments * 2), true)
  t.equal(tree.matches(`${'/a'.repeat(500)}${'/bb'.repeat(segments - 501)}/z`, 500 * 2 + (segments - 501) * 3 + 2), true)
})
