/**
 * `serve --htpasswd FILE`: the users who may see the pages, as Apache's
 * `htpasswd -B` writes them (`user:$2y$05$…`, bcrypt), read once at start.
 * A request proves itself with HTTP Basic authentication; the password is
 * checked by bcrypt on a thread of its own (bcrypt-thread.ts). So that the
 * time of a 401 says nothing of who exists, every failed check goes through
 * the file's costliest hash: an unknown user's password is checked against
 * it (never taken), and a known user's against it too after failing on a
 * cheaper hash of their own (what remains is the time of that cheaper hash:
 * entries of one cost leave nothing). Credentials once proven are
 * remembered per user as an HMAC under a key of this process, so a user's
 * next requests cost no bcrypt. An entry of another kind (MD5 `$apr1$`,
 * SHA-1, crypt) is refused at start: those are quick to guess.
 */

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { resolve } from 'node:path'
import { errnoWords, usageError } from '../../errors.js'
import { readSmallFile } from '../../input/small-file.js'
import { BcryptThread, type PasswordCheck } from './bcrypt-thread.js'

/** What a Basic `Authorization` header holds. */
export interface Credentials {
  user: string
  password: string
}

/** bcrypt as htpasswd -B (`$2y$`) and other tools (`$2a$`, `$2b$`) write it: cost, then 22 + 31 characters of salt and hash. */
const BCRYPT = /^\$2[aby]\$(0[4-9]|[12]\d|3[01])\$[./A-Za-z0-9]{53}$/

/** The most bytes of a file of users read: thousands of entries. */
const MAX_FILE_BYTES = 1024 * 1024

/** A bcrypt hash's cost: `$2y$12$…` → 12. */
export function bcryptCost(hash: string): number {
  return Number(hash.slice(4, 6))
}

export class Htpasswd {
  readonly #hashes: ReadonlyMap<string, string>
  /** The file's costliest hash: an unknown user's password is checked against it (and never taken). */
  readonly #costliest: string
  readonly #check: PasswordCheck
  /** Per user, the HMAC of the password last proven right. */
  readonly #proven = new Map<string, Buffer>()
  readonly #key = randomBytes(32)

  private constructor(hashes: ReadonlyMap<string, string>, check: PasswordCheck) {
    this.#hashes = hashes
    this.#costliest = [...hashes.values()].reduce((costliest, hash) => bcryptCost(hash) > bcryptCost(costliest) ? hash : costliest)
    this.#check = check
  }

  /**
   * Reads and checks the file: exit 2 when it cannot be read, holds an entry
   * that is not bcrypt, or no user. `check` compares a password with a hash
   * (tests give their own).
   */
  static async load(path: string, cwd: string, check: PasswordCheck = new BcryptThread().check): Promise<Htpasswd> {
    const hint = 'make it with htpasswd -cB FILE USER'
    const file = await readSmallFile(resolve(cwd, path), MAX_FILE_BYTES).catch((e: unknown) => {
      throw usageError(`cannot read --htpasswd ${path}: ${errnoWords(e)}`, hint)
    })
    if (file.kind === 'folder') throw usageError(`cannot read --htpasswd ${path}: it is a folder`, hint)
    if (file.kind === 'too large') throw usageError(`--htpasswd ${path} is larger than 1 MiB`, 'is it a file of users made with htpasswd -B?')
    const text = file.bytes.toString('utf8')
    return new Htpasswd(parseHtpasswd(text, path), check)
  }

  get users(): number {
    return this.#hashes.size
  }

  #hmac({ user, password }: Credentials): Buffer {
    return createHmac('sha256', this.#key).update(user).update('\0').update(password).digest()
  }

  /** The user, when these credentials were proven right before (no bcrypt); else null. */
  proven(credentials: Credentials): string | null {
    const known = this.#proven.get(credentials.user)
    return known !== undefined && timingSafeEqual(known, this.#hmac(credentials)) ? credentials.user : null
  }

  /** The user the credentials prove, by bcrypt, or null: an unknown user or a wrong password (see the top of this file). */
  async verify(credentials: Credentials): Promise<string | null> {
    const { user, password } = credentials
    const known = this.#hashes.get(user)
    if (known === undefined) {
      await this.#check(password, this.#costliest)
      return null
    }
    if (await this.#check(password, known)) {
      this.#proven.set(user, this.#hmac(credentials))
      return user
    }
    if (bcryptCost(known) < bcryptCost(this.#costliest)) await this.#check(password, this.#costliest)
    return null
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
export function basicCredentials(authorization: string | undefined): Credentials | null {
  const match = /^Basic +([A-Za-z0-9+/]+={0,2}) *$/i.exec(authorization ?? '')
  if (!match) return null
  const decoded = Buffer.from(match[1] as string, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0) return null
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) }
}
