/**
 * A password as `profiler-search htpasswd` takes it: never from the command
 * line (ps shows it to every user). From a terminal it is asked for twice,
 * on stderr, while the terminal does not echo what is typed (raw mode,
 * undone however the reading ends); Backspace takes back a character,
 * Ctrl-C or Ctrl-D before Enter gives up. From anything else, the first
 * line of stdin, as `htpasswd -i` reads it: `printf '%s\n' "$PASS" | …`.
 */

import type { Writable } from 'node:stream'
import { usageError } from '../errors.js'
import type { Stdin } from '../input/open-inputs.js'

/** A terminal's stdin: it can stop echoing (Node's tty.ReadStream). */
export type PasswordStdin = Stdin & { setRawMode?: (raw: boolean) => unknown }

/** The most bytes of stdin read for the line that holds the password. */
const MAX_LINE_BYTES = 4096

const ENTER = new Set(['\r', '\n'])
const ERASE = new Set(['\u007f', '\b'])
const CTRL_C = '\u0003'
const CTRL_D = '\u0004'

function textOf(chunk: Buffer | string, decoder: TextDecoder): string {
  return typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true })
}

/** Reads characters from a stream, one line at a time, keeping what was typed past a line's end for the next. */
class TypedLines {
  readonly #chunks: AsyncIterator<Buffer | string>
  /** A character split over two chunks is decoded whole. */
  readonly #decoder = new TextDecoder()
  #pending = ''

  constructor(stdin: Stdin) {
    this.#chunks = stdin[Symbol.asyncIterator]()
  }

  /** The next line, as typed with Backspace applied; null when the typist gave up (Ctrl-C, Ctrl-D, the end). */
  async line(): Promise<string | null> {
    let typed = ''
    for (;;) {
      if (this.#pending === '') {
        const next = await this.#chunks.next()
        if (next.done === true) return null
        this.#pending = textOf(next.value, this.#decoder)
      }
      const [char = ''] = this.#pending
      this.#pending = this.#pending.slice(char.length)
      if (ENTER.has(char)) return typed
      if (char === CTRL_C || char === CTRL_D) return null
      if (ERASE.has(char)) typed = [...typed].slice(0, -1).join('')
      else typed += char
    }
  }

  /** Lets go of the stream (a terminal's is paused, so the process can end). */
  async close(): Promise<void> {
    await this.#chunks.return?.()
  }
}

/** Asks on the terminal twice, without echo; the two must match. */
async function fromTerminal(stdin: PasswordStdin, stderr: Writable): Promise<string> {
  const lines = new TypedLines(stdin)
  stdin.setRawMode?.(true)
  try {
    stderr.write('New password: ')
    const first = await lines.line()
    stderr.write('\n')
    if (first === null) throw usageError('no password typed: cancelled', 'the file is left as it was')
    stderr.write('Re-type new password: ')
    const again = await lines.line()
    stderr.write('\n')
    if (again === null) throw usageError('no password typed: cancelled', 'the file is left as it was')
    if (again !== first) throw usageError('the two passwords typed differ', 'run it again; the file is left as it was')
    return first
  } finally {
    stdin.setRawMode?.(false)
    await lines.close()
  }
}

/** The first line of stdin (a CR before its newline dropped). */
async function fromPipe(stdin: Stdin): Promise<string> {
  const decoder = new TextDecoder()
  let text = ''
  for await (const chunk of stdin) {
    text += textOf(chunk, decoder)
    if (text.includes('\n') || Buffer.byteLength(text) > MAX_LINE_BYTES) break
  }
  const end = text.indexOf('\n')
  if (end < 0 && Buffer.byteLength(text) > MAX_LINE_BYTES) throw usageError(`stdin holds no line of at most ${MAX_LINE_BYTES} bytes`, 'give the password as the first line')
  if (text === '') throw usageError('no password on stdin', 'type it at a terminal, or give it as the first line of stdin: printf \'%s\\n\' "$PASSWORD" | profiler-search htpasswd FILE USER')
  return (end < 0 ? text : text.slice(0, end)).replace(/\r$/, '')
}

/** The password, from a terminal (asked for twice, not echoed) or the first line of stdin. */
export function readPassword(stdin: PasswordStdin, stderr: Writable): Promise<string> {
  return stdin.isTTY === true ? fromTerminal(stdin, stderr) : fromPipe(stdin)
}
