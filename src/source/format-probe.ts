/**
 * Whether an input is what it should be at all: if none of its first
 * FORMAT_PROBE_LINES lines can be read (an access log in the format, a row
 * written by `build --emit ndjson`), it is the wrong file or the wrong
 * format, and the run stops (exit 1) instead of publishing an empty page.
 * A line over the length cap is one that cannot be read: an input of
 * nothing but such lines (one 100 MB line without a newline) is no log.
 */

import { dataError } from '../errors.js'

export const FORMAT_PROBE_LINES = 100

/** Says why the input is not what it should be: `checked` lines were tried, `first` is the first that failed. */
export type NotThisFormat = (checked: number, first: string) => Error

function quoted(raw: string): string {
  return JSON.stringify(raw.slice(0, 80))
}

/** Why the input `label` is no access log: none of its first lines matches `--log-format` (`fixed`), or any preset (null, `auto`). */
export function notAnAccessLog(label: string, fixed: string | null): NotThisFormat {
  return (checked, first) => fixed !== null
    ? dataError(`${label}: none of the first ${checked} lines matches --log-format ${fixed} (first: ${quoted(first)})`, 'is it the format the server writes?')
    : dataError(`${label}: none of the first ${checked} lines is an nginx or Apache access log line in combined or common format (first: ${quoted(first)})`,
      'is this an access log?')
}

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
