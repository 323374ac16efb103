/**
 * The I/O edge of the preface: `--notices` files are checked and opened with
 * the access logs (a missing one stops the run before anything is read or
 * written), then read line by line (gzip recognised by its bytes) into the
 * notices the page shows.
 */

import { isUserError, usageError } from '../errors.js'
import { MAX_LINE_LENGTH } from '../input/line-splitter.js'
import { forEachLine } from '../input/lines.js'
import { openInputs, STDIN, type OpenedInput, type Stdin } from '../input/open-inputs.js'
import { SkippedLines } from '../source/skipped-lines.js'
import { visibleNotice, type Notice } from './php-notice.js'
import { createPicker, type PickRule } from './pick.js'
import { NoticeScanner } from './recognise.js'
import { compileRedaction } from './redact.js'

export interface NoticesOptions extends PickRule {
  /** PHP error output to read, in this order: paths, or `-` for stdin. */
  files: readonly string[]
  /** Server path prefixes shown as `…`. */
  redactPaths: readonly string[]
}

/**
 * The longest line of PHP error output read, in bytes: the access logs' cap,
 * which `watch` follows a notices file with too. nginx cuts an error entry
 * at 2 KiB and Apache a line at 8 KiB, far below it; PHP's own error_log
 * (8.1+) and its screen output have no limit, and a longer line there is
 * skipped and counted.
 */
export const MAX_NOTICE_LINE = MAX_LINE_LENGTH

/** Why a line of a notices file was not read. */
export type NoticeSkipReason = 'line too long'

/** `--notices-limit` unless given. */
export const DEFAULT_NOTICES_LIMIT = 10

/** Errors name the option, so a missing notices file is not taken for a missing access log. */
function asNoticesError(e: unknown): unknown {
  return isUserError(e) ? usageError(`--notices: ${e.message}`, e.hint) : e
}

/**
 * Check and open every notices file. `stdinTaken`: the access logs already
 * read stdin, so `--notices -` cannot.
 */
export async function openNoticeFiles(
  paths: readonly string[],
  stdin: () => Stdin,
  stdinTaken: boolean,
  cwd: string,
): Promise<OpenedInput[]> {
  const stdinUses = paths.filter((path) => path === STDIN).length
  if (stdinUses > 0 && (stdinTaken || stdinUses > 1)) {
    throw usageError('--notices: stdin (-) is already read', 'name stdin once: give the access logs as files, or the notices as a file')
  }
  if (stdinUses > 0 && stdin().isTTY) {
    throw usageError('--notices: stdin is a terminal', 'pipe PHP error output in: ssh web1 cat /var/log/php/error.log | profiler-search build access.log --notices -')
  }
  const opened: OpenedInput[] = []
  for (const path of paths) {
    const [input] = await openInputs([path], stdin, cwd).catch(async (e: unknown) => {
      await Promise.all(opened.map((before) => before.close()))
      throw asNoticesError(e)
    })
    if (input) opened.push(input)
  }
  return opened
}

/** A file's first line may begin with a byte order mark (an editor's); it is not part of the text. */
function withoutBom(line: string): string {
  return (line.startsWith('\uFEFF') ? line.slice(1) : line)
}

/** The lines of one input, handed over as they arrive (a followed file), into its own scanner. */
export interface NoticeLines {
  /** One line without its line break; `start`: its byte offset in the file (0: its first line). */
  line: (text: string, start: number) => void
  /** A line over the cap was dropped: an entry it was part of is cut. */
  tooLong: () => void
  /** The input paused: see NoticeScanner.settle. */
  settle: () => void
  /** The input ended. */
  end: () => void
}

/** The notices of the inputs read so far: read whole, or line by line as they grow; picked, redacted, made visible. */
export interface NoticeCollector {
  /** Reads an opened input to its end. */
  read: (input: OpenedInput) => Promise<void>
  /** Takes the lines of one more input as they arrive. */
  lines: () => NoticeLines
  /** The notices as the page shows them now. */
  picked: () => Notice[]
  /** The lines `read` read, and those it skipped (over MAX_NOTICE_LINE). */
  skipped: SkippedLines<NoticeSkipReason>
}

export function noticeCollector(options: NoticesOptions): NoticeCollector {
  const picker = createPicker(options)
  const redact = compileRedaction(options.redactPaths)
  const scanner = (): NoticeScanner => new NoticeScanner((notice) => picker.add(redact(notice)))
  const skipped = new SkippedLines<NoticeSkipReason>()
  return {
    read: async (input) => {
      const scan = scanner()
      let lineNo = 0
      const onLine = (text: string, start: number): void => {
        lineNo++
        skipped.lines++
        scan.line(start === 0 ? withoutBom(text) : text)
      }
      const onTooLong = (): void => {
        lineNo++
        skipped.lines++
        skipped.add('line too long', { source: input.label, line: lineNo })
        scan.tooLong()
      }
      try {
        await forEachLine(input.chunks(), input.label, { line: onLine, tooLong: onTooLong }, MAX_NOTICE_LINE)
      } catch (e) {
        throw asNoticesError(e)
      }
      scan.end()
    },
    lines: () => {
      const scan = scanner()
      return {
        line: (text, start) => scan.line(start === 0 ? withoutBom(text) : text),
        tooLong: () => scan.tooLong(),
        settle: () => scan.settle(),
        end: () => scan.end(),
      }
    },
    picked: () => picker.picked().map(visibleNotice),
    skipped,
  }
}

export interface ReadNotices {
  /** Picked, redacted, and made visible for the page. */
  notices: Notice[]
  /** The run's line about skipped lines: `--notices: skipped 1 of 40 lines (1 line too long); first at error.log:3`, or null. */
  skipped: string | null
}

/** The notices of the opened files, and what was skipped reading them. */
export async function readNotices(inputs: readonly OpenedInput[], options: NoticesOptions): Promise<ReadNotices> {
  const notices = noticeCollector(options)
  for (const input of inputs) await notices.read(input)
  return { notices: notices.picked(), skipped: skippedNotices(notices.skipped) }
}

/** The summary of skipped notices lines, named as the option, or null. */
export function skippedNotices(skipped: SkippedLines<NoticeSkipReason>): string | null {
  const summary = skipped.summary()
  return summary === null ? null : `--notices: ${summary}`
}
