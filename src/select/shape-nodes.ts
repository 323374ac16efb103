/**
 * The nodes of a shape tree (shape-tree.ts), and how route patterns are
 * added to it: patterns that begin alike share nodes; after a node, the
 * written-out segments (or query values) that follow are compared in place
 * when there are few and looked up in a map when there are more, and each
 * type that follows has one edge.
 */

import type { PatternPart, RoutePattern } from './route-pattern.js'
import type { SegmentType } from './segment-types.js'

export interface ShapeNode {
  /** The next segment or value written out, when there are few: compared in place, with the nodes after them (`textNodes`). */
  texts: string[]
  textNodes: ShapeNode[]
  /** The same, when there are more than FEW_TEXTS: text → the node after it (and `texts` is empty). */
  textMap: Map<string, ShapeNode> | null
  /** The next segment or value by its type: one edge per type. */
  typed: TypedEdge[]
  /** A pattern ends here: after its path when it has no query, after its last value when it has one. */
  ends: boolean
  /** After a path: the patterns' queries, one branch per set of parameter names. */
  queries: QueryBranch[] | null
}

export interface QueryBranch {
  /** The parameter names, in order (UTF-16 code units). */
  readonly names: readonly string[]
  /** The node before the first value. */
  readonly node: ShapeNode
}

/** Whether `b`'s first `length` names are `a`. */
export function sameNames(a: readonly string[], b: readonly string[], length = b.length): boolean {
  if (a.length !== length) return false
  for (let i = 0; i < length; i++) if (a[i] !== b[i]) return false
  return true
}

export interface TypedEdge {
  readonly type: SegmentType
  readonly child: ShapeNode
}

/** Up to this many written-out texts after a node are compared one by one; more go into a map. */
const FEW_TEXTS = 8

function newNode(): ShapeNode {
  return ({ texts: [], textNodes: [], textMap: null, typed: [], ends: false, queries: null })
}

function textChild(node: ShapeNode, text: string): ShapeNode {
  if (node.textMap !== null) {
    let child = node.textMap.get(text)
    if (child === undefined) node.textMap.set(text, (child = newNode()))
    return child
  }
  const i = node.texts.indexOf(text)
  if (i >= 0) return node.textNodes[i] as ShapeNode
  const child = newNode()
  node.texts.push(text)
  node.textNodes.push(child)
  if (node.texts.length > FEW_TEXTS) {
    node.textMap = new Map(node.texts.map((t, k) => [t, node.textNodes[k] as ShapeNode]))
    node.texts = []
    node.textNodes = []
  }
  return child
}

function childFor(node: ShapeNode, part: PatternPart): ShapeNode {
  if (part.type === null) return textChild(node, part.literal)
  let edge = node.typed.find((e) => e.type === part.type)
  if (edge === undefined) node.typed.push((edge = { type: part.type, child: newNode() }))
  return edge.child
}

/** The trees `patterns` make, by their number of path segments: those without a query and those with one. */
export function addPatterns(
  patterns: readonly RoutePattern[],
  plainRoots: (ShapeNode | undefined)[],
  queryRoots: (ShapeNode | undefined)[],
): { maxPath: number; maxParameters: number } {
  let maxPath = 0
  let maxParameters = 0
  for (const { path, query } of patterns) {
    let node = ((query === null ? plainRoots : queryRoots)[path.length] ??= newNode())
    for (const part of path) node = childFor(node, part)
    maxPath = Math.max(maxPath, path.length)
    if (query === null) {
      node.ends = true
      continue
    }
    maxParameters = Math.max(maxParameters, query.length)
    const names = query.map((p) => p.name)
    node.queries ??= []
    let branch = node.queries.find((b) => sameNames(b.names, names))
    if (branch === undefined) node.queries.push((branch = { names, node: newNode() }))
    let values = branch.node
    for (const { part } of query) values = childFor(values, part)
    values.ends = true
  }
  return { maxPath, maxParameters }
}
