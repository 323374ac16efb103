/**
 * The package as npm installs it, in a folder of its own: packed (npm pack,
 * from the bundle the tests run), installed with the dependencies
 * package-lock.json names (npm ci, offline: `npm ci` of the checkout left
 * them in npm's cache), and run from there. Nothing in it may depend on the
 * folder it was built in: a bug's stack names the installed files.
 */

import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t, { type Test } from 'tap'
import { fixture, NODE, NODE_ARGS, ROOT } from '../helpers/run-cli.js'
import { fileFrames, PLANT_BUG } from '../helpers/planted-bug.js'

interface LockEntry {
  dev?: boolean
}

/** npm as a user runs it (without tap's hooks); fails the test with npm's output when npm fails. */
const npm = (t: Test, args: string[], cwd: string): void => {
  const r = spawnSync(NODE, ['-u', 'NODE_OPTIONS', 'npm', ...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, encoding: 'utf8' })
  t.equal(r.status, 0, `npm ${args[0]}${r.stderr ? `: ${r.stderr}` : ''}`)
}

t.test('packed and installed in another folder: it runs, and a bug names the installed src/ files', async (t) => {
  // outside the checkout, whose node_modules would lend the package what it lacks
  const dir = mkdtempSync(join(tmpdir(), 'profiler-search-installed-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const pkg = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { version: string; dependencies: Record<string, string> }
  // as the README's `npm install -g $(npm pack)` runs it: it prints the tarball's name alone, and builds nothing
  // again (a prepare script would rebuild dist/ under the tests that run it)
  const packed = spawnSync(NODE, ['-u', 'NODE_OPTIONS', 'npm', 'pack', '--pack-destination', dir], { cwd: ROOT, encoding: 'utf8' })
  t.strictSame([packed.status, packed.stdout], [0, `profiler-search-${pkg.version}.tgz\n`], 'npm pack prints the file name alone')
  const tarball = `file:${dir}/profiler-search-${pkg.version}.tgz`
  // the dependencies as locked: the checkout's lock without its development packages
  const lock = JSON.parse(readFileSync(`${ROOT}package-lock.json`, 'utf8')) as { packages: Record<string, LockEntry> }
  const locked = Object.entries(lock.packages).filter(([path, entry]) => path !== '' && entry.dev !== true)
  const install = `${dir}/install`
  mkdirSync(install)
  writeFileSync(`${install}/package.json`, JSON.stringify({ private: true, dependencies: { 'profiler-search': tarball } }))
  writeFileSync(`${install}/package-lock.json`, JSON.stringify({
    lockfileVersion: 3,
    packages: {
      '': { dependencies: { 'profiler-search': tarball } },
      'node_modules/profiler-search': { version: pkg.version, resolved: tarball, dependencies: pkg.dependencies },
      ...Object.fromEntries(locked),
    },
  }))
  npm(t, ['ci', '--offline', '--ignore-scripts'], install)
  const installed = `${install}/node_modules/profiler-search/`
  const bin = `${installed}bin/profiler-search.js`
  // npm runs (or asks to allow) these when it installs a tarball: the package needs none, and ships no scripts/ to run
  const { scripts } = JSON.parse(readFileSync(`${installed}package.json`, 'utf8')) as { scripts: Record<string, string> }
  t.strictSame(Object.keys(scripts).filter((name) => /^(pre|post)?(install|prepare)$/.test(name)), [], 'no install-time script in the package')

  const run = spawnSync(NODE, [...NODE_ARGS, bin, 'build', '--emit', 'csv', fixture('nginx/access.log')], { cwd: install, encoding: 'utf8' })
  t.strictSame([run.status, run.stderr], [0, ''], 'a build runs')
  t.match(run.stdout, /^status,/, 'and prints its rows')

  const bug = spawnSync(NODE, [...NODE_ARGS, `--import=${PLANT_BUG}`, bin, 'build', fixture('nginx/access.log')], { cwd: install, encoding: 'utf8' })
  t.equal(bug.status, 70, 'exit 70')
  t.strictSame(bug.stderr.split('\n').slice(0, 2), ['profiler-search: internal error, please report it:', 'TypeError: a bug planted by the test'])
  const frames = fileFrames(bug.stderr)
  t.match(frames, [{ file: `${installed}src/input/open-inputs.ts` }], 'the first frame names the installed src/ file')
  t.strictSame(frames.filter(({ file }) => !file.startsWith(installed) || !existsSync(file)), [], 'every frame names an installed file, there')
})

t.test('a clone installed before npm ci bundled it: one line saying so, not a stack', async (t) => {
  const dir = t.testdir({ bin: { 'profiler-search.js': readFileSync(`${ROOT}bin/profiler-search.js`, 'utf8'), 'package.json': readFileSync(`${ROOT}bin/package.json`, 'utf8') } })
  const r = spawnSync(NODE, [...NODE_ARGS, `${dir}/bin/profiler-search.js`, '--version'], { encoding: 'utf8' })
  t.strictSame([r.status, r.stdout, r.stderr], [2, '', `profiler-search: the program is not built in ${dir} (run npm ci there: it bundles dist/)\n`])
})
