/** One-call forms of the record building steps, for unit tests of a format or a record. */

import type { FormatSpec } from '../../src/parse/format/format-spec.js'
import type { Slots } from '../../src/parse/format/line-plan.js'
import { emptyLineFacts, RecordSteps, type LinePosition, type RecordOptions, type SkipReason } from '../../src/parse/record/access-record.js'
import type { AccessRecord } from '../../src/record.js'

/** Slots → a record, or why the line is not a log line: both steps at once. */
export const compileRecordBuilder = (spec: FormatSpec, options: RecordOptions): ((slots: Slots, raw: string, at: LinePosition) => AccessRecord | SkipReason) => {
  const steps = new RecordSteps(spec, options)
  const known = emptyLineFacts()
  return (slots, raw, at) => steps.facts(slots, known) ?? steps.record(slots, known, raw, at)
}
