/**
 * The same inputs and options give byte-identical output whatever the TZ and
 * locale of the environment: with --tz, and without it (each line's own
 * offset), for the page, the site and every --emit format. Each run is a
 * process of its own: the environment of the process is the point.
 */

import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { fixture, spawnCli } from '../helpers/run-cli.js'

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

for (const options of OPTIONS) {
  t.test(`build ${options.join(' ') || '(defaults)'}: the same bytes in every environment`, async (t) => {
    const args = ['build', ...options, ...INPUTS]
    const base = await spawnCli(args, { env: { TZ: 'UTC', LANG: 'C' } })
    t.equal(base.code, 0, base.stderr)
    t.ok(base.stdout.length > 1000)
    // the environments at the same time, in processes of their own
    const runs = await Promise.all(ENVIRONMENTS.map((env) => spawnCli(args, { env })))
    for (const [i, r] of runs.entries()) {
      t.equal(r.stdout, base.stdout, JSON.stringify(ENVIRONMENTS[i]))
      t.equal(r.stderr, base.stderr)
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
  const dir = t.testdir({})
  const args = (name: string): string[] => ['build', '--limit', '40', `--out-dir`, `${dir}/${name}`, ...INPUTS]
  const base = await spawnCli(args('base'), { env: { TZ: 'UTC', LANG: 'C' } })
  t.equal(base.code, 0, base.stderr)
  const expected = siteFiles(`${dir}/base`)
  t.ok(Object.keys(expected).length > 10)
  const runs = await Promise.all(ENVIRONMENTS.map((env, i) => spawnCli(args(`env${i}`), { env })))
  for (const [i, r] of runs.entries()) {
    t.equal(r.code, 0)
    t.strictSame(siteFiles(`${dir}/env${i}`), expected, JSON.stringify(ENVIRONMENTS[i]))
  }
})
