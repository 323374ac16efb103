/**
 * The nodes of a shape tree and how route patterns are added to it
 * (src/select/shape-nodes.ts): one tree per number of path segments, with
 * and without a query; patterns that begin alike share nodes; few texts
 * after a node are kept in a list, more in a map; one edge per type.
 */

import t from 'tap'
import { parseRoutePattern } from '../../../src/select/route-pattern.js'
import { builtInType, type SegmentType } from '../../../src/select/segment-types.js'
import { addPatterns, sameNames, type ShapeNode } from '../../../src/select/shape-nodes.js'

const num = builtInType((value) => /^[0-9]+$/.test(value))
const word = builtInType((value) => /^[a-z]+$/.test(value))
const TYPES: Record<string, SegmentType> = { num, word }

const added = (patterns: string[]) => {
  const plain: (ShapeNode | undefined)[] = []
  const withQuery: (ShapeNode | undefined)[] = []
  const most = addPatterns(patterns.map((pattern) => parseRoutePattern(pattern, TYPES)), plain, withQuery)
  return { plain, withQuery, most }
}

/** The node after the written-out `text`, in a list or a map. */
const after = (node: ShapeNode | undefined, text: string): ShapeNode | undefined =>
  node?.textMap?.get(text) ?? node?.textNodes[node.texts.indexOf(text)]

t.test('sameNames: whether the first `length` names of b are a', async (t) => {
  t.equal(sameNames(['a', 'b'], ['a', 'b']), true)
  t.equal(sameNames(['a', 'b'], ['a', 'c']), false)
  t.equal(sameNames(['a'], ['a', 'b']), false)
  t.equal(sameNames(['a'], ['a', 'b'], 1), true)
  t.equal(sameNames([], ['a'], 0), true)
})

t.test('a tree per number of segments; patterns that begin alike share their nodes', async (t) => {
  const { plain, withQuery, most } = added(['/moebel/{id:num}', '/moebel/sofas', '/kontakt', '/moebel/{id:num}/{slug:word}'])
  t.strictSame(most, { maxPath: 3, maxParameters: 0 })
  t.strictSame(plain.map((root) => root !== undefined), [false, true, true, true])
  t.strictSame(withQuery, [])
  const two = plain[2]
  t.strictSame(two?.texts, ['moebel'])
  const moebel = after(two, 'moebel')
  t.strictSame(moebel?.texts, ['sofas'])
  t.equal(moebel?.typed.length, 1)
  t.equal(moebel?.typed[0]?.type, num)
  t.equal(moebel?.typed[0]?.child.ends, true)
  t.equal(after(moebel, 'sofas')?.ends, true)
  t.equal(moebel?.ends, false)
  t.equal(after(plain[1], 'kontakt')?.ends, true)
})

t.test('one edge per type after a node', async (t) => {
  const { plain } = added(['/a/{x:num}', '/a/{y:num}/b', '/a/{w:word}'])
  const a2 = after(plain[2], 'a')
  t.strictSame(a2?.typed.map((edge) => edge.type), [num, word], '{x:num} and {y:num} share the edge of num')
  t.strictSame(after(plain[3], 'a')?.typed.map((edge) => edge.type), [num])
})

t.test('up to 8 texts after a node are kept in a list; the ninth moves them all into a map', async (t) => {
  const eight = added(Array.from({ length: 8 }, (_, i) => `/p${i}`)).plain[1]
  t.strictSame(eight?.texts, ['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7'])
  t.equal(eight?.textMap, null)
  const nine = added([...Array.from({ length: 9 }, (_, i) => `/p${i}`), '/p3']).plain[1]
  t.strictSame(nine?.texts, [])
  t.strictSame(nine?.textNodes, [])
  t.strictSame([...(nine?.textMap?.keys() ?? [])], ['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8'])
  t.ok([...(nine?.textMap?.values() ?? [])].every((node) => node.ends))
  const more = added(Array.from({ length: 12 }, (_, i) => `/p${i}/x`)).plain[2]
  t.equal(more?.textMap?.size, 12, 'texts after the map was made go into it')
  t.equal(after(after(more, 'p11'), 'x')?.ends, true)
})

t.test('queries: after the path, a branch per set of names, the values after it', async (t) => {
  const { plain, withQuery, most } = added(['/anfrage?sOrdernumber={n:num}&sInquiry=detail', '/anfrage?sInquiry=basket&sOrdernumber={n:num}', '/anfrage?q={w:word}', '/anfrage'])
  t.strictSame(most, { maxPath: 1, maxParameters: 2 })
  const path = after(withQuery[1], 'anfrage')
  t.strictSame(path?.queries?.map((branch) => branch.names), [['sInquiry', 'sOrdernumber'], ['q']], 'names sorted; one branch for the same names')
  const values = path?.queries?.[0]?.node
  t.strictSame(values?.texts, ['detail', 'basket'])
  t.equal(after(values, 'detail')?.typed[0]?.child.ends, true)
  t.equal(path?.ends, false, 'the path alone ends in the tree without a query')
  t.equal(after(plain[1], 'anfrage')?.ends, true)
})
