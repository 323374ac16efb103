/**
 * A log format is a list of literals and fields. It is compiled once into a
 * line parser: a fixed chain of small steps that each consume one piece of
 * the line, so no line ever re-reads the format.
 */

export type FieldName =
  | 'ip' | 'ident' | 'user' | 'time' | 'request'
  | 'status' | 'bytes' | 'referer' | 'userAgent'

/** How a field is delimited in the line. */
export type Quoting = 'bare' | 'quoted' | 'bracketed'

export type FormatToken =
  | { kind: 'literal'; text: string }
  | { kind: 'field'; name: FieldName; quoting: Quoting }

export interface LogFormat {
  name: string
  tokens: readonly FormatToken[]
  /** Whether text after the last token (starting with a space) is allowed. */
  trailing: boolean
}

/** The raw (still escaped) text of each field the format has. */
export type RawFields = Partial<Record<FieldName, string>>

export type LineParser = (line: string) => RawFields | null

/** A step returns the position after what it consumed, or -1. */
type Step = (line: string, pos: number, out: RawFields) => number

const literalStep = (text: string): Step =>
  text.length === 1
    ? (line, pos) => (line.charCodeAt(pos) === text.charCodeAt(0) ? pos + 1 : -1)
    : (line, pos) => (line.startsWith(text, pos) ? pos + text.length : -1)

/** Does the rest of the line, from `pos`, begin with what follows the field? */
type Follows = (line: string, pos: number) => boolean

const followsFor = (next: string | null, trailing: boolean): Follows => {
  if (next !== null) return (line, pos) => line.startsWith(next, pos)
  if (trailing) return (line, pos) => pos === line.length || line.charCodeAt(pos) === 0x20
  return (line, pos) => pos === line.length
}

const bareStep = (name: FieldName, next: string | null): Step => {
  if (next === null) {
    // A bare field holds no space: text after one is trailing text, which the
    // line check accepts only for `trailing` formats.
    return (line, pos, out) => {
      const space = line.indexOf(' ', pos)
      const end = space < 0 ? line.length : space
      if (end <= pos) return -1
      out[name] = line.slice(pos, end)
      return end
    }
  }
  return (line, pos, out) => {
    const end = line.indexOf(next, pos)
    if (end <= pos) return -1
    out[name] = line.slice(pos, end)
    return end
  }
}

const bracketedStep = (name: FieldName, follows: Follows): Step =>
  (line, pos, out) => {
    if (line.charCodeAt(pos) !== 0x5b) return -1
    const end = line.indexOf(']', pos + 1)
    if (end < 0 || !follows(line, end + 1)) return -1
    out[name] = line.slice(pos + 1, end)
    return end + 1
  }

/**
 * A quoted field ends at the first unescaped `"` that is followed by what the
 * format expects next, so an unescaped quote inside a value (a server that
 * does not escape) does not cut the field short.
 */
const quotedStep = (name: FieldName, follows: Follows): Step =>
  (line, pos, out) => {
    if (line.charCodeAt(pos) !== 0x22) return -1
    for (let i = line.indexOf('"', pos + 1); i >= 0; i = line.indexOf('"', i + 1)) {
      let backslashes = 0
      while (line.charCodeAt(i - 1 - backslashes) === 0x5c) backslashes++
      if (backslashes % 2 === 0 && follows(line, i + 1)) {
        out[name] = line.slice(pos + 1, i)
        return i + 1
      }
    }
    return -1
  }

export const compileFormat = (format: LogFormat): LineParser => {
  const { tokens, trailing } = format
  const steps: Step[] = tokens.map((token, i) => {
    if (token.kind === 'literal') return literalStep(token.text)
    const after = tokens[i + 1]
    if (after?.kind === 'field') {
      throw new Error(`format ${format.name}: fields ${token.name} and ${after.name} need a literal between them`)
    }
    const next = after ? after.text : null
    if (token.quoting === 'bare') return bareStep(token.name, next)
    const follows = followsFor(next, trailing)
    return token.quoting === 'quoted' ? quotedStep(token.name, follows) : bracketedStep(token.name, follows)
  })
  const count = steps.length
  return (line) => {
    const out: RawFields = {}
    let pos = 0
    for (let i = 0; i < count; i++) {
      pos = (steps[i] as Step)(line, pos, out)
      if (pos < 0) return null
    }
    if (pos !== line.length && !(trailing && line.charCodeAt(pos) === 0x20)) return null
    return out
  }
}
