/**
 * The progress line of a long run on a terminal: bytes read of the total,
 * lines per second and rows kept, redrawn in place a few times a second and
 * erased at the end. Nothing is drawn when stderr is not a terminal, with
 * `--quiet`, or for a run that ends within the first second.
 */

import type { Writable } from 'node:stream'
import { byteSize } from '../text/byte-size.js'

export interface ProgressSource {
  /** Bytes of input read so far. */
  bytes: () => number
  /** Lines read so far. */
  lines: () => number
  /** Rows kept so far. */
  rows: () => number
}

export interface Progress {
  stop: () => void
}

const NONE: Progress = { stop: () => undefined }


function rate(n: number): string {
  return (n >= 1e6 ? `${(n / 1e6).toFixed(2)}M` : `${Math.round(n / 1e3)}k`)
}

/** The text of one progress line. */
export function progressLine(bytes: number, total: number | null, lines: number, seconds: number, rows: number): string {
  const read = total ? `${byteSize(bytes)} of ${byteSize(total)} (${Math.min(100, Math.floor((bytes / total) * 100))}%)` : byteSize(bytes)
  return `reading ${read}, ${rate(seconds > 0 ? lines / seconds : 0)} lines/s, ${rows} ${rows === 1 ? 'row' : 'rows'} kept`
}

/**
 * `stderr` is asked for only when the delay has passed: a run that ends
 * sooner never makes process.stderr (Node builds it, and loads the stream
 * modules, when it is first asked for).
 */
export function startProgress(
  stderr: () => Writable & { isTTY?: boolean; columns?: number },
  source: ProgressSource,
  total: number | null,
  options: { quiet: boolean; delayMs?: number; everyMs?: number; now?: () => number },
): Progress {
  if (options.quiet) return NONE
  const now = options.now ?? Date.now
  const started = now()
  let drawn = false
  const draw = (): void => {
    const text = progressLine(source.bytes(), total, source.lines(), (now() - started) / 1000, source.rows())
    const terminal = stderr()
    const width = Math.max(20, (terminal.columns ?? 80) - 1)
    terminal.write(`\r${text.slice(0, width)}\x1b[K`)
    drawn = true
  }
  let timer: NodeJS.Timeout | null = null
  const first = setTimeout(() => {
    if (!stderr().isTTY) return
    draw()
    timer = setInterval(draw, options.everyMs ?? 250)
    timer.unref()
  }, options.delayMs ?? 1000)
  first.unref()
  return {
    stop: () => {
      clearTimeout(first)
      if (timer) clearInterval(timer)
      if (drawn) stderr().write('\r\x1b[K')
    },
  }
}
