/**
 * `profiler-search serve` refusing to start, each time with exit 2 and one
 * line that says why, before anything is read or listened on: an address
 * beyond this machine without --htpasswd, stdin, a bad --listen, a file of
 * users that is not bcrypt, a missing log.
 */

import t from 'tap'
import { runCli } from '../helpers/run-cli.js'

const NGINX = 'fixtures/nginx/access.log'

t.test('--listen 0.0.0.0:… without --htpasswd: refused at start', async (t) => {
  const r = await runCli(['serve', NGINX, '--listen', '0.0.0.0:8080'])
  t.strictSame([r.code, r.stdout], [2, ''])
  t.equal(r.stderr, 'profiler-search: refusing to listen on 0.0.0.0:8080 without --htpasswd: the pages show client addresses and raw log lines ' +
    '(give --htpasswd FILE (made with profiler-search htpasswd FILE USER, or htpasswd -cB FILE USER), or listen on 127.0.0.1)\n')
  const v6 = await runCli(['serve', NGINX, '--listen', '[::]:8080'])
  t.equal(v6.code, 2)
  t.match(v6.stderr, /^profiler-search: refusing to listen on \[::\]:8080 without --htpasswd/)
})

t.test('stdin, a bad --listen, a file of users that is not bcrypt, a missing log: exit 2, one line', async (t) => {
  const dir = t.testdir({ users: 'carol:$apr1$Ni1.xIJu$v2pEzhMA88s2Mt55mukDj.\n' })
  const cases: Array<[string[], string]> = [
    [['serve'], 'profiler-search: serve needs log files, not stdin: each search reads the logs again (name them, e.g. profiler-search serve /var/log/nginx/access.log)\n'],
    [['serve', '-'], 'profiler-search: serve needs log files, not stdin: each search reads the logs again (name them, e.g. profiler-search serve /var/log/nginx/access.log)\n'],
    [['serve', NGINX, '--listen', '8080'], 'profiler-search: option \'--listen <address>\' argument \'8080\' is invalid. give HOST:PORT with an IP address or localhost, ' +
      'such as 127.0.0.1:8080, [::1]:8080 or 0.0.0.0:8080 (port 0: any free port) (see profiler-search serve --help)\n'],
    [['serve', NGINX, '--listen', '127.0.0.1:0', '--htpasswd', `${dir}/users`], `profiler-search: --htpasswd ${dir}/users:1: the entry of "carol" is not bcrypt ` +
      `(make it again with htpasswd -B ${dir}/users carol (MD5, SHA-1 and crypt entries are not taken))\n`],
    [['serve', 'fixtures/nginx/acess.log', '--listen', '127.0.0.1:0'], 'profiler-search: cannot read fixtures/nginx/acess.log: no such file (check the path; use - to read stdin)\n'],
    [['serve', NGINX, '--max-searches', '0'], 'profiler-search: option \'--max-searches <n>\' argument \'0\' is invalid. give a whole number from 1 to 64 (see profiler-search serve --help)\n'],
  ]
  for (const [args, stderr] of cases) {
    const r = await runCli(args)
    t.strictSame([r.code, r.stderr], [2, stderr], args.join(' '))
  }
})

t.test('serve\'s options from a config file, checked as flags are', async (t) => {
  const dir = t.testdir({ 'serve.json': JSON.stringify({ listen: '0.0.0.0:9000', searchTimeout: 5, maxSearches: 3 }), 'bad.json': JSON.stringify({ maxSearches: 0 }) })
  const r = await runCli(['serve', NGINX, '--config', `${dir}/serve.json`])
  t.equal(r.code, 2)
  t.match(r.stderr, /^profiler-search: refusing to listen on 0\.0\.0\.0:9000 without --htpasswd/, 'the file\'s --listen is taken')
  const bad = await runCli(['serve', NGINX, '--config', `${dir}/bad.json`])
  t.equal(bad.code, 2)
  t.equal(bad.stderr, `profiler-search: ${dir}/bad.json: /maxSearches must be an integer from 1 to 64 (got 0)\n`)
})
