/**
 * The lines of a file of users (`user:hash`, as Apache's htpasswd writes
 * it, which nginx's auth_basic_user_file and `serve --htpasswd` read) and
 * one user's entry put into it: the first line of that user replaced where
 * it stands, else the entry added at the end. Every other line (users,
 * comments, blank lines, entries of other kinds) stays exactly as it was.
 */

/** bcrypt's cost Apache's htpasswd -B uses: cheap enough for serve to check a password on every request. */
export const DEFAULT_COST = 5

/** The longest user name taken, in bytes. */
export const MAX_USER_BYTES = 255

/** bcrypt reads at most this many bytes of a password: more would be cut off without a word. */
export const MAX_PASSWORD_BYTES = 72

/** Why a user name cannot go into the file, as a hint; undefined when it can. */
export function userNameProblem(user: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  if (user === '' || user.includes(':') || /[\u0000-\u001f\u007f]/.test(user) || Buffer.byteLength(user) > MAX_USER_BYTES) {
    return `give a user name such as anna: no colon (it ends the name in the file) or control character, at most ${MAX_USER_BYTES} bytes`
  }
  return undefined
}

/** Why a password cannot be taken, as a hint; undefined when it can. */
export function passwordProblem(password: string): string | undefined {
  if (password === '') return 'an empty password lets anyone in who knows the name: give one'
  if (Buffer.byteLength(password) > MAX_PASSWORD_BYTES) return `bcrypt reads ${MAX_PASSWORD_BYTES} bytes of a password at most: give a shorter one`
  return undefined
}

/** Whether `line` is an entry of `user` (`user:…`, a CR before its newline allowed). */
function isEntryOf(line: string, user: string): boolean {
  return line.startsWith(`${user}:`)
}

/**
 * The file's text with `user:hash` in it, and whether it replaced an entry.
 * A later line of the same user (which Apache and serve never read: the
 * first counts) is left as it is.
 */
export function withEntry(text: string, user: string, hash: string): { text: string; replaced: boolean } {
  const entry = `${user}:${hash}`
  const lines = text === '' ? [] : text.split('\n')
  // a last newline leaves an empty last piece: the end of the file, not a line
  const ended = lines.length > 0 && lines[lines.length - 1] === ''
  if (ended) lines.pop()
  const at = lines.findIndex((line) => isEntryOf(line, user))
  if (at >= 0) {
    lines[at] = lines[at]?.endsWith('\r') ? `${entry}\r` : entry
    return { text: `${lines.join('\n')}${ended ? '\n' : ''}`, replaced: true }
  }
  return { text: `${[...lines, entry].join('\n')}\n`, replaced: false }
}
