/**
 * A text log format is a list of literals and fields. It is compiled once
 * into a fixed list of steps that each consume one piece of the line (a
 * field takes the literal after it too where it can), which line-code.ts
 * writes out as one function, so no line ever re-reads the format.
 */

import { lineParserCode } from './line-code.js'
import type { Anchor, FieldToken, Follow, FormatToken, LineParser, LinePlan, LogFormat, Step } from './line-plan.js'
import { BRACKET, BRACKET_CLOSE, DASH, QUOTE } from '../../text/chars.js'

/** Two fields follow each other with nothing that tells where the first ends. */
export class AdjacentFieldsError extends Error {
  constructor(readonly first: string, readonly second: string) {
    super(`fields ${first} and ${second} need a literal between them`)
  }
}

/** What must come after a delimited field: its literal, the opening char of a delimited field, or anything. */
function followOf(next: FormatToken | undefined, trailing: boolean): Follow {
  if (next === undefined) return { kind: 'end', orSpace: trailing }
  if (next.kind === 'literal') return next
  if (next.quoting === 'quoted') return { kind: 'literal', text: '"' }
  if (next.quoting === 'bracketed') return { kind: 'literal', text: '[' }
  return { kind: 'any' }
}

/** The literal after a field and the fields glued to it, or null at the end of the format. */
function stopLiteral(tokens: readonly FormatToken[], index: number): string | null {
  let k = index + 1
  while (tokens[k]?.kind === 'field') k++
  const literal = tokens[k]
  return literal?.kind === 'literal' ? literal.text : null
}

/** Whether the end of `field` is clear when `next` follows it with no literal between. */
function canTouch(field: FieldToken, next: FieldToken): boolean {
  if (field.quoting !== 'bare') return true
  const a = field.extent
  const b = next.extent
  if (next.quoting !== 'bare') return a.type === 'shape' || a.type === 'path'
  switch (a.type) {
    case 'shape': return a.selfDelimiting
    case 'path': return b.type === 'query' || b.type === 'isArgs' || b.type === 'args'
    case 'isArgs': return b.type === 'args'
    default: return false
  }
}

/**
 * Whether the step of a field also takes the literal after it (one step less
 * per literal). A bare field already stops at that literal, and a quoted or
 * bracketed one checks that it follows, so it costs nothing more.
 */
function takesLiteral(token: FieldToken): boolean {
  return token.quoting !== 'bare' || token.extent.type === 'toNext' || token.extent.type === 'shape'
}

/** A quoted field starts with its quote or, one a record can do without, is a bare `-`. */
function startsQuoted(field: FieldToken): Anchor {
  return function quoteFollows(line, at) {
    const c = line.charCodeAt(at)
    return c === QUOTE || (field.canBeEmpty && c === DASH)
  }
}

/** A bracketed field starts with its `[` and has its `]` later. */
function startsBracketed(line: string, at: number): boolean {
  return line.charCodeAt(at) === BRACKET && line.indexOf(']', at + 1) > at
}

/**
 * A field of a shape (a time): it is there (within `[` and `]` when
 * bracketed), followed by `then` when given, and then by `next` when it is a
 * quoted field. A client cannot write an unescaped quote, so `] "` after a
 * time is the server's own.
 */
function shapeAnchor(consume: (line: string, pos: number) => number, bracketed: boolean, then: string | null, quoted: Anchor | null): Anchor {
  return function shapeFollows(line, at) {
    if (bracketed && line.charCodeAt(at) !== BRACKET) return false
    let end = consume(line, bracketed ? at + 1 : at)
    if (end < 0) return false
    if (bracketed) {
      if (line.charCodeAt(end) !== BRACKET_CLOSE) return false
      end++
    }
    if (then === null) return true
    return line.startsWith(then, end) && (quoted === null || quoted(line, end + then.length))
  }
}

/**
 * How the field after the literal that ends the bare field at `index` must
 * start (see Anchor), or null when it tells nothing (another bare field, a
 * path) or the bare field's stop is not the literal right after it.
 */
function anchorAfter(tokens: readonly FormatToken[], index: number): Anchor | null {
  const literal = tokens[index + 1]
  const next = tokens[index + 2]
  if (literal?.kind !== 'literal' || next?.kind !== 'field') return null
  if (next.quoting === 'quoted') return startsQuoted(next)
  const { extent } = next
  if (extent.type !== 'shape') return next.quoting === 'bracketed' ? startsBracketed : null
  const after = tokens[index + 3]
  const then = after?.kind === 'literal' ? after.text : null
  const beyond = tokens[index + 4]
  return shapeAnchor(extent.consume, next.quoting === 'bracketed', then, then !== null && beyond?.kind === 'field' && beyond.quoting === 'quoted' ? startsQuoted(beyond) : null)
}

/** `then`: the literal after the field, when its step is to consume it too; null when it is a step of its own. */
function fieldStep(tokens: readonly FormatToken[], i: number, token: FieldToken, trailing: boolean, then: string | null, anchored: boolean): Step {
  const next = tokens[i + 1]
  if (next?.kind === 'field' && !canTouch(token, next)) throw new AdjacentFieldsError(token.label, next.label)
  const { slot, canBeEmpty } = token
  if (token.quoting === 'quoted') return { kind: 'quoted', slot, follow: followOf(next, trailing), then, canBeEmpty, cutOff: canBeEmpty && next === undefined }
  if (token.quoting === 'bracketed') return { kind: 'bracketed', slot, follow: followOf(next, trailing), then }
  const stop = stopLiteral(tokens, i)
  const extent = token.extent
  switch (extent.type) {
    case 'toNext': return { kind: 'toNext', slot, canBeEmpty, stop, then, anchor: anchored ? anchorAfter(tokens, i) : null }
    case 'shape': return { kind: 'shape', slot, consume: extent.consume, then }
    case 'path': return { kind: 'path', slot, stop, dashIsArgs: extent.dashIsArgs }
    case 'query': return { kind: 'query', slot, stop }
    case 'isArgs': return { kind: 'isArgs', slot }
    case 'args': {
      const before = tokens[i - 1]
      return { kind: 'args', slot, stop, afterPath: before?.kind === 'field' && before.extent.type === 'path' }
    }
  }
}

/** The steps of a format; `anchored`: bare fields end at their anchored stop (see Anchor). */
function planOf(format: LogFormat, anchored: boolean): LinePlan {
  const { tokens, trailing } = format
  const optionalFrom = format.optionalFrom ?? -1
  // A literal is taken by the step of the field before it where it can be,
  // but not the one the optional part starts with: the line may end before it.
  const steps: Step[] = []
  let optionalStep = -1
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as FormatToken
    if (i === optionalFrom) optionalStep = steps.length
    if (token.kind === 'literal') {
      steps.push(token)
      continue
    }
    const next = tokens[i + 1]
    const then = next?.kind === 'literal' && i + 1 !== optionalFrom && takesLiteral(token) ? next.text : null
    steps.push(fieldStep(tokens, i, token, trailing, then, anchored))
    if (then !== null) i++
  }
  return { steps, optionalStep: optionalStep < 0 ? steps.length : optionalStep, trailing }
}

/** Compiles a format; throws AdjacentFieldsError when two fields cannot be told apart. */
export function compileFormat(format: LogFormat): LineParser {
  return compiled(format, false) as LineParser
}

/**
 * The format compiled with its bare fields anchored (see Anchor): the
 * parser of the lines the plain one cannot read because a client wrote a
 * stop literal into such a field; null for a format without such a field.
 * Only a line no plain parser reads goes to it (source/log-lines.ts), so a
 * line that fits another format as it stands (a vhost prefix) is read by that.
 */
export function compileAnchoredFormat(format: LogFormat): LineParser | null {
  return compiled(format, true)
}

/** The parser of a format, plain or anchored; an anchored one of a format with nothing to anchor is null. */
function compiled(format: LogFormat, anchored: boolean): LineParser | null {
  const { tokens, trailing } = format
  const optionalFrom = format.optionalFrom ?? -1
  const before = tokens[optionalFrom - 1]
  if (optionalFrom >= 0 && !(before?.kind === 'field' && before.quoting === 'bare' && before.extent.type === 'shape')) {
    // The field before the optional part looks past it: read the short form with its own parser.
    const short = compiled({ name: format.name, tokens: tokens.slice(0, optionalFrom), trailing: false }, anchored)
    const full = compiled({ name: format.name, tokens, trailing }, anchored)
    if (short === null || full === null) return short ?? full
    return (line) => full(line) ?? short(line)
  }
  const plan = planOf(format, anchored)
  if (anchored && !plan.steps.some((step) => step.kind === 'toNext' && step.anchor !== null)) return null
  return lineParserCode(plan)
}
