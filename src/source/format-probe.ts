/**
 * Whether an input is what it should be at all: if none of its lines can be
 * read (an access log in the format, a row written by `build --emit
 * ndjson`), it is the wrong file or the wrong format, and the run stops
 * (exit 1) instead of publishing an empty page. When that is decided
 * depends on who writes the lines (ProbeRule): merge's rows are our own, so
 * their first FORMAT_PROBE_LINES lines tell; an access log's lines are
 * shaped in part by its clients (any visitor can send 100 requests right
 * after logrotate), so only a whole input none of whose lines can be read
 * tells, and with a format named not even that: its lines are skipped and
 * counted, and a warning says none could be read. A line over the length
 * cap is one that cannot be read: an input of nothing but such lines (one
 * 100 MB line without a newline) is no log.
 */

import { EXIT, UserError, type InputNamed } from '../errors.js'
import { jsonFieldsHint } from '../parse/format/json-fields-hint.js'

export const FORMAT_PROBE_LINES = 100

/** An input none of whose first lines could be read (exit 1); `firstLine` is the first of them, for a better hint (jobs/log-reading.ts). */
export class NotThisFormatError extends UserError {
  readonly firstLine: string

  constructor(message: string, hint: string, firstLine: string, named: InputNamed) {
    super(message, EXIT.data, hint, named)
    this.firstLine = firstLine
  }
}

/**
 * When an input none of whose lines can be read stops the run: once its
 * first FORMAT_PROBE_LINES lines were all unreadable, only at its end, or
 * never (its lines are skipped and counted).
 */
export type ProbeRule = 'first lines' | 'whole input' | 'never'

/**
 * Says of the `checked` lines tried that none could be read: `its only line
 * <isNot> (it reads: "…")`, `none of its 3 lines <is> (first: "…")`, or, of
 * the first lines of a longer input, `none of the first 100 lines <is> …`;
 * without the line's text when `first` is null.
 */
export function noLineOf(checked: number, first: string | null, is: string, isNot: string, whole = checked < FORMAT_PROBE_LINES): string {
  const shown = first === null ? null : JSON.stringify(first.slice(0, 80))
  if (checked === 1) return `its only line ${isNot}${shown === null ? '' : ` (it reads: ${shown})`}`
  return `none of ${whole ? 'its' : 'the first'} ${checked} lines ${is}${shown === null ? '' : ` (first: ${shown})`}`
}

const ACCESS_LOG_LINE = 'an nginx or Apache access log line in combined or common format'

/** Why the input `label` is no access log: none of its lines matches `--log-format` (`fixed`), or any preset (null, `auto`). */
export function notAnAccessLog(label: string, fixed: string | null): NotThisFormat {
  const [is, isNot, hint] = fixed !== null
    ? [`matches --log-format ${fixed}`, `does not match --log-format ${fixed}`, 'is it the format the server writes?']
    : [`is ${ACCESS_LOG_LINE}`, `is not ${ACCESS_LOG_LINE}`, 'is this an access log?']
  // JSON lines with other keys than nginx's need --json-fields: the hint names their keys
  return (checked, first, whole) => new NotThisFormatError(`${label}: ${noLineOf(checked, first, is, isNot, whole)}`, jsonFieldsHint(first) ?? hint, first,
    { input: label, withoutLogContent: `${label}: ${noLineOf(checked, null, is, isNot, whole)}` })
}

/** Says why the input is not what it should be: `checked` lines were tried (all of it: `whole`), `first` is the first that failed. */
export type NotThisFormat = (checked: number, first: string, whole: boolean) => Error

export class FormatProbe {
  private checked = 0
  private read = 0
  private firstBad: string | null = null

  constructor(private readonly notThisFormat: NotThisFormat, private readonly rule: ProbeRule = 'first lines') {}

  /** One non-blank line was read (`ok`) or skipped (overlong lines too); under 'first lines', throws once they held none that could be read. */
  saw(ok: boolean, raw: string): void {
    if (ok) this.read++
    else this.firstBad ??= raw
    this.checked++
    if (this.rule === 'first lines' && this.checked === FORMAT_PROBE_LINES && this.read === 0) throw this.failure()
  }

  /** Whether later lines cannot fail the probe (nor make the warning of 'never'): a line was read. */
  get done(): boolean {
    return this.read > 0
  }

  /** The input ended: throws when it had lines and none could be read, unless the rule is 'never'; then returns that error, to be warned of. */
  end(): Error | null {
    if (this.checked === 0 || this.read > 0) return null
    const failure = this.failure()
    if (this.rule !== 'never') throw failure
    return failure
  }

  /** The error for these lines, none of which could be read. */
  failure(): Error {
    return this.notThisFormat(this.checked, this.firstBad ?? '', this.rule !== 'first lines' || this.checked < FORMAT_PROBE_LINES)
  }
}
