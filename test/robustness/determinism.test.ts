/**
 * The same inputs and options give byte-identical output whatever the TZ and
 * locale of the environment (the page's generated time from SOURCE_DATE_EPOCH): with --tz, and without it (each line's own
 * offset), for the page, the site and every --emit format. Each environment
 * is a process of its own, started with it (the environment of the process is
 * the point), which runs every build of this file through the built program's
 * main(argv, io), as the bin does: one process per environment rather than
 * per build, since starting one costs more than a build of these inputs.
 */

import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import t from 'tap'
import { ownDir } from '../helpers/own-dir.js'
import { fixture, NODE, NODE_ARGS, ROOT, SOURCE_DATE_EPOCH, type CliResult } from '../helpers/run-cli.js'

const ENVIRONMENTS: NodeJS.ProcessEnv[] = [
  { TZ: 'Pacific/Chatham', LANG: 'de_DE.UTF-8' },
  { TZ: 'America/St_Johns', LANG: 'tr_TR.UTF-8', LC_ALL: 'tr_TR.UTF-8' },
  { TZ: 'Asia/Kathmandu', LANG: 'ar_EG.UTF-8', LC_ALL: 'ar_EG.UTF-8' },
  { TZ: 'Australia/Lord_Howe', LANG: 'th_TH.UTF-8', LC_ALL: 'th_TH.UTF-8' },
]

const INPUTS = [
  fixture('nginx/access.log'),
  fixture('apache/access.log'),
  fixture('handmade/mixed.log'),
  fixture('hostile/access.log'),
  fixture('hostile/raw-bytes.log'),
]

const OPTIONS: string[][] = [
  [],
  ['--tz', 'Europe/Berlin'],
  ['--tz', 'Pacific/Chatham', '--limit', '100', '--any-url', '--method', 'any', '--status', 'any'],
  ['--emit', 'json'],
  ['--emit', 'ndjson', '--tz', 'America/New_York'],
  ['--emit', 'csv', '--limit', '50'],
]

/**
 * Runs each argv of `builds` in turn in one new process with `env` (over the test's own, as
 * spawnCli does), through dist/cli.cjs main(argv, io) with its output collected, as the bin prints it.
 */
const BASE: NodeJS.ProcessEnv = { TZ: 'UTC', LANG: 'C', SOURCE_DATE_EPOCH }

const DRIVER = `
import { Readable, Writable } from 'node:stream'
const { main } = await import(${JSON.stringify(pathToFileURL(join(ROOT, 'dist/cli.cjs')).href)})
const collect = (chunks) => new Writable({ write: (chunk, _encoding, done) => { chunks.push(chunk); done() } })
const results = []
for (const argv of JSON.parse(process.argv[1])) {
  const stdout = []
  const stderr = []
  const code = await main(argv, { stdin: Readable.from([]), stdout: collect(stdout), stderr: collect(stderr), cwd: process.cwd(), env: process.env })
  results.push({ code, signal: null, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') })
}
process.stdout.write(JSON.stringify(results))
`

const buildsIn = (env: NodeJS.ProcessEnv, builds: string[][]): Promise<CliResult[]> =>
  new Promise((resolve, reject) => {
    const child = spawn(NODE, [...NODE_ARGS, '--input-type=module', '-e', DRIVER, JSON.stringify(builds)], {
      cwd: ROOT,
      env: { ...process.env, ...BASE, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const out: Buffer[] = []
    const err: Buffer[] = []
    child.stdout.on('data', (b: Buffer) => out.push(b))
    child.stderr.on('data', (b: Buffer) => err.push(b))
    child.on('error', reject)
    child.on('close', (code, signal) => {
      if (code === 0) resolve(JSON.parse(Buffer.concat(out).toString('utf8')) as CliResult[])
      else reject(new Error(`the builds in ${JSON.stringify(env)} ended with ${signal ?? `exit ${code}`}: ${Buffer.concat(err).toString('utf8')}`))
    })
  })

const dir = ownDir(t, 'determinism')
const siteArgs = (name: string): string[] => ['build', '--limit', '40', `--out-dir`, `${dir}/${name}`, ...INPUTS]
const pageArgs = OPTIONS.map((options) => ['build', ...options, ...INPUTS])

// every environment at the same time, each a process of its own: the pages, then the site
const [base, ...runs] = [BASE, ...ENVIRONMENTS].map((env, i) => buildsIn(env, [...pageArgs, siteArgs(i === 0 ? 'base' : `env${i - 1}`)]))
// a failed process fails the tests that use it (and no rejection goes unheard before they do)
for (const run of [base, ...runs]) run?.catch(() => undefined)

for (const [k, options] of OPTIONS.entries()) {
  t.test(`build ${options.join(' ') || '(defaults)'}: the same bytes in every environment`, async (t) => {
    const expected = (await base as CliResult[])[k] as CliResult
    t.equal(expected.code, 0, expected.stderr)
    t.ok(expected.stdout.length > 1000)
    for (const [i, run] of runs.entries()) {
      const r = (await run)[k] as CliResult
      t.equal(r.stdout, expected.stdout, JSON.stringify(ENVIRONMENTS[i]))
      t.equal(r.stderr, expected.stderr)
    }
  })
}

const siteFiles = (dir: string): Record<string, string> => {
  const files: Record<string, string> = {}
  const walk = (sub: string): void => {
    for (const entry of readdirSync(join(dir, sub), { withFileTypes: true })) {
      const path = join(sub, entry.name)
      if (entry.isDirectory()) walk(path)
      else files[path] = readFileSync(join(dir, path), 'utf8')
    }
  }
  walk('')
  return files
}

t.test('a --out-dir site: the same files with the same bytes in every environment', async (t) => {
  const site = OPTIONS.length
  const expectedRun = (await base as CliResult[])[site] as CliResult
  t.equal(expectedRun.code, 0, expectedRun.stderr)
  const expected = siteFiles(`${dir}/base`)
  t.ok(Object.keys(expected).length > 10)
  for (const [i, run] of runs.entries()) {
    t.equal(((await run)[site] as CliResult).code, 0)
    t.strictSame(siteFiles(`${dir}/env${i}`), expected, JSON.stringify(ENVIRONMENTS[i]))
  }
})
