/**
 * The `htpasswd` job: a user's bcrypt entry put into a file of users (the
 * one `serve --htpasswd`, nginx's auth_basic_user_file and Apache read), as
 * Apache's `htpasswd -B FILE USER` would, for a machine without
 * apache2-utils:
 *
 *   withReservedFile (pinned, reserved) → the password → read the file → withEntry → commit
 *
 * The file is written as every output is (write/atomic-file.ts): its folder
 * pinned and checked, the new text in a temporary file beside it, renamed
 * over it once complete, so a reader sees the old file or the new one. A new
 * file is made 0600 (less the umask); one replaced keeps its mode (and, as
 * root, its group: a file nginx's group may read stays so). What it held is
 * read through the pinned folder, never through a link.
 */

import { constants } from 'node:fs'
import { open } from 'node:fs/promises'
import { errnoWords, usageError } from '../../errors.js'
import { withReservedFile, type OutputPlace, type ReservedFile } from '../../write/atomic-file.js'
import type { JobIO } from '../job-io.js'
import { bcryptjs } from '../../bcryptjs.js'
import { passwordProblem, withEntry } from './entries.js'

export interface HtpasswdOptions {
  /** The file of users, as given. */
  file: string
  user: string
  /** bcrypt's cost: 2^cost rounds. */
  cost: number
}

/** The most bytes of a file of users read (as serve reads one). */
const MAX_FILE_BYTES = 1024 * 1024

/** What the file holds now, read through its pinned folder without following a link; '' when there is none yet. */
async function currentText(place: OutputPlace): Promise<string> {
  const handle = await open(place.folder.at(place.name), constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return null
    throw usageError(`cannot read ${place.path}: ${errnoWords(e)}`, 'give a file of users, or a new name')
  })
  if (handle === null) return ''
  try {
    const stats = await handle.stat()
    if (!stats.isFile()) throw usageError(`refusing to replace ${place.path}: it is not a regular file`, 'give a file of users, or a new name')
    if (stats.size > MAX_FILE_BYTES) throw usageError(`${place.path} is larger than 1 MiB`, 'is it a file of users?')
    return (await handle.readFile()).toString('utf8')
  } finally {
    await handle.close()
  }
}

/** The bcrypt entry of `password`, as htpasswd -B writes it (`$2y$`, which bcryptjs's `$2b$` is the same as). */
export async function bcryptHash(password: string, cost: number): Promise<string> {
  const hash = await bcryptjs().hash(password, cost)
  return hash.replace(/^\$2b\$/, '$2y$')
}

/**
 * Puts `user`'s entry into the file, asking `password` for it once the file
 * is known to be writable; says whether it was added or replaced.
 */
export async function setPassword(options: HtpasswdOptions, password: () => Promise<string>, io: JobIO): Promise<'added' | 'replaced'> {
  return withReservedFile(options.file, io.cwd, async (reserved) => {
    const file = reserved as ReservedFile
    const given = await password()
    const problem = passwordProblem(given)
    if (problem !== undefined) throw usageError('the password cannot be taken', `${problem}; the file is left as it was`)
    const hash = await bcryptHash(given, options.cost)
    const { text, replaced } = withEntry(await currentText(file.place), options.user, hash)
    await file.commit(text, { newFileMode: 0o600 })
    io.warn(`${options.file}: ${replaced ? 'replaced the password of' : 'added'} ${options.user}`)
    return replaced ? 'replaced' : 'added'
  })
}
