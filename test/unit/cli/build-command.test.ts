/**
 * `profiler-search build` (src/cli/build-command.ts): its options and their
 * defaults, and the flags turned into the complete options of the build
 * job, combinations that cannot work refused.
 */

import t from 'tap'
import { addBuildCommand, buildOptionList, buildOptionsOf, type BuildFlags } from '../../../src/cli/build-command.js'
import type { BuildOptions } from '../../../src/jobs/build-options.js'
import { commandWith } from '../../helpers/command-flags.js'

const optionsOf = (argv: string[], inputs: string[] = []): BuildOptions => buildOptionsOf(inputs, commandWith(addBuildCommand, argv).opts<BuildFlags>(), null)

const refusal = (argv: string[]): string => {
  try {
    optionsOf(argv)
    return 'accepted'
  } catch (e) {
    const { message, hint, exitCode } = e as { message: string; hint: string; exitCode: number }
    return `${exitCode}: ${message} (${hint})`
  }
}

t.test('no flags: the documented defaults', async (t) => {
  t.strictSame(optionsOf([]), {
    inputs: [], output: null, outDir: null, limit: 10, tz: null, emit: 'html',
    criteria: { ip: null, method: 'GET', status: { kind: 'code', code: 200 }, url: null, token: null, from: null, until: null, anyUrl: false, crawlers: 'include', server: null },
    shapes: null, ifChanged: false, partialOk: false,
    notices: { files: [], limit: 10, all: false, redactPaths: [] },
    read: { logFormat: { kind: 'auto' }, jsonFields: null, logTz: null, clientIp: 'logged', trustedProxies: null, serverName: null },
    verbose: false, strict: false, fullScan: false, orderTolerance: 60, quiet: false,
    anonymizeIp: false, details: { hideRaw: false, fullPaths: false }, backwardMinBytes: 4 * 1024 * 1024,
    threads: null, threadSizes: { minBytes: 32 * 1024 * 1024, backwardBytes: 16 * 1024 * 1024, rangeBytes: 8 * 1024 * 1024, pieceBytes: 1024 * 1024 }, passOver: true,
  })
})

t.test('flags: each into its place; `any` is no criterion', async (t) => {
  const options = optionsOf(['-o', 'out.html', '-n', '5', '--tz', 'UTC', '--method', 'any', '--status', '4xx', '--url', '!/api', '--any-url',
    '--notices', 'php.log', '--notices', '-', '--notices-limit', '3', '--all-notices', '--redact-path', '/var/www', '--client-ip', 'forwarded',
    '--verbose', '--strict', '--if-changed', '--partial-ok', '--full-scan', '--threads', '3', '--order-tolerance', '0', '--quiet', '--emit', 'csv',
    '--anonymize-ip', '--hide-raw', '--full-paths', '--server-name', 'web1', '--server', 'web1', '--server', 'web 2'], ['a.log', '-'])
  t.match(options, {
    inputs: ['a.log', '-'], output: 'out.html', limit: 5, tz: 'UTC', emit: 'csv',
    criteria: { method: null, status: { kind: 'class', hundreds: 4 }, url: { exclude: true, text: '/api' }, anyUrl: true, server: ['web1', 'web 2'] },
    notices: { files: ['php.log', '-'], limit: 3, all: true, redactPaths: ['/var/www'] },
    read: { clientIp: 'forwarded', serverName: 'web1' },
    verbose: true, strict: true, ifChanged: true, partialOk: true, fullScan: true, threads: 3, orderTolerance: 0, quiet: true,
    anonymizeIp: true, details: { hideRaw: true, fullPaths: true },
  })
  t.equal(optionsOf(['--status', 'any']).criteria.status, null)
  t.equal(optionsOf(['--method', 'POST']).criteria.method, 'POST')
})

t.test('combinations that cannot work: refused with a hint', async (t) => {
  t.equal(refusal(['--out-dir', 'site', '--emit', 'json']), '2: option \'--out-dir <dir>\' cannot be used with \'--emit json\' (the site is HTML; write json with -o FILE or to stdout)')
  t.equal(refusal(['--if-changed']), '2: --if-changed needs --output <file> (stdout is written every time; give -o out.html)')
  t.equal(refusal(['--if-changed', '--out-dir', 'site']), '2: --if-changed needs --output <file> (stdout is written every time; give -o out.html)')
  t.equal(refusal(['--out-dir', 'site']), 'accepted')
  t.equal(refusal(['--out-dir', 'site', '--emit', 'html']), 'accepted')
})

t.test('the options, in --help\'s order', async (t) => {
  t.strictSame(buildOptionList().map((option) => option.long), [
    '--output', '--out-dir', '--limit', '--tz', '--ip', '--method', '--status', '--url', '--token', '--from', '--until', '--any-url', '--crawlers',
    '--server', '--log-format', '--json-fields', '--log-tz', '--client-ip', '--trusted-proxy', '--verbose', '--strict', '--if-changed', '--partial-ok',
    '--anonymize-ip', '--hide-raw', '--full-paths', '--full-scan', '--threads', '--order-tolerance', '--quiet', '--emit', '--server-name', '--notices', '--notices-limit', '--all-notices', '--redact-path', '--config',
  ])
  t.throws(() => commandWith(addBuildCommand, ['-n', '0']), { code: 'commander.invalidArgument' }, 'each value through its parser')
  t.throws(() => commandWith(addBuildCommand, ['--threads', '0']), { code: 'commander.invalidArgument' }, '--threads: at least 1')
})
