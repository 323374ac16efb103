/**
 * The bin switches on Node's compile cache (22.1+) in dist/compile-cache,
 * a folder of the package, never Node's default under the temporary folder,
 * where another user could plant compiled code for root to run. A user who
 * cannot write that folder runs as before: nothing said, nothing failed.
 */

import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import t from 'tap'
import { asOtherUser, needsRoot, OTHER_USER } from '../helpers/other-user.js'
import { BIN, fixture, NODE, NODE_ARGS, ROOT } from '../helpers/run-cli.js'

const CACHE = join(ROOT, 'dist', 'compile-cache')
const hasCompileCache = typeof (createRequire(import.meta.url)('node:module') as { enableCompileCache?: unknown }).enableCompileCache === 'function'
const ARGS = ['build', fixture('nginx/access.log'), '--emit', 'csv']

/** The folders Node made in the cache for this Node.js: one per user (`v24.1.0-x64-<tag>-<uid>`). */
const folders = (): string[] => existsSync(CACHE) ? readdirSync(CACHE).filter((name) => name.startsWith(`v${process.versions.node}-`)) : []

t.test('a run reads and writes its compiled code in dist/compile-cache, not in the temporary folder', { skip: hasCompileCache ? false : `Node ${process.version} has no compile cache` }, async (t) => {
  const tmp = t.testdir({})
  const run = () => spawnSync(NODE, [...NODE_ARGS, BIN, ...ARGS], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, TMPDIR: tmp, NODE_COMPILE_CACHE: '' } })
  const first = run()
  t.strictSame([first.status, first.stderr], [0, ''])
  t.match(first.stdout, /^status,ip,method/)
  const uid = process.getuid?.() ?? 0
  const own = folders().find((name) => name.endsWith(`-${uid}`))
  t.ok(own, `a folder for user ${uid} in ${CACHE}`)
  t.ok(readdirSync(join(CACHE, own ?? '')).length >= 2, 'the compiled code of dist/cli.cjs and dist/program.cjs')
  t.equal(statSync(join(CACHE, own ?? '')).mode & 0o022, 0, 'writable by its user alone')
  t.strictSame(readdirSync(tmp), [], 'nothing in the temporary folder')
  const again = run()
  t.strictSame([again.status, again.stdout, again.stderr], [0, first.stdout, ''], 'the next run, from the cache, prints the same')
})

t.test('another user, who cannot write the folder, runs without the cache: same output, not a word more', { skip: needsRoot }, async (t) => {
  const own = spawnSync(NODE, [...NODE_ARGS, BIN, ...ARGS], { cwd: ROOT, encoding: 'utf8' })
  // as a user starts it: not with tap's hooks, which write into the checkout
  const other = asOtherUser('cd / && exec env -u NODE_OPTIONS "$@"', process.execPath, BIN, ...ARGS)
  t.strictSame([other.status, other.stderr, other.stdout], [0, '', own.stdout])
  t.strictSame(folders().filter((name) => name.endsWith(`-${OTHER_USER.uid}`)), [], 'no folder of that user in the package')
})
