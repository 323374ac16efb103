/**
 * Start-up cost: what a run does not need is never loaded, neither the
 * libraries in node_modules nor Node's heavier built-in modules. Each run of
 * the built bin reports, as it exits, which of them were loaded.
 */

import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import t from 'tap'
import { BIN, NODE, NODE_ARGS, ROOT, fixture } from '../helpers/run-cli.js'

const LIBRARIES = ['ajv', 'handlebars', 'ipaddr.js', 'isbot', 'luxon'] as const
/** Built-in modules a small run should not pay for: fs/promises alone loads eleven internal ones (see src/file-system.ts). */
const BUILTINS = ['child_process', 'crypto', 'fs/promises', 'net', 'readline', 'stream', 'zlib'] as const

/**
 * A CommonJS preload (an ES module preload would start Node's ES module loader, which loads
 * fs/promises and streams itself) that writes the loaded libraries and built-in modules, as
 * JSON, to fd 3 when the process exits.
 */
const REPORT = `const { writeSync } = require('node:fs')
const cache = require.cache
process.on('exit', () => {
  const libraries = ${JSON.stringify(LIBRARIES)}.filter((n) => Object.keys(cache).some((k) => k.includes('/node_modules/' + n + '/')))
  const builtins = ${JSON.stringify(BUILTINS)}.filter((n) => process.moduleLoadList.includes('NativeModule ' + n))
  writeSync(3, JSON.stringify({ libraries, builtins }))
})
`
const reportFile = join(t.testdir({ 'report.cjs': REPORT }), 'report.cjs')

interface Loaded {
  code: number | null
  libraries: string[]
  builtins: string[]
  stderr: string
}

/** Runs the bin alone: without tap's process-info hooks, which load modules of their own. */
const loadedBy = (args: string[]): Loaded => {
  const r = spawnSync(NODE, [...NODE_ARGS, '--require', reportFile, BIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, TZ: 'UTC', LANG: 'C' },
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
  })
  const report = JSON.parse((r.output[3] as Buffer | null)?.toString() || '{"libraries":[],"builtins":[]}') as Omit<Loaded, 'code' | 'stderr'>
  return { code: r.status, ...report, stderr: r.stderr.toString() }
}

const LOG = fixture('nginx/access.log')

t.test('a page of a plain log, written to a file: no library, no heavy built-in module', async (t) => {
  const dir = t.testdir({})
  const r = loadedBy(['build', LOG, '-o', `${dir}/page.html`])
  t.equal(r.code, 0, r.stderr)
  t.strictSame(r.libraries, [], 'handlebars\' runtime is in the bundle, its compiler never loads')
  t.strictSame(r.builtins, [], 'no zlib, crypto, child_process, net, nor fs/promises, readline or streams')
})

t.test('data output needs no templates; ISO timestamps need luxon', async (t) => {
  const dir = t.testdir({})
  t.strictSame(loadedBy(['build', LOG, '--emit', 'csv', '-o', `${dir}/rows.csv`]).libraries, ['luxon'])
})

t.test('each library comes in with the option that needs it', async (t) => {
  const dir = t.testdir({})
  t.strictSame(loadedBy(['build', LOG, '--tz', 'Europe/Berlin', '-o', `${dir}/a.html`]).libraries, ['luxon'])
  t.strictSame(loadedBy(['build', LOG, '--ip', '10.0.0.0/8', '-o', `${dir}/b.html`]).libraries, ['ipaddr.js'])
  t.strictSame(loadedBy(['build', LOG, '--crawlers', 'exclude', '-o', `${dir}/c.html`]).libraries, ['isbot'])
  t.strictSame(loadedBy(['--version']).libraries, [])
})

t.test('gzip input brings zlib and the streams it is read through, and only then', async (t) => {
  const dir = t.testdir({})
  const r = loadedBy(['build', '--quiet', fixture('nginx/rotated/access.log.2.gz'), '-o', `${dir}/page.html`])
  t.equal(r.code, 0, r.stderr)
  t.strictSame(r.builtins, ['stream', 'zlib'])
})
