/**
 * `profiler-search watch` (src/cli/watch-command.ts): build's options that
 * apply, its own two, and the watch job's options, combinations that cannot
 * work refused.
 */

import t from 'tap'
import { addWatchCommand, watchOptionsOf, type WatchFlags } from '../../../src/cli/watch-command.js'
import { FOLLOW_TIMING } from '../../../src/input/follow-file.js'
import { commandWith } from '../../helpers/command-flags.js'

const flagsOf = (argv: string[]): WatchFlags => commandWith(addWatchCommand, argv).opts<WatchFlags>()

const refusal = (argv: string[]): string => {
  try {
    watchOptionsOf([], flagsOf(argv), null)
    return 'accepted'
  } catch (e) {
    const { message, hint, exitCode } = e as { message: string; hint: string; exitCode: number }
    return `${exitCode}: ${message} (${hint})`
  }
}

t.test('build\'s options, with the interval in milliseconds, the refresh and the follow timing', async (t) => {
  const options = watchOptionsOf(['access.log'], flagsOf(['-o', 'out.html', '--interval', '0.25', '--refresh', '5', '-n', '20']), null)
  t.match(options, { inputs: ['access.log'], output: 'out.html', limit: 20, emit: 'html', intervalMs: 250, refresh: 5 })
  t.equal(options.follow, FOLLOW_TIMING)
  t.match(watchOptionsOf([], flagsOf(['--out-dir', 'site']), null), { outDir: 'site', intervalMs: 1000, refresh: null }, 'the interval is 1 s unless given')
  t.equal(watchOptionsOf([], flagsOf(['-o', 'x', '--interval', '0.125']), null).intervalMs, 125)
})

t.test('combinations that cannot work: refused with a hint', async (t) => {
  t.equal(refusal([]), '2: watch needs --output <file> or --out-dir <dir> (it publishes the page again as the logs grow, e.g. -o /var/www/profiler/index.html)')
  t.equal(refusal(['-o', 'rows.json', '--emit', 'json', '--refresh', '5']), '2: --refresh is for the HTML page, not --emit json (leave out --refresh or --emit)')
  t.equal(refusal(['--out-dir', 'site', '--emit', 'csv']), '2: option \'--out-dir <dir>\' cannot be used with \'--emit csv\' (the site is HTML; write csv with -o FILE or to stdout)', 'build\'s checks too')
  t.equal(refusal(['-o', 'rows.json', '--emit', 'json']), 'accepted')
})

t.test('build\'s options without --strict, --if-changed and --all-notices; --interval and --refresh after --out-dir', async (t) => {
  const command = commandWith(addWatchCommand, [])
  t.strictSame(command.options.map((option) => option.long), [
    '--output', '--out-dir', '--interval', '--refresh', '--limit', '--tz', '--ip', '--method', '--status', '--url', '--token', '--from', '--until',
    '--any-url', '--crawlers', '--server', '--log-format', '--json-fields', '--log-tz', '--client-ip', '--trusted-proxy', '--verbose', '--partial-ok',
    '--anonymize-ip', '--hide-raw', '--full-paths', '--full-scan', '--threads', '--order-tolerance', '--quiet', '--emit', '--server-name', '--notices', '--notices-limit', '--redact-path', '--config',
  ])
  t.equal(command.options[0]?.description, 'write the page to FILE atomically, and again whenever the listing changes')
})
