/**
 * A second local user acting against a run of ours, as in a folder root
 * shares with a web server or another login: its steps run as `nobody`
 * (setpriv, util-linux), so what the kernel lets that user do is what it can
 * do. Only root can switch users; such tests are skipped otherwise.
 */

import { spawnSync } from 'node:child_process'

/** nobody:nogroup on Debian. */
export const OTHER_USER = { uid: 65534, gid: 65534 } as const

/** A tap `skip` value: false as root, else why the test cannot run. */
export const needsRoot: false | string = process.geteuid?.() === 0 ? false : 'needs root to act as a second user (setpriv)'

export interface OtherUserResult {
  status: number | null
  stdout: string
  stderr: string
}

/** Runs a shell script as the other user; `args` are its $1, $2, … */
export const asOtherUser = (script: string, ...args: string[]): OtherUserResult => {
  const r = spawnSync('setpriv', [`--reuid=${OTHER_USER.uid}`, `--regid=${OTHER_USER.gid}`, '--clear-groups', 'sh', '-c', script, 'sh', ...args], { encoding: 'utf8' })
  return { status: r.status, stdout: r.stdout, stderr: r.stderr }
}
