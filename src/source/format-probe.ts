/**
 * Whether an input is what it should be at all: if none of its first
 * FORMAT_PROBE_LINES lines can be read (an access log in the format, a row
 * written by `build --emit ndjson`), it is the wrong file or the wrong
 * format, and the run stops (exit 1) instead of publishing an empty page.
 * A line over the length cap is one that cannot be read: an input of
 * nothing but such lines (one 100 MB line without a newline) is no log.
 */

import { EXIT, UserError, type InputNamed } from '../errors.js'

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
 * Says of the `checked` lines tried that none could be read: `its only line
 * <isNot> (it reads: "…")`, `none of its 3 lines <is> (first: "…")`, or, past
 * FORMAT_PROBE_LINES, `none of the first 100 lines <is> …`; without the
 * line's text when `first` is null.
 */
export function noLineOf(checked: number, first: string | null, is: string, isNot: string): string {
  const shown = first === null ? null : JSON.stringify(first.slice(0, 80))
  if (checked === 1) return `its only line ${isNot}${shown === null ? '' : ` (it reads: ${shown})`}`
  return `none of ${checked < FORMAT_PROBE_LINES ? 'its' : 'the first'} ${checked} lines ${is}${shown === null ? '' : ` (first: ${shown})`}`
}

const ACCESS_LOG_LINE = 'an nginx or Apache access log line in combined or common format'

/** Why the input `label` is no access log: none of its first lines matches `--log-format` (`fixed`), or any preset (null, `auto`). */
export function notAnAccessLog(label: string, fixed: string | null): NotThisFormat {
  const [is, isNot, hint] = fixed !== null
    ? [`matches --log-format ${fixed}`, `does not match --log-format ${fixed}`, 'is it the format the server writes?']
    : [`is ${ACCESS_LOG_LINE}`, `is not ${ACCESS_LOG_LINE}`, 'is this an access log?']
  return (checked, first) => new NotThisFormatError(`${label}: ${noLineOf(checked, first, is, isNot)}`, hint, first,
    { input: label, withoutLogContent: `${label}: ${noLineOf(checked, null, is, isNot)}` })
}

/** Says why the input is not what it should be: `checked` lines were tried, `first` is the first that failed. */
export type NotThisFormat = (checked: number, first: string) => Error

export class FormatProbe {
  private checked = 0
  private read = 0
  private firstBad: string | null = null

  constructor(private readonly notThisFormat: NotThisFormat) {}

  /** One non-blank line was read (`ok`) or skipped (overlong lines too); throws once the first lines held none that could be read. */
  saw(ok: boolean, raw: string): void {
    if (ok) this.read++
    else this.firstBad ??= raw
    if (this.checked < FORMAT_PROBE_LINES && ++this.checked === FORMAT_PROBE_LINES && this.read === 0) throw this.failure()
  }

  /** Whether the first lines were all seen (and held one that could be read): later lines cannot fail the probe. */
  get done(): boolean {
    return this.checked >= FORMAT_PROBE_LINES
  }

  /** The input ended: throws when it had lines and none could be read. */
  end(): void {
    if (this.checked > 0 && this.read === 0) throw this.failure()
  }

  /** The error for these lines, none of which could be read. */
  failure(checked = this.checked, first = this.firstBad ?? ''): Error {
    return this.notThisFormat(checked, first)
  }
}
