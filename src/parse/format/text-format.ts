/**
 * The part nginx and Apache formats share once their variables are known:
 * a list of literals and fields becomes a compiled TextFormatSpec. A field
 * written between two `"` becomes a quoted field (escape-aware); only fields
 * with a meaning get an output slot.
 */

import type { Dialect, FieldSpec, TextFormatSpec } from './format-spec.js'
import { AdjacentFieldsError, compileAnchoredFormat, compileFormat } from './line-compiler.js'
import type { Extent, FormatToken } from './line-plan.js'
import { DASH, DOT, isDigit } from '../../text/chars.js'

export interface FieldPiece {
  kind: 'field'
  /** As written: `$remote_addr`, `%>s`. */
  label: string
  /** What the field means, or null for a field that is passed over. */
  spec: FieldSpec | null
  extent: Extent
  /** Apache `%t` writes its own brackets. */
  bracketed?: boolean
}

export type Piece = { kind: 'literal'; text: string } | FieldPiece

/** A format text the dialect reader cannot use; the message is completed by the caller. */
export class FormatError extends Error {}

/** Digits, or `-` (status, bytes, port). */
export const DIGITS_OR_DASH: Extent = {
  type: 'shape',
  selfDelimiting: false,
  consume: (line, pos) => {
    if (line.charCodeAt(pos) === DASH) return pos + 1
    let i = pos
    while (isDigit(line.charCodeAt(i))) i++
    return i > pos ? i : -1
  },
}

/** A decimal number such as `0.003`, or `-` (durations). */
export const NUMBER_OR_DASH: Extent = {
  type: 'shape',
  selfDelimiting: false,
  consume: (line, pos) => {
    if (line.charCodeAt(pos) === DASH) return pos + 1
    let i = pos
    while (isDigit(line.charCodeAt(i))) i++
    if (i > pos && line.charCodeAt(i) === DOT) {
      i++
      while (isDigit(line.charCodeAt(i))) i++
    }
    return i > pos ? i : -1
  },
}

export const TO_NEXT: Extent = { type: 'toNext' }

/** The extent a field of this meaning has unless the dialect says otherwise. */
export function extentFor(spec: FieldSpec | null): Extent {
  switch (spec?.role) {
    case 'status':
    case 'bytes':
    case 'port':
      return DIGITS_OR_DASH
    case 'duration':
      return NUMBER_OR_DASH
    case 'time': {
      const time = spec.time
      return time ? { type: 'shape', consume: time.consume, selfDelimiting: time.selfDelimiting } : TO_NEXT
    }
    default:
      return TO_NEXT
  }
}

/** Fields whose text may be empty in a line (all but the ones a record cannot do without). */
function mayBeEmpty(spec: FieldSpec | null): boolean {
  return spec === null || !['ip', 'time', 'request', 'method', 'uri', 'path', 'status'].includes(spec.role)
}

/** Merges neighbouring literals and turns `"` + field + `"` into a quoted field. */
function toTokens(pieces: readonly Piece[]): { tokens: FormatToken[]; fields: FieldSpec[] } {
  const merged: Piece[] = []
  for (const piece of pieces) {
    const last = merged[merged.length - 1]
    if (piece.kind === 'literal' && last?.kind === 'literal') merged[merged.length - 1] = { kind: 'literal', text: last.text + piece.text }
    else if (piece.kind !== 'literal' || piece.text !== '') merged.push(piece)
  }
  const tokens: FormatToken[] = []
  const fields: FieldSpec[] = []
  const literalAt = (i: number): string | null => {
    const piece = merged[i]
    return piece?.kind === 'literal' ? piece.text : null
  }
  const texts = merged.map((piece) => (piece.kind === 'literal' ? piece.text : ''))
  for (let i = 0; i < merged.length; i++) {
    const piece = merged[i] as Piece
    if (piece.kind === 'literal') {
      if (texts[i] !== '') tokens.push({ kind: 'literal', text: texts[i] as string })
      continue
    }
    const before = literalAt(i - 1)
    const after = literalAt(i + 1)
    const quoted = !piece.bracketed && before !== null && after !== null &&
      (texts[i - 1] as string).endsWith('"') && (texts[i + 1] as string).startsWith('"')
    if (quoted) {
      const previous = tokens[tokens.length - 1]
      const trimmed = (texts[i - 1] as string).slice(0, -1)
      if (previous?.kind === 'literal') {
        if (trimmed === '') tokens.pop()
        else previous.text = trimmed
      }
      texts[i + 1] = (texts[i + 1] as string).slice(1)
    }
    const slot = piece.spec ? fields.push(piece.spec) - 1 : -1
    tokens.push({
      kind: 'field',
      slot,
      label: piece.label,
      quoting: quoted ? 'quoted' : piece.bracketed ? 'bracketed' : 'bare',
      extent: piece.extent,
      canBeEmpty: mayBeEmpty(piece.spec),
    })
  }
  return { tokens, fields }
}

/** The token where the last `count` fields, and the literal before them, begin; undefined for none. */
function optionalFrom(tokens: readonly FormatToken[], count: number): number | undefined {
  if (count <= 0) return undefined
  let seen = 0
  for (let i = tokens.length - 1; i >= 0; i--) {
    if (tokens[i]?.kind === 'field' && ++seen === count) return tokens[i - 1]?.kind === 'literal' ? i - 1 : i
  }
  return undefined
}

/**
 * Throws FormatError when two fields touch and cannot be told apart.
 * `optionalFields`: a line may lack that many fields at the end (`combined` read as `common`).
 */
export function assembleTextFormat(
  name: string,
  dialect: Dialect,
  pieces: readonly Piece[],
  options: { trailing: boolean; escaped: boolean; optionalFields?: number },
): TextFormatSpec {
  const { tokens, fields } = toTokens(pieces)
  if (!tokens.some((token) => token.kind === 'field')) throw new FormatError('has no fields')
  try {
    const format = { name, tokens, trailing: options.trailing, optionalFrom: optionalFrom(tokens, options.optionalFields ?? 0) }
    return { kind: 'text', name, dialect, fields, escaped: options.escaped, parse: compileFormat(format), anchoredParse: compileAnchoredFormat(format) }
  } catch (e) {
    if (e instanceof AdjacentFieldsError) {
      throw new FormatError(`has ${e.first}${e.second}: two fields with nothing between them cannot be told apart (put a space or other text between them)`)
    }
    throw e
  }
}
