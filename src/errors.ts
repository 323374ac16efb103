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

/**
 * What a message says of an input, for a page that may show only its file
 * name (serve's): its path as the message names it, and the message without
 * log content (a line's text).
 */
export interface InputNamed {
  input?: string | null
  withoutLogContent?: string
}

export class UserError extends Error {
  readonly exitCode: ExitCode
  readonly hint: string | undefined
  /** The input the message names, as given; null when it names none. */
  readonly input: string | null
  /** The message without log content (a line's text); the message itself when it holds none. */
  readonly withoutLogContent: string

  constructor(message: string, exitCode: ExitCode, hint?: string, named: InputNamed = {}) {
    super(message)
    this.name = 'UserError'
    this.exitCode = exitCode
    this.hint = hint
    this.input = named.input ?? null
    this.withoutLogContent = named.withoutLogContent ?? message
  }

  /** The single line printed on stderr. */
  format(prog: string): string {
    return `${prog}: ${this.message}${this.hint ? ` (${this.hint})` : ''}`
  }
}

/**
 * A run that cannot go on as asked (exit 2): a bad flag or option value, an
 * invalid config, an input that cannot be read, an output that cannot be
 * written. Nothing is written.
 */
export function usageError(message: string, hint?: string, named?: InputNamed): UserError {
  return new UserError(message, EXIT.usage, hint, named)
}

/** Input that is readable but is not what we expect. */
export function dataError(message: string, hint?: string): UserError {
  return new UserError(message, EXIT.data, hint)
}

export function isUserError(e: unknown): e is UserError {
  return e instanceof UserError
}

/** System error codes in words, for the one line a user reads. */
const ERRNO_WORDS: Readonly<Record<string, string>> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'it is a folder',
  ENOTDIR: 'a part of the path is not a folder',
  ELOOP: 'too many symbolic links',
  EMFILE: 'too many open files',
  ENFILE: 'too many open files',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  EFBIG: 'the file would be larger than allowed (ulimit -f?)',
  EIO: 'an input/output error of the device',
  EROFS: 'the file system is read-only',
  ENAMETOOLONG: 'the name is too long',
  EBUSY: 'it is in use (a mount point?)',
  EEXIST: 'a file is in the way',
  ENXIO: 'no such device (a socket cannot be opened by its path: use - to read stdin)',
  ESTALE: 'a stale file handle (the file is gone from the network file system)',
  ENODEV: 'no such device',
  EREMOTEIO: 'an input/output error of the remote device',
  ENOLINK: 'the link to the remote file system is gone',
}

/**
 * Codes a failing device or network file system gives: never our own bug,
 * whatever call met them (see deviceError).
 */
const DEVICE_CODES: ReadonlySet<string> = new Set(['EIO', 'ESTALE', 'ENODEV', 'EREMOTEIO', 'ENOLINK', 'EHOSTDOWN'])

/**
 * Why a file operation failed, in words, from the error's errno code
 * (ENOSPC → "no space left on the device"); the code itself when it has no
 * words, the message when it has no code. `overrides` words a code the way
 * the caller knows better (a write's ENOENT means its folder is missing).
 */
export function errnoWords(e: unknown, overrides: Readonly<Record<string, string>> = {}): string {
  const code = (e as NodeJS.ErrnoException | null)?.code
  if (code === undefined) return e instanceof Error ? e.message : String(e)
  return overrides[code] ?? ERRNO_WORDS[code] ?? code
}

/**
 * A system error of a failing device (EIO from a dying disk, ESTALE from
 * NFS) that no reader foresaw, as the one line a user reads (exit 2);
 * null for anything else, which stays a bug. Each reader names its file
 * itself (input/read-error.ts); this is the net under them.
 */
export function deviceError(e: unknown): UserError | null {
  const error = e as NodeJS.ErrnoException | null
  if (error === null || typeof error !== 'object' || typeof error.code !== 'string' || !DEVICE_CODES.has(error.code) || error.syscall === undefined) return null
  return usageError(`${error.syscall} failed${error.path === undefined ? '' : ` on ${error.path}`}: ${errnoWords(error)} (${error.code})`,
    'check the device or file system')
}

/** The same for a write, whose ENOENT means its folder does not exist. */
export function writeErrnoWords(e: unknown, overrides: Readonly<Record<string, string>> = {}): string {
  return errnoWords(e, { ENOENT: 'its folder does not exist', ...overrides })
}
