/**
 * `serve --htpasswd FILE`: the users who may see the pages, as Apache's
 * `htpasswd -B` writes them (`user:$2y$05$…`, bcrypt), read once at start.
 * A request proves itself with HTTP Basic authentication; the password is
 * checked by bcryptjs, whose comparison of the hashes takes the same time
 * wherever they differ, and an unknown user costs one bcrypt too (against
 * another user's hash, never taken), so the time says nothing of who exists.
 * An entry of another kind (MD5 `$apr1$`, SHA-1, crypt) is refused at start:
 * those are quick to guess.
 */

import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import { errnoWords, usageError } from '../../errors.js'
import { readSmallFile } from '../../input/small-file.js'

// required, not imported: the bundle runs as a script from its code cache, where a dynamic import() has no loader
const require = createRequire(import.meta.url)
let bcrypt: typeof import('bcryptjs') | undefined

/** bcryptjs, loaded with the first request that brings credentials (or `profiler-search htpasswd`'s hash). */
export function bcryptjs(): typeof import('bcryptjs') {
  return (bcrypt ??= require('bcryptjs') as typeof import('bcryptjs'))
}

/** bcrypt as htpasswd -B (`$2y$`) and other tools (`$2a$`, `$2b$`) write it: cost, then 22 + 31 characters of salt and hash. */
const BCRYPT = /^\$2[aby]\$(0[4-9]|[12]\d|3[01])\$[./A-Za-z0-9]{53}$/

/** The most bytes of a file of users read: thousands of entries. */
const MAX_FILE_BYTES = 1024 * 1024

export class Htpasswd {
  readonly #hashes: ReadonlyMap<string, string>
  /** The hash an unknown user's password is checked against (and never taken). */
  readonly #stand: string

  private constructor(hashes: ReadonlyMap<string, string>) {
    this.#hashes = hashes
    this.#stand = hashes.values().next().value as string
  }

  /** Reads and checks the file: exit 2 when it cannot be read, holds an entry that is not bcrypt, or no user. */
  static async load(path: string, cwd: string): Promise<Htpasswd> {
    const hint = 'make it with htpasswd -cB FILE USER'
    const file = await readSmallFile(resolve(cwd, path), MAX_FILE_BYTES).catch((e: unknown) => {
      throw usageError(`cannot read --htpasswd ${path}: ${errnoWords(e)}`, hint)
    })
    if (file.kind === 'folder') throw usageError(`cannot read --htpasswd ${path}: it is a folder`, hint)
    if (file.kind === 'too large') throw usageError(`--htpasswd ${path} is larger than 1 MiB`, 'is it a file of users made with htpasswd -B?')
    const text = file.bytes.toString('utf8')
    return new Htpasswd(parseHtpasswd(text, path))
  }

  get users(): number {
    return this.#hashes.size
  }

  /**
   * The user an `Authorization` header proves, or null: absent, not Basic,
   * an unknown user or a wrong password.
   */
  async verify(authorization: string | undefined): Promise<string | null> {
    const credentials = basicCredentials(authorization)
    if (credentials === null) return null
    const known = this.#hashes.get(credentials.user)
    const matches = await bcryptjs().compare(credentials.password, known ?? this.#stand)
    return matches && known !== undefined ? credentials.user : null
  }
}

/** The entries of a file of users: `user:hash` per line; blank lines and `#` comments are passed over. */
export function parseHtpasswd(text: string, path: string): Map<string, string> {
  const hashes = new Map<string, string>()
  for (const [i, raw] of text.split('\n').entries()) {
    const line = raw.replace(/\r$/, '')
    if (line.trim() === '' || line.startsWith('#')) continue
    const colon = line.indexOf(':')
    const user = colon > 0 ? line.slice(0, colon) : ''
    const hash = line.slice(colon + 1)
    if (user === '') throw usageError(`--htpasswd ${path}:${i + 1} is not user:hash`, 'make the file with htpasswd -cB FILE USER')
    if (!BCRYPT.test(hash)) {
      throw usageError(`--htpasswd ${path}:${i + 1}: the entry of ${JSON.stringify(user)} is not bcrypt`,
        `make it again with htpasswd -B ${path} ${user} (MD5, SHA-1 and crypt entries are not taken)`)
    }
    // a user named twice: the first entry, as Apache's mod_authn_file reads it
    if (!hashes.has(user)) hashes.set(user, hash)
  }
  if (hashes.size === 0) throw usageError(`--htpasswd ${path} holds no user`, `add one with htpasswd -B ${path} USER`)
  return hashes
}

/** `Basic base64(user:password)` → its parts; null for anything else. */
export function basicCredentials(authorization: string | undefined): { user: string; password: string } | null {
  const match = /^Basic +([A-Za-z0-9+/]+={0,2}) *$/i.exec(authorization ?? '')
  if (!match) return null
  const decoded = Buffer.from(match[1] as string, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0) return null
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) }
}
