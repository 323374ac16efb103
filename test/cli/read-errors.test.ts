/**
 * A read error nobody can foresee (EIO from a failing disk or NFS; reading
 * /proc/self/mem from its start gives one) is one line naming the input,
 * exit 2, and nothing written, wherever the input is named: never exit 70,
 * which is for our own bugs.
 */

import { existsSync, readFileSync } from 'node:fs'
import t from 'tap'
import { fixture, runCli } from '../helpers/run-cli.js'

const MEM = '/proc/self/mem'
const NGINX = fixture('nginx/access.log')

t.test('every command, every place an input is named: exit 2, one line, nothing written', { skip: existsSync(MEM) ? false : 'no /proc/self/mem here' }, async (t) => {
  const dir = t.testdir({ 'old.html': 'old page' })
  const cases: Array<[string[], string]> = [
    [['build', MEM, '-o', `${dir}/old.html`], `cannot read ${MEM}: EIO: i/o error, read`],
    [['build', NGINX, MEM, '--full-scan', '--threads', '2', '-o', `${dir}/old.html`], `cannot read ${MEM}: EIO: i/o error, read`],
    [['build', NGINX, '--notices', MEM, '-o', `${dir}/old.html`], `--notices: cannot read ${MEM}: EIO: i/o error, read`],
    [['build', '--config', MEM, NGINX, '-o', `${dir}/old.html`], `cannot read config file ${MEM}: an input/output error of the device (check the --config path)`],
    [['merge', MEM, '-o', `${dir}/old.html`], `cannot read ${MEM}: EIO: i/o error, read`],
    [['watch', MEM, '-o', `${dir}/new.html`], `cannot read ${MEM}: EIO: i/o error, read`],
    [['watch', NGINX, '--notices', MEM, '-o', `${dir}/new.html`], `--notices: cannot read ${MEM}: EIO: i/o error, read`],
    [['serve', MEM, '--listen', '127.0.0.1:0'], `cannot read ${MEM}: EIO: i/o error, read`],
    [['serve', NGINX, '--htpasswd', MEM, '--listen', '127.0.0.1:0'], `cannot read --htpasswd ${MEM}: an input/output error of the device (make it with htpasswd -cB FILE USER)`],
  ]
  for (const [args, message] of cases) {
    const r = await runCli(args)
    t.strictSame([r.code, r.stderr, r.stdout], [2, `profiler-search: ${message}\n`, ''], args.join(' '))
  }
  t.equal(readFileSync(`${dir}/old.html`, 'utf8'), 'old page', 'the page published before is left as it was')
  t.notOk(existsSync(`${dir}/new.html`), 'no page made')
})
