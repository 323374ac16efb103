/**
 * `profiler-search serve` (src/cli/serve-command.ts): its own options, the
 * build options that apply, and the serve job's options; stdin refused.
 */

import t from 'tap'
import { addServeCommand, serveOptionsOf, type ServeFlags } from '../../../src/cli/serve-command.js'
import { FOLLOW_TIMING } from '../../../src/input/follow-file.js'
import { DEFAULT_CRITERIA } from '../../../src/select/criteria.js'
import { commandWith } from '../../helpers/command-flags.js'

const flagsOf = (argv: string[]): ServeFlags => commandWith(addServeCommand, argv).opts<ServeFlags>()

t.test('the defaults: 127.0.0.1:8080, 10 s, 2 searches; the default page\'s criteria and 1000 rows kept', async (t) => {
  const options = serveOptionsOf(['access.log'], flagsOf([]), null)
  t.strictSame(options.listen, { host: '127.0.0.1', port: 8080 })
  t.equal(options.htpasswd, null)
  t.strictSame(options.allowHosts, [])
  t.equal(options.searchTimeoutMs, 10_000)
  t.equal(options.maxSearches, 2)
  t.equal(options.queueWaitMs, 2000)
  t.equal(options.follow, FOLLOW_TIMING)
  t.match(options.build, { inputs: ['access.log'], limit: 1000, emit: 'html', output: null, outDir: null, tz: null, fullScan: false, orderTolerance: 60 })
  t.strictSame(options.build.criteria, DEFAULT_CRITERIA)
})

t.test('its flags, and build\'s that apply', async (t) => {
  const options = serveOptionsOf(['a.log', 'a.log.1'], flagsOf([
    '--listen', '[::1]:9000', '--htpasswd', 'users', '--allow-host', 'p.example', '--allow-host', 'q.example', '--search-timeout', '2.5',
    '--max-searches', '4', '--tz', 'Europe/Berlin', '--any-url', '--crawlers', 'exclude', '--full-scan', '--order-tolerance', '5',
  ]), null)
  t.match(options, { listen: { host: '::1', port: 9000 }, htpasswd: 'users', allowHosts: ['p.example', 'q.example'], searchTimeoutMs: 2500, maxSearches: 4 })
  t.match(options.build, { inputs: ['a.log', 'a.log.1'], tz: 'Europe/Berlin', fullScan: true, orderTolerance: 5, criteria: { anyUrl: true, crawlers: 'exclude', method: 'GET' } })
})

t.test('stdin cannot be served: each search reads the logs again', async (t) => {
  for (const inputs of [[], ['-'], ['a.log', '-']]) {
    t.throws(() => serveOptionsOf(inputs, flagsOf([]), null), {
      exitCode: 2, message: 'serve needs log files, not stdin: each search reads the logs again', hint: 'name them, e.g. profiler-search serve /var/log/nginx/access.log',
    }, JSON.stringify(inputs))
  }
})

t.test('its options first, then build\'s that apply; no output, limit or search criteria', async (t) => {
  t.strictSame(commandWith(addServeCommand, []).options.map((option) => option.long), [
    '--listen', '--htpasswd', '--allow-host', '--search-timeout', '--max-searches',
    '--tz', '--any-url', '--crawlers', '--log-format', '--json-fields', '--log-tz', '--client-ip', '--trusted-proxy', '--verbose', '--partial-ok',
    '--anonymize-ip', '--hide-raw', '--full-paths', '--full-scan', '--threads', '--order-tolerance', '--quiet', '--server-name', '--config',
  ])
})
