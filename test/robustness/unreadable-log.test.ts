/**
 * A log only root and the adm group may read (Debian's nginx and Apache
 * logs: root:adm 0640), named by another user: exit 2, one line naming it,
 * and a hint that points at the adm group. The run is `nobody`'s (setpriv),
 * so the kernel refuses it as it would that user.
 */

import { chmodSync, chownSync } from 'node:fs'
import t from 'tap'
import { asOtherUser, needsRoot } from '../helpers/other-user.js'
import { BIN } from '../helpers/run-cli.js'

/** The adm group of Debian. */
const ADM = 4

t.test('a log of root:adm 0640 read by another user: permission denied, and the adm group hinted', { skip: needsRoot }, async (t) => {
  const dir = t.testdir({ 'access.log': '192.0.2.1 - - [22/Nov/2026:10:00:00 +0000] "GET /moebel/ HTTP/1.1" 200 5 "-" "-"\n' })
  chmodSync(dir, 0o755)
  chownSync(`${dir}/access.log`, 0, ADM)
  chmodSync(`${dir}/access.log`, 0o640)
  const r = asOtherUser('env -u NODE_OPTIONS "$1" "$2" build "$3"', process.execPath, BIN, `${dir}/access.log`)
  t.equal(r.status, 2)
  t.equal(r.stdout, '')
  t.equal(r.stderr, `profiler-search: cannot read ${dir}/access.log: permission denied (Debian's nginx and Apache logs are readable by root and the adm group: ` +
    'add the user running this to it (usermod -aG adm USER, then log in again), or run it as root)\n')
})
