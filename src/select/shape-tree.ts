/**
 * The route patterns merged into one tree, so that a request target is
 * matched in one walk whatever the number of patterns: patterns that begin
 * alike share their first nodes, a written-out segment is found by a
 * look-up however many siblings it has, and a type is tried once per node
 * however many patterns go on from it (shape-nodes.ts). A config's regular
 * expressions run at most once per segment, all together (regex-types.ts).
 *
 * A tree has a root per segment count: a path can only match patterns with
 * as many segments. Patterns with a query have trees of their own, for
 * targets with one; below a path's last segment there come the queries, by
 * their parameter names, and a query's values are taken in the order of
 * their names, so the parameters may come in any order.
 */

import type { RegexSet } from './regex-types.js'
import { segmentCountOf, type RoutePattern } from './route-pattern.js'
import type { SegmentType } from './segment-types.js'
import { addPatterns, sameNames, type ShapeNode, type TypedEdge } from './shape-nodes.js'

/** The stamps count targets; this far, they start again (after the memos are cleared). */
const LAST_STAMP = 0x7fffffff

export class ShapeTree {
  /** The trees of the patterns without a query, by their number of path segments (index). */
  private readonly plainRoots: (ShapeNode | undefined)[] = []
  /** The same of the patterns with a query. */
  private readonly queryRoots: (ShapeNode | undefined)[] = []
  private readonly regexes: RegexSet | null
  private readonly regexCount: number
  /** The most query parameters of any pattern. The levels a walk can reach: the most segments of any pattern, then this many values. */
  private readonly maxParameters: number

  // The target being matched. A level is a path segment (0 to count - 1), then a query value (count on).
  private target = ''
  private pathEnd = 0
  private count = 0
  private stamp = 0
  /** Whether the target's query has been read (readQuery). */
  private queryRead = false
  /** The number of the target's query parameters, once read; -1 when no pattern can match its query. */
  private queryLength = 0
  /** The target's query parameter names, in order, as far as read. */
  private readonly names: string[] = []
  /** The target's query values, in the order of their names, once read. */
  private readonly values: string[] = []
  /** Level × regular expression → 1 when it matches the value there, valid when the level's stamp is the target's. */
  private readonly hits: Uint8Array
  private readonly hitStamps: Int32Array

  constructor(patterns: readonly RoutePattern[], regexes: RegexSet | null) {
    const { maxPath, maxParameters } = addPatterns(patterns, this.plainRoots, this.queryRoots)
    this.regexes = regexes
    this.regexCount = regexes?.size ?? 0
    this.maxParameters = maxParameters
    const levels = maxPath + maxParameters
    this.hitStamps = new Int32Array(levels)
    this.hits = new Uint8Array(levels * this.regexCount)
  }

  /**
   * Does a target as logged (`/path?query`, no scheme or host) have one of
   * the shapes? Its path ends at `pathEnd` (the `?` or the end).
   */
  matches(target: string, pathEnd: number): boolean {
    const count = segmentCountOf(target, pathEnd)
    const root = (pathEnd === target.length ? this.plainRoots : this.queryRoots)[count]
    if (root === undefined) return false
    this.target = target
    this.pathEnd = pathEnd
    this.count = count
    this.queryRead = false
    if (++this.stamp === LAST_STAMP) {
      this.hitStamps.fill(0)
      this.stamp = 1
    }
    return this.walkPath(root, 0, 1)
  }

  // The walks go on in a loop while one node comes next, and call themselves
  // only for a node after which more than one does. Each such node parts the
  // patterns below it, so the calls nest at most as deep as there are
  // patterns, however long a pattern is.

  /** Whether a pattern goes on from `node` to the end: the path segment at `level` starts at `start`. */
  private walkPath(node: ShapeNode, level: number, start: number): boolean {
    const { target, pathEnd, count } = this
    for (;;) {
      if (level === count) return this.atPathEnd(node)
      let end = target.indexOf('/', start)
      if (end < 0 || end > pathEnd) end = pathEnd
      let next: ShapeNode | undefined
      const { texts, typed } = node
      for (let i = 0; i < texts.length; i++) {
        const text = texts[i] as string
        if (text.length === end - start && target.startsWith(text, start)) {
          next = node.textNodes[i]
          break
        }
      }
      if (node.textMap !== null || typed.length > 0) {
        const value = target.slice(start, end)
        next ??= node.textMap?.get(value)
        for (let i = 0; i < typed.length; i++) {
          const edge = typed[i] as TypedEdge
          if (!this.hasType(edge.type, level, value)) continue
          if (next !== undefined && this.walkPath(next, level + 1, end + 1)) return true
          next = edge.child
        }
      }
      if (next === undefined) return false
      node = next
      level++
      start = end + 1
    }
  }

  /** At the end of the path: a pattern without a query ends here, or one with the target's parameters goes on. */
  private atPathEnd(node: ShapeNode): boolean {
    if (this.pathEnd === this.target.length) return node.ends
    if (node.queries === null) return false
    if (!this.queryRead) this.readQuery()
    for (const branch of node.queries) {
      // the names of the branches differ: one at most is the target's
      if (sameNames(branch.names, this.names, this.queryLength)) return this.walkValues(branch.node, 0)
    }
    return false
  }

  /** Whether a pattern goes on from `node` to its end: the query value to match is the `k`-th by name. */
  private walkValues(node: ShapeNode, k: number): boolean {
    for (;;) {
      if (k === this.queryLength) return node.ends
      const value = this.values[k] as string
      const at = this.count + k
      const i = node.texts.indexOf(value)
      let next = i >= 0 ? node.textNodes[i] : node.textMap?.get(value)
      const { typed } = node
      for (let j = 0; j < typed.length; j++) {
        const edge = typed[j] as TypedEdge
        if (!this.hasType(edge.type, at, value)) continue
        if (next !== undefined && this.walkValues(next, k + 1)) return true
        next = edge.child
      }
      if (next === undefined) return false
      node = next
      k++
    }
  }

  private hasType(type: SegmentType, at: number, value: string): boolean {
    if (type.regex < 0) return type.test(value)
    if (this.hitStamps[at] !== this.stamp) this.runRegexes(at, value)
    return this.hits[at * this.regexCount + type.regex] === 1 && (type.excluded === null || !type.excluded.has(value))
  }

  /** All of the config's regular expressions on the value at a level, in one pass. */
  private runRegexes(at: number, value: string): void {
    const row = at * this.regexCount
    this.hits.fill(0, row, row + this.regexCount)
    for (const index of (this.regexes as RegexSet).matching(value)) this.hits[row + index] = 1
    this.hitStamps[at] = this.stamp
  }

  /**
   * Reads the target's query once: its parameter names in order, with their
   * values put at the levels after the path. (A name given twice is in the
   * list twice, so no pattern's names are the same.) The length is -1 when no
   * pattern can match the query: a part without `=`, or more parameters than
   * any pattern has.
   */
  private readQuery(): void {
    this.queryRead = true
    this.queryLength = -1
    const { target, names, values } = this
    let n = 0
    for (let from = this.pathEnd + 1; ;) {
      let to = target.indexOf('&', from)
      if (to < 0) to = target.length
      const eq = target.indexOf('=', from)
      if (eq < 0 || eq > to || n === this.maxParameters) return
      // insertion by name: queries are short
      const name = target.slice(from, eq)
      let k = n++
      for (; k > 0 && (names[k - 1] as string) > name; k--) {
        names[k] = names[k - 1] as string
        values[k] = values[k - 1] as string
      }
      names[k] = name
      values[k] = target.slice(eq + 1, to)
      if (to === target.length) break
      from = to + 1
    }
    this.queryLength = n
  }


}
