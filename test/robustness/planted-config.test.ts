/**
 * A config file another user planted (issue 29): root runs `build` in a
 * folder everyone may write to (mode 1777), where `nobody` has put a
 * profiler-search.config.json whose `output` names a file of root's. The
 * file is passed over with one line on stderr and the page goes to stdout;
 * named by --config it is refused (exit 2). Root's own file there is read.
 * The other user's steps run as nobody (helpers/other-user.ts).
 */

import { chmodSync, readFileSync, writeFileSync } from 'node:fs'
import t from 'tap'
import { CONFIG_FILE_NAME } from '../../src/config/load-config.js'
import { UNTRUSTED_CONFIG_HINT } from '../../src/config/trusted-config.js'
import { tableRows } from '../helpers/page.js'
import { asOtherUser, needsRoot } from '../helpers/other-user.js'
import { fixture, runCli } from '../helpers/run-cli.js'

const LOG = fixture('nginx/access.log')

t.test('as root in a folder of mode 1777, nobody\'s config is passed over and root\'s file stays', { skip: needsRoot }, async (t) => {
  const dir = t.testdir({ shared: {}, 'precious.html': 'root\'s own page\n' })
  chmodSync(`${dir}/shared`, 0o1777)
  const planted = `${dir}/shared/${CONFIG_FILE_NAME}`
  const made = asOtherUser('printf \'{"output": "%s", "limit": 1}\' "$1" > "$2"', `${dir}/precious.html`, planted)
  t.equal(made.status, 0, `nobody planted the config: ${made.stderr}`)

  const r = await runCli(['build', LOG], { cwd: `${dir}/shared` })
  t.equal(r.code, 0)
  t.equal(r.stderr, `profiler-search: ignoring ${planted}: it belongs to uid 65534, not to root (${UNTRUSTED_CONFIG_HINT})\n`)
  t.equal(tableRows(r.stdout).length, 10, 'the page on stdout, of the default 10 rows: nothing of the file was taken')
  t.equal(readFileSync(`${dir}/precious.html`, 'utf8'), 'root\'s own page\n', 'root\'s file is not replaced')

  const named = await runCli(['build', '--config', planted, LOG])
  t.strictSame([named.code, named.stdout, named.stderr],
    [2, '', `profiler-search: refusing config file ${planted}: it belongs to uid 65534, not to root (${UNTRUSTED_CONFIG_HINT})\n`])
  t.equal(readFileSync(`${dir}/precious.html`, 'utf8'), 'root\'s own page\n')
})

t.test('as root in a folder of mode 1777, root\'s own config is read', { skip: needsRoot }, async (t) => {
  const dir = t.testdir({ shared: {} })
  chmodSync(`${dir}/shared`, 0o1777)
  writeFileSync(`${dir}/shared/${CONFIG_FILE_NAME}`, '{"limit": 1}')
  const r = await runCli(['build', LOG], { cwd: `${dir}/shared` })
  t.strictSame([r.code, r.stderr, tableRows(r.stdout).length], [0, '', 1])
  t.match(asOtherUser('echo \'{"limit": 5}\' > "$1"', `${dir}/shared/${CONFIG_FILE_NAME}`).stderr, /Permission denied/, 'nobody cannot rewrite it')
})
