/**
 * A format and the record options → a reader from a raw line to its facts
 * (time, status, request) or a skip reason, and then, for a line worth it,
 * its record: the caller asks a gate between the two, so a record is built
 * only for a line that can get in.
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
  /** The slots of the line whose facts were read last. */
  #lastSlots: Slots | null = null

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
    const facts = this.facts(raw)
    return typeof facts === 'string' ? facts : this.recordOf(raw, at)
  }

  /**
   * The facts of a line (time, status, request: what a gate decides on), or
   * why it is no log line; the object is reused for the next line. Its
   * record, when it is worth one, is built next (recordOf).
   */
  facts(raw: string): LineFacts | SkipReason {
    return this.factsOf(this.slots(raw))
  }

  /** Whether the format has bare fields a client writes, which may hold their stop literal: see anchoredFacts. */
  get anchors(): boolean {
    return this.#anchored !== null
  }

  /**
   * facts, for a line no plain parser reads: its bare fields end where the
   * fields after them start as they must (line-plan.ts Anchor). The client
   * must then be an IP address, as nginx's `$remote_addr` always is: a line
   * of another layout (a `host:port` prefix) is not taken for one whose user
   * name has spaces.
   */
  anchoredFacts(raw: string): LineFacts | SkipReason {
    const slots = this.#anchored?.(raw) ?? null
    const address = slots === null ? undefined : this.#steps.loggedAddress(slots)
    if (slots === null || address === undefined || parseAddress(address) === null) return this.#unparsed
    return this.factsOf(slots)
  }

  /** The record of the line whose facts were read last, found at `at`. */
  recordOf(raw: string, at: LinePosition): AccessRecord {
    return this.#steps.record(this.#lastSlots as Slots, this.#known, raw, at)
  }

  private factsOf(slots: Slots | SkipReason): LineFacts | SkipReason {
    if (typeof slots === 'string') return slots
    const problem = this.#steps.facts(slots, this.#known)
    if (problem !== null) return problem
    this.#lastSlots = slots
    return this.#known
  }

  /** The slots of a line, or why it has none. */
  private slots(raw: string): Slots | SkipReason {
    return this.#parse(raw) ?? this.#unparsed
  }
}
