/**
 * The time of a log file's first line our parser reads (whole seconds, as
 * ship stores it): how ship tells which generations on disk are newer than
 * the last line it shipped when the file that held that line is gone
 * (log-stream.ts). The lines go through a LogLines as shipped lines do
 * (formats, `auto`); reading ends at the first line read, or after the
 * lines `auto` probes.
 */

import type { LineFacts } from '../../parse/record/access-record.js'
import type { LineSink } from '../../input/line-splitter.js'
import { splitLines } from '../../input/lines.js'
import { openFileInput } from '../../input/open-inputs.js'
import { isUserError } from '../../errors.js'
import { FORMAT_PROBE_LINES } from '../../source/format-probe.js'
import { LogLines } from '../../source/log-lines.js'
import { NewestLine } from '../../source/newest-line.js'
import type { ReadSettings } from '../../source/read-settings.js'
import { SkippedLines } from '../../source/skipped-lines.js'
import { OFFSET_PLACES } from './shipped-rows.js'

/** The first time a gate saw; it admits no line (no record is built). */
class FirstTime {
  seconds: number | null = null

  admits(facts: LineFacts): boolean {
    this.seconds ??= Math.floor(facts.time / 1000)
    return false
  }

  keep(): boolean {
    return false
  }
}

/** The time of the first line of `path` (plain or gzip) our parser reads; null when none of its first lines is one (or it cannot be read). */
export async function firstLineTime(path: string, settings: ReadSettings): Promise<number | null> {
  const input = await openFileInput(path).catch(() => null)
  if (input === null) return null
  const first = new FirstTime()
  const lines = new LogLines({ settings, selection: first, skipped: new SkippedLines(), note: () => undefined, newest: new NewestLine() }, path, 'offsets', OFFSET_PLACES)
  let count = 0
  const sink: LineSink = {
    line(text, start) {
      if (text !== '') count++
      lines.line(text, start)
    },
    tooLong(head, start) {
      count++
      lines.tooLong(head, start)
    },
  }
  try {
    for await (const _ of splitLines(input.chunks(), path, sink)) {
      lines.settle()
      if (first.seconds !== null || count >= FORMAT_PROBE_LINES) break
    }
    if (first.seconds === null) lines.end()
  } catch (e) {
    // not an access log, or unreadable: no time
    if (!isUserError(e)) throw e
  } finally {
    await input.close()
  }
  return first.seconds
}
