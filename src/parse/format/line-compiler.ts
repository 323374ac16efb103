/**
 * A text log format is a list of literals and fields. It is compiled once
 * into a line parser: a fixed chain of small steps that each consume one
 * piece of the line, so no line ever re-reads the format. A field's text
 * goes to its slot in the output array; fields nobody reads (slot -1) are
 * passed over without copying.
 */

import { lineParserCode } from './line-code.js'
import type { CompileMode, FieldToken, FormatToken, LineParser, LogFormat, PlannedStep, Slots, Step } from './line-plan.js'

/** Two fields follow each other with nothing that tells where the first ends. */
export class AdjacentFieldsError extends Error {
  constructor(readonly first: string, readonly second: string) {
    super(`fields ${first} and ${second} need a literal between them`)
  }
}


/** Does the rest of the line, from `pos`, begin with what follows the field? */
type Follows = (line: string, pos: number) => boolean

const literalStep = (text: string): Step =>
  text.length === 1
    ? (line, pos) => (line.charCodeAt(pos) === text.charCodeAt(0) ? pos + 1 : -1)
    : (line, pos) => (line.startsWith(text, pos) ? pos + text.length : -1)

/** What must come after a token: its literal, the opening char of a delimited field, or anything. */
const followsFor = (next: FormatToken | undefined, trailing: boolean): Follows => {
  if (next === undefined) {
    if (trailing) return (line, pos) => pos === line.length || line.charCodeAt(pos) === 0x20
    return (line, pos) => pos === line.length
  }
  if (next.kind === 'literal') {
    const text = next.text
    if (text.length === 1) {
      const code = text.charCodeAt(0)
      return (line, pos) => line.charCodeAt(pos) === code
    }
    return (line, pos) => line.startsWith(text, pos)
  }
  if (next.quoting === 'quoted') return (line, pos) => line.charCodeAt(pos) === 0x22
  if (next.quoting === 'bracketed') return (line, pos) => line.charCodeAt(pos) === 0x5b
  return () => true
}

const store = (slot: number, out: Slots, line: string, start: number, end: number): void => {
  if (slot >= 0) out[slot] = line.slice(start, end)
}

/** Where the text a field may use ends: the next literal after `index` and any fields glued to it. */
type StopAt = (line: string, pos: number) => number

/** The literal after a field and the fields glued to it, or null at the end of the format. */
const stopLiteral = (tokens: readonly FormatToken[], index: number): string | null => {
  let k = index + 1
  while (tokens[k]?.kind === 'field') k++
  const literal = tokens[k]
  return literal?.kind === 'literal' ? literal.text : null
}

const stopFor = (tokens: readonly FormatToken[], index: number, trailing: boolean): StopAt => {
  const text = stopLiteral(tokens, index)
  if (text !== null) return (line, pos) => line.indexOf(text, pos)
  if (trailing) {
    return (line, pos) => {
      const space = line.indexOf(' ', pos)
      return space < 0 ? line.length : space
    }
  }
  return (line) => line.length
}

/**
 * `then`: the literal right after the field, consumed by the same step (one
 * call less per literal). A bare field already stops at that literal, and a
 * quoted or bracketed one checks that it follows, so it costs nothing more.
 */
const bareStep = (token: FieldToken, stop: StopAt, literal: string | null, then: string | null): Step => {
  const { slot, canBeEmpty } = token
  const skip = then === null ? 0 : then.length
  if (literal !== null && slot >= 0 && !canBeEmpty) {
    // the common case (an address before ` - `), without the indirection
    return (line, pos, out) => {
      const end = line.indexOf(literal, pos)
      if (end <= pos) return -1
      out[slot] = line.slice(pos, end)
      return end + skip
    }
  }
  return (line, pos, out) => {
    const end = stop(line, pos)
    if (end < pos || (end === pos && !canBeEmpty)) return -1
    store(slot, out, line, pos, end)
    return end + skip
  }
}

const shapeStep = (token: FieldToken, consume: (line: string, pos: number) => number, then: string | null): Step => {
  const follows = then === null ? null : followsFor({ kind: 'literal', text: then }, false)
  const skip = then === null ? 0 : then.length
  return (line, pos, out) => {
    const end = consume(line, pos)
    if (end < 0 || (follows !== null && !follows(line, end))) return -1
    store(token.slot, out, line, pos, end)
    return end + skip
  }
}

const pathStep = (token: FieldToken, stop: StopAt, dashIsArgs: boolean): Step =>
  (line, pos, out) => {
    const limit = stop(line, pos)
    if (limit < 0) return -1
    const question = line.indexOf('?', pos)
    let end = question >= 0 && question < limit ? question : limit
    if (end === limit && dashIsArgs && end - 1 > pos && line.charCodeAt(end - 1) === 0x2d) end--
    if (end === pos) return -1
    store(token.slot, out, line, pos, end)
    return end
  }

const queryStep = (token: FieldToken, stop: StopAt): Step =>
  (line, pos, out) => {
    if (line.charCodeAt(pos) !== 0x3f) {
      store(token.slot, out, line, pos, pos)
      return pos
    }
    const end = stop(line, pos)
    if (end < pos) return -1
    store(token.slot, out, line, pos, end)
    return end
  }

const isArgsStep = (token: FieldToken): Step =>
  (line, pos, out) => {
    const end = line.charCodeAt(pos) === 0x3f ? pos + 1 : pos
    store(token.slot, out, line, pos, end)
    return end
  }

const argsStep = (token: FieldToken, stop: StopAt, afterPath: boolean): Step =>
  (line, pos, out) => {
    const start = afterPath && line.charCodeAt(pos) === 0x3f ? pos + 1 : pos
    const end = stop(line, start)
    if (end < start) return -1
    store(token.slot, out, line, start, end)
    return end
  }

const bracketedStep = (token: FieldToken, follows: Follows, then: string | null): Step => {
  const skip = then === null ? 1 : 1 + then.length
  return (line, pos, out) => {
    if (line.charCodeAt(pos) !== 0x5b) return -1
    const end = line.indexOf(']', pos + 1)
    if (end < 0 || !follows(line, end + 1)) return -1
    store(token.slot, out, line, pos + 1, end)
    return end + skip
  }
}

/**
 * A quoted field ends at the first unescaped `"` that is followed by what the
 * format expects next, so an unescaped quote inside a value (a server that
 * does not escape) does not cut the field short.
 *
 * A field a record can do without (not the client, time, request or status)
 * is also read in two shapes servers write outside the format:
 * - a bare `-` without quotes: Traefik writes an unset Referer or User-Agent so;
 * - when it is the last field of the format, a value whose closing quote never
 *   came (a line cut off by a crash or a full disk): it takes the rest of the
 *   line. Only when no unescaped `"` follows the opening one: a line with
 *   text after a closed last field is not in the format, and not cut off.
 */
const quotedStep = (token: FieldToken, follows: Follows, then: string | null, last: boolean): Step => {
  const skip = then === null ? 1 : 1 + then.length
  const { slot, canBeEmpty } = token
  const readsCutOff = last && canBeEmpty
  return (line, pos, out) => {
    if (line.charCodeAt(pos) !== 0x22) {
      if (!canBeEmpty || line.charCodeAt(pos) !== 0x2d || !follows(line, pos + 1)) return -1
      store(slot, out, line, pos, pos + 1)
      return pos + skip
    }
    let closed = false
    for (let i = line.indexOf('"', pos + 1); i >= 0; i = line.indexOf('"', i + 1)) {
      let backslashes = 0
      while (line.charCodeAt(i - 1 - backslashes) === 0x5c) backslashes++
      if (backslashes % 2 !== 0) continue
      if (follows(line, i + 1)) {
        store(slot, out, line, pos + 1, i)
        return i + skip
      }
      closed = true
    }
    if (!readsCutOff || closed) return -1
    store(slot, out, line, pos + 1, line.length)
    return line.length
  }
}

/** Whether the end of `field` is clear when `next` follows it with no literal between. */
const canTouch = (field: FieldToken, next: FieldToken): boolean => {
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

/** Whether the step of a field also takes the literal after it (see bareStep). */
const takesLiteral = (token: FieldToken): boolean =>
  token.quoting !== 'bare' || token.extent.type === 'toNext' || token.extent.type === 'shape'

/** `then`: the literal after the field, when its step is to consume it too; null when it is a step of its own. */
const fieldStep = (tokens: readonly FormatToken[], i: number, token: FieldToken, trailing: boolean, then: string | null): Step => {
  const next = tokens[i + 1]
  if (next?.kind === 'field' && !canTouch(token, next)) throw new AdjacentFieldsError(token.label, next.label)
  if (token.quoting === 'quoted') return quotedStep(token, followsFor(next, trailing), then, next === undefined)
  if (token.quoting === 'bracketed') return bracketedStep(token, followsFor(next, trailing), then)
  const stop = stopFor(tokens, i, trailing)
  const extent = token.extent
  switch (extent.type) {
    case 'toNext': return bareStep(token, stop, stopLiteral(tokens, i), then)
    case 'shape': return shapeStep(token, extent.consume, then)
    case 'path': return pathStep(token, stop, extent.dashIsArgs)
    case 'query': return queryStep(token, stop)
    case 'isArgs': return isArgsStep(token)
    case 'args': {
      const before = tokens[i - 1]
      return argsStep(token, stop, before?.kind === 'field' && before.extent.type === 'path')
    }
  }
}

/** The plan run step by step through its closures. */
const stepsParser = (steps: readonly Step[], optionalStep: number, trailing: boolean): LineParser => {
  const count = steps.length
  const parse = (line: string): Slots | null => {
    const out: Slots = []
    let pos = 0
    for (let i = 0; i < count; i++) {
      if (i === optionalStep && pos === line.length) return out
      pos = (steps[i] as Step)(line, pos, out)
      if (pos < 0) return null
    }
    if (pos !== line.length && !(trailing && line.charCodeAt(pos) === 0x20)) return null
    return out
  }
  return Object.assign(parse, { runs: 'steps' as const })
}

/** Compiles a format; throws AdjacentFieldsError when two fields cannot be told apart. */
export const compileFormat = (format: LogFormat, mode: CompileMode = 'inline'): LineParser => {
  const { tokens, trailing } = format
  const optionalFrom = format.optionalFrom ?? -1
  const before = tokens[optionalFrom - 1]
  if (optionalFrom >= 0 && !(before?.kind === 'field' && before.quoting === 'bare' && before.extent.type === 'shape')) {
    // The field before the optional part looks past it: read the short form with its own parser.
    const short = compileFormat({ name: format.name, tokens: tokens.slice(0, optionalFrom), trailing: false }, mode)
    const full = compileFormat({ name: format.name, tokens, trailing }, mode)
    const either = (line: string): Slots | null => full(line) ?? short(line)
    return Object.assign(either, { runs: full.runs === 'inline' && short.runs === 'inline' ? 'inline' as const : 'steps' as const })
  }
  // A literal is taken by the step of the field before it where it can be,
  // but not the one the optional part starts with: the line may end before it.
  const plan: PlannedStep[] = []
  let optionalStep = -1
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as FormatToken
    if (i === optionalFrom) optionalStep = plan.length
    if (token.kind === 'literal') {
      plan.push({ run: literalStep(token.text), token, then: null, next: tokens[i + 1], stopLiteral: null })
      continue
    }
    const next = tokens[i + 1]
    const then = next?.kind === 'literal' && i + 1 !== optionalFrom && takesLiteral(token) ? next.text : null
    plan.push({ run: fieldStep(tokens, i, token, trailing, then), token, then, next, stopLiteral: stopLiteral(tokens, i) })
    if (then !== null) i++
  }
  if (optionalStep < 0) optionalStep = plan.length
  return (mode === 'inline' ? lineParserCode(plan, optionalStep, trailing) : null) ??
    stepsParser(plan.map((step) => step.run), optionalStep, trailing)
}
