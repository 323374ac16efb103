/** `profiler-search merge` (src/cli/merge-command.ts): its options, defaults, and the merge job's options. */

import t from 'tap'
import { addMergeCommand, mergeOptionsOf, type MergeFlags } from '../../../src/cli/merge-command.js'
import { commandWith } from '../../helpers/command-flags.js'

const flagsOf = (argv: string[]): MergeFlags => commandWith(addMergeCommand, argv).opts<MergeFlags>()

t.test('defaults, and each flag into its place', async (t) => {
  t.strictSame(mergeOptionsOf([], flagsOf([])), {
    inputs: [], output: null, limit: 10, tz: null, emit: 'html', strict: false, ifChanged: false,
    anonymizeIp: false, details: { hideRaw: false, fullPaths: false },
  })
  t.strictSame(mergeOptionsOf(['web1.ndjson', '-'], flagsOf(['-o', 'index.html', '-n', '50', '--tz', 'Europe/Berlin', '--emit', 'csv', '--strict', '--if-changed',
    '--anonymize-ip', '--hide-raw', '--full-paths'])), {
    inputs: ['web1.ndjson', '-'], output: 'index.html', limit: 50, tz: 'Europe/Berlin', emit: 'csv', strict: true, ifChanged: true,
    anonymizeIp: true, details: { hideRaw: true, fullPaths: true },
  })
})

t.test('--if-changed needs a file', async (t) => {
  t.throws(() => mergeOptionsOf([], flagsOf(['--if-changed'])), {
    message: '--if-changed needs --output <file>', hint: 'stdout is written every time; give -o index.html', exitCode: 2,
  })
})

t.test('the options', async (t) => {
  t.strictSame(commandWith(addMergeCommand, []).options.map((option) => option.long), [
    '--output', '--limit', '--tz', '--emit', '--strict', '--if-changed', '--anonymize-ip', '--hide-raw', '--full-paths', '--config',
  ])
  t.throws(() => flagsOf(['--emit', 'xml']), { code: 'commander.invalidArgument' })
})
