/**
 * The I/O edge of the preface: `--notices` files are checked and opened with
 * the access logs (a missing one stops the run before anything is read or
 * written), then read line by line (gzip recognised by its bytes) into the
 * notices the page shows.
 */

import { isUserError, inputError, usageError } from '../errors.js'
import { mappedLines } from '../input/mapped-lines.js'
import { openInputs, STDIN, type OpenedInput, type Stdin } from '../input/open-inputs.js'
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

/** `--notices-limit` unless given. */
export const DEFAULT_NOTICES_LIMIT = 10

/** Errors name the option, so a missing notices file is not taken for a missing access log. */
const asNoticesError = (e: unknown): unknown =>
  isUserError(e) ? inputError(`--notices: ${e.message}`, e.hint) : e

/**
 * Check and open every notices file. `stdinTaken`: the access logs already
 * read stdin, so `--notices -` cannot.
 */
export const openNoticeFiles = async (
  paths: readonly string[],
  stdin: () => Stdin,
  stdinTaken: boolean,
  cwd: string,
): Promise<OpenedInput[]> => {
  const stdinUses = paths.filter((path) => path === STDIN).length
  if (stdinUses > 0 && (stdinTaken || stdinUses > 1)) {
    throw usageError('--notices: stdin (-) is already read', 'name stdin once: give the access logs as files, or the notices as a file')
  }
  if (stdinUses > 0 && stdin().isTTY) {
    throw usageError('--notices: stdin is a terminal', 'pipe PHP error output in: ssh web1 cat /var/log/php/error.log | profiler-search build access.log --notices -')
  }
  const opened: OpenedInput[] = []
  for (const path of paths) {
    const [input] = await openInputs([path], stdin, cwd).catch((e: unknown) => {
      throw asNoticesError(e)
    })
    if (input) opened.push(input)
  }
  return opened
}

/** A file's first line may begin with a byte order mark (an editor's); it is not part of the text. */
const withoutBom = (line: string): string => (line.startsWith('\uFEFF') ? line.slice(1) : line)

/** The lines of one input, handed over as they arrive (a followed file), into its own scanner. */
export interface NoticeLines {
  /** One line without its line break; `start`: its byte offset in the file (0: its first line). */
  line: (text: string, start: number) => void
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
}

export const noticeCollector = (options: NoticesOptions): NoticeCollector => {
  const picker = createPicker(options)
  const redact = compileRedaction(options.redactPaths)
  const scanner = (): NoticeScanner => new NoticeScanner((notice) => picker.add(redact(notice)))
  return {
    read: async (input) => {
      const scan = scanner()
      let first = true
      const lines = mappedLines(input.chunks(), input.label, (line) => {
        const text = first ? withoutBom(line) : line
        first = false
        return text
      })
      try {
        for await (const line of lines) scan.line(line)
      } catch (e) {
        throw asNoticesError(e)
      }
      scan.end()
    },
    lines: () => {
      const scan = scanner()
      return {
        line: (text, start) => scan.line(start === 0 ? withoutBom(text) : text),
        settle: () => scan.settle(),
        end: () => scan.end(),
      }
    },
    picked: () => picker.picked().map(visibleNotice),
  }
}

/** The notices of the opened files, picked, redacted, and made visible for the page. */
export const readNotices = async (inputs: readonly OpenedInput[], options: NoticesOptions): Promise<Notice[]> => {
  const notices = noticeCollector(options)
  for (const input of inputs) await notices.read(input)
  return notices.picked()
}
