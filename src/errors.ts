/**
 * Errors a user can fix (bad flag, missing file, wrong log format) carry the
 * exit code and one line of explanation plus a hint. Anything else that is
 * thrown is a bug and keeps its stack.
 */

/** Exit codes, as documented in the README and in `--help`. */
export const EXIT = {
  ok: 0,
  /** The input does not look like an access log. */
  data: 1,
  /** Bad option, missing or unreadable input, unwritable output. */
  usage: 2,
  /** A bug: the stack is printed. */
  internal: 70,
} as const

export type ExitCode = (typeof EXIT)[keyof typeof EXIT]

export class UserError extends Error {
  readonly exitCode: ExitCode
  readonly hint: string | undefined

  constructor(message: string, exitCode: ExitCode, hint?: string) {
    super(message)
    this.name = 'UserError'
    this.exitCode = exitCode
    this.hint = hint
  }

  /** The single line printed on stderr. */
  format(prog: string): string {
    return `${prog}: ${this.message}${this.hint ? ` (${this.hint})` : ''}`
  }
}

/** A bad flag or option value. */
export const usageError = (message: string, hint?: string): UserError =>
  new UserError(message, EXIT.usage, hint)

/** An input or output that cannot be read or written. */
export const inputError = (message: string, hint?: string): UserError =>
  new UserError(message, EXIT.usage, hint)

/** Input that is readable but is not what we expect. */
export const dataError = (message: string, hint?: string): UserError =>
  new UserError(message, EXIT.data, hint)

export const isUserError = (e: unknown): e is UserError => e instanceof UserError
