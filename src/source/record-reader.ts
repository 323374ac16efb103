/**
 * A format and the record options → a reader from a raw line to a record or
 * a skip reason. Read gated, a line's facts (time, status, request) are
 * shown to a gate first, and the record is built only when the gate lets the
 * line through; a line passed over still counts as read, not as skipped.
 */

import type { AccessRecord } from '../record.js'
import { emptyLineFacts, RecordSteps, type LineFacts, type LinePosition, type RecordOptions, type SkipReason } from '../parse/record/access-record.js'
import type { FormatSpec } from '../parse/format/format-spec.js'
import { jsonLineParser } from '../parse/format/json-lines.js'
import type { LineParser, Slots } from '../parse/format/line-plan.js'
import { parseAddress } from '../parse/record/client-ip.js'

/** Decides from a valid line's facts alone whether its record is worth building (see batch.ts). */
export interface RecordGate {
  /** The facts object is reused for the next line: a gate must not keep it. */
  admits(facts: LineFacts): boolean
}

/** The lines of one format, read one at a time: one compiled parser and record builder, for both ways of reading. */
export class RecordReader {
  /** The format as said in messages: `combined`, `nginx log_format` … */
  readonly name: string
  readonly spec: FormatSpec
  /** The format's line parser: the compiled one of a text format, or the JSON reader. */
  readonly #parse: LineParser
  /** A text format's parser of lines whose client-written bare fields hold their stop literal (format-spec.ts); null for none. */
  readonly #anchored: LineParser | null
  /** Why a line the parser cannot read is no record. */
  readonly #unparsed: SkipReason
  readonly #steps: RecordSteps
  /** The facts of the line being read, reused for the next. */
  readonly #known: LineFacts = emptyLineFacts()

  constructor(name: string, spec: FormatSpec, options: RecordOptions) {
    this.name = name
    this.spec = spec
    this.#parse = spec.kind === 'json' ? jsonLineParser(spec) : spec.parse
    this.#anchored = spec.kind === 'json' ? null : spec.anchoredParse
    this.#unparsed = spec.kind === 'json' ? 'not JSON' : 'not a log line'
    this.#steps = new RecordSteps(spec, options)
  }

  /** The record of a line, or why it is none. */
  read(raw: string, at: LinePosition): AccessRecord | SkipReason {
    const slots = this.slots(raw)
    if (typeof slots === 'string') return slots
    const known = this.#known
    return this.#steps.facts(slots, known) ?? this.#steps.record(slots, known, raw, at)
  }

  /** The same behind a gate: a line whose facts the gate turns down gives null, and no record is built. */
  gated(raw: string, at: LinePosition, gate: RecordGate): AccessRecord | SkipReason | null {
    return this.gatedSlots(this.slots(raw), raw, at, gate)
  }

  /** Whether the format has bare fields a client writes, which may hold their stop literal: see gatedAnchored. */
  get anchors(): boolean {
    return this.#anchored !== null
  }

  /**
   * gated, for a line no plain parser reads: its bare fields end where the
   * fields after them start as they must (line-plan.ts Anchor). The client
   * must then be an IP address, as nginx's `$remote_addr` always is: a line
   * of another layout (a `host:port` prefix) is not taken for one whose user
   * name has spaces.
   */
  gatedAnchored(raw: string, at: LinePosition, gate: RecordGate): AccessRecord | SkipReason | null {
    const slots = this.#anchored?.(raw) ?? null
    const address = slots === null ? undefined : this.#steps.loggedAddress(slots)
    if (slots === null || address === undefined || parseAddress(address) === null) return this.#unparsed
    return this.gatedSlots(slots, raw, at, gate)
  }

  private gatedSlots(slots: Slots | SkipReason, raw: string, at: LinePosition, gate: RecordGate): AccessRecord | SkipReason | null {
    if (typeof slots === 'string') return slots
    const known = this.#known
    const problem = this.#steps.facts(slots, known)
    if (problem !== null) return problem
    return gate.admits(known) ? this.#steps.record(slots, known, raw, at) : null
  }

  /** The slots of a line, or why it has none. */
  private slots(raw: string): Slots | SkipReason {
    return this.#parse(raw) ?? this.#unparsed
  }
}
