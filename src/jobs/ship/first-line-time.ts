/**
 * The time of a log file's first line our parser reads (whole seconds, as
 * ship stores it): how ship tells which generations on disk are newer than
 * the last line it shipped when the file that held that line is gone
 * (log-stream.ts). The lines go through a LogLines as shipped lines do
 * (formats, `auto`); reading ends at the first line read, or after the
 * lines `auto` probes.
 */

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

/** The time of the first line of `path` (plain or gzip) our parser reads; null when none of its first lines is one (or it cannot be read). */
export async function firstLineTime(path: string, settings: ReadSettings): Promise<number | null> {
  const input = await openFileInput(path).catch(() => null)
  if (input === null) return null
  // a reader of lines: the first valid one tells its time
  const lines = new LogLines({ settings, gate: null, skipped: new SkippedLines(), note: () => undefined, newest: new NewestLine() }, path, 'offsets', OFFSET_PLACES)
  let seconds: number | null = null
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
      seconds ??= firstSecond(lines)
      if (seconds !== null || count >= FORMAT_PROBE_LINES) break
    }
    if (seconds === null) {
      lines.end()
      seconds = firstSecond(lines)
    }
  } catch (e) {
    // not an access log, or unreadable: no time
    if (!isUserError(e)) throw e
  } finally {
    await input.close()
  }
  return seconds
}

/** The whole second of the first valid line the lines gave since asked last, or null. */
function firstSecond(lines: LogLines): number | null {
  const first = lines.takeBatch().lines?.[0]
  return first === undefined ? null : Math.floor(first.time / 1000)
}
