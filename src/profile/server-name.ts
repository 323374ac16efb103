/**
 * `build --server-name NAME`: which server a row was listed on, so a page
 * merged from several (each logging to the same /var/log/nginx/access.log)
 * can tell them apart. It goes into each row's data (`server`) and detail,
 * and merge keeps it.
 */

import type { ProfileRow } from '../record.js'

/** The longest name: a DNS name's length. */
export const MAX_SERVER_NAME = 253

/** Why a `--server-name` value is not usable, as a hint; undefined when it is fine. */
export function serverNameProblem(name: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  if (name.trim() === '' || name.length > MAX_SERVER_NAME || /[\u0000-\u001f\u007f]/.test(name)) {
    return `give a name for this server, such as web1 or web1.shop.example (at most ${MAX_SERVER_NAME} characters, no control characters)`
  }
  return undefined
}

/** The rows, each naming `server`. */
export function rowsOfServer(rows: readonly ProfileRow[], server: string): ProfileRow[] {
  return rows.map((row) => ({ ...row, record: { ...row.record, server } }))
}
