/** Why an input could not be read to its end, in a line that names it. */

import { EXIT, UserError, type InputNamed } from '../errors.js'

/** An input that broke off while it was read (exit 2): the one error `--partial-ok` may pass over. */
export class ReadError extends UserError {
  constructor(message: string, hint?: string, named?: InputNamed) {
    super(message, EXIT.usage, hint, named)
    this.name = 'ReadError'
  }
}

export function isReadError(e: unknown): e is ReadError {
  return e instanceof ReadError
}

/**
 * A plain file that became shorter while it was read (logrotate's
 * copytruncate, a file emptied by hand): what lay past its new end is gone
 * or replaced, so the rest of it cannot be read consistently.
 */
export class FileShrank extends Error {
  constructor(readonly from: number, readonly to: number) {
    super(`the file shrank from ${from} to ${to} bytes while it was read`)
    this.name = 'FileShrank'
  }
}

/**
 * A read or gzip error as the input error the user sees (exit 2); anything
 * else (a bug) as it is.
 */
export function asInputError(e: unknown, label: string, gzip: boolean): unknown {
  if (e instanceof FileShrank) {
    return new ReadError(`cannot read ${label} to its end: it shrank from ${e.from} to ${e.to} bytes while it was read (rotated with copytruncate?)`,
      'run again; --partial-ok publishes the lines read before it shrank', { input: label })
  }
  const err = e as NodeJS.ErrnoException
  if (gzip && (err.code?.startsWith('Z_') || err.code === 'ERR_STREAM_PREMATURE_CLOSE')) {
    return new ReadError(`cannot read ${label}: the gzip data is truncated or corrupt (${err.message})`, 'check the file with gzip -t', { input: label })
  }
  if (err.code && !err.code.startsWith('ERR_')) return new ReadError(`cannot read ${label}: ${err.message}`, undefined, { input: label })
  return e
}
