/**
 * A format and the record options → one function from a raw line to a record
 * or a skip reason. A gated reader first shows the line's facts (time,
 * status, request) to a gate, and builds the record only when the gate lets
 * the line through; a line passed over still counts as read, not as skipped.
 */

import type { AccessRecord } from '../record.js'
import { compileRecordSteps, emptyLineFacts, type LineFacts, type LinePosition, type RecordOptions, type SkipReason } from '../parse/record/access-record.js'
import type { FormatSpec } from '../parse/format/format-spec.js'
import { jsonLineParser } from '../parse/format/json-lines.js'
import type { Slots } from '../parse/format/line-plan.js'

export type RecordReader = (raw: string, at: LinePosition) => AccessRecord | SkipReason

/** Decides from a valid line's facts alone whether its record is worth building (see batch.ts). */
export interface RecordGate {
  /** The facts object is reused for the next line: a gate must not keep it. */
  admits(facts: LineFacts): boolean
}

/** Null: a log line the gate passed over. */
export type GatedRecordReader = (raw: string, at: LinePosition, gate: RecordGate) => AccessRecord | SkipReason | null

/** The slots of a line, or why it has none. */
function slotReader(spec: FormatSpec): ((raw: string) => Slots | SkipReason) {
  if (spec.kind === 'json') {
    const parseJson = jsonLineParser(spec)
    return (raw) => parseJson(raw) ?? 'not JSON'
  }
  const parse = spec.parse
  return (raw) => parse(raw) ?? 'not a log line'
}

/** Both readers of a format, sharing one compiled parser and record builder. */
export function formatReaders(spec: FormatSpec, options: RecordOptions): { read: RecordReader; gated: GatedRecordReader } {
  const { facts, record } = compileRecordSteps(spec, options)
  const slotsOf = slotReader(spec)
  const known = emptyLineFacts()
  const gated: GatedRecordReader = (raw, at, gate) => {
    const slots = slotsOf(raw)
    if (typeof slots === 'string') return slots
    const problem = facts(slots, known)
    if (problem !== null) return problem
    return gate.admits(known) ? record(slots, known, raw, at) : null
  }
  const read: RecordReader = (raw, at) => {
    const slots = slotsOf(raw)
    if (typeof slots === 'string') return slots
    return facts(slots, known) ?? record(slots, known, raw, at)
  }
  return { read, gated }
}

export function recordReader(spec: FormatSpec, options: RecordOptions): RecordReader {
  return formatReaders(spec, options).read
}
