/** `profiler-search ship` (src/cli/ship-command.ts): its options, defaults, and the ship job's options. */

import t from 'tap'
import { addShipCommand, shipOptionsOf, type ShipFlags } from '../../../src/cli/ship-command.js'
import { FOLLOW_TIMING } from '../../../src/input/follow-file.js'
import { commandWith } from '../../helpers/command-flags.js'
import { runCli } from '../../helpers/run-cli.js'

const flagsOf = (argv: string[]): ShipFlags => commandWith(addShipCommand, argv).opts<ShipFlags>()

t.test('defaults, and each flag into its place', async (t) => {
  t.strictSame(shipOptionsOf(['a.log'], flagsOf(['--to', 'clickhouse://h/d.t'])), {
    inputs: ['a.log'], to: 'clickhouse://h/d.t', host: null, once: false, batchRows: 100_000, intervalMs: 1000, bufferRows: 200_000,
    read: { logFormat: { kind: 'auto' }, jsonFields: null, logTz: null, clientIp: 'logged', trustedProxies: null },
    verbose: false, quiet: false, follow: { ...FOLLOW_TIMING, pollBytes: 16 * 1024 * 1024 }, pollMs: 250,
  })
  const options = shipOptionsOf([], flagsOf(['--to', 'u', '--once', '--host', 'web1', '--batch-lines', '500000', '--batch-interval', '0.5', '--log-tz', 'Europe/Berlin', '--quiet']))
  t.strictSame([options.once, options.host, options.batchRows, options.bufferRows, options.intervalMs, options.read.logTz, options.quiet], [true, 'web1', 500_000, 1_000_000, 500, 'Europe/Berlin', true])
})

t.test('the options, and refusals', async (t) => {
  t.strictSame(commandWith(addShipCommand, ['--to', 'u']).options.map((option) => option.long),
    ['--to', '--once', '--host', '--batch-lines', '--batch-interval', '--log-format', '--json-fields', '--log-tz', '--verbose', '--quiet', '--config'])
  t.throws(() => flagsOf(['--to', 'u', '--host', 'a b']), { code: 'commander.invalidArgument' })
  t.throws(() => flagsOf(['--to', 'u', '--batch-lines', '1000001']), { code: 'commander.invalidArgument' })
  const cases: Array<[string[], string]> = [
    [['ship', 'a.log'], "profiler-search: required option '--to <url>' not specified (see profiler-search ship --help; or \"to\" in the config file)\n"],
    [['ship', '--to', 'clickhouse://h/d.t'], 'profiler-search: ship needs the logs to ship (name them, e.g. /var/log/nginx/access.log)\n'],
    [['ship', '-', '--to', 'clickhouse://h/d.t'], 'profiler-search: ship reads files, not stdin (-) (name the log files; ship follows them by name)\n'],
    [['ship', 'a.log', '--to', 'http://h/d.t'], 'profiler-search: http://h/d.t: not a clickhouse:// or clickhouses:// URL (give clickhouse://[user@]host[:port]/database.table)\n'],
  ]
  for (const [argv, stderr] of cases) {
    const r = await runCli(argv)
    t.strictSame([r.code, r.stderr], [2, stderr], argv.join(' '))
  }
})
