/**
 * Start-up cost: the libraries a run does not need are never loaded. Each
 * run prints, as it exits, which of them were loaded (from the module cache).
 */

import { spawnSync } from 'node:child_process'
import t from 'tap'
import { BIN, ROOT, fixture } from '../helpers/run-cli.js'

const LIBRARIES = ['ajv', 'handlebars', 'ipaddr.js', 'isbot', 'luxon'] as const

/** Writes the loaded libraries, as a JSON list, to fd 3 when the process exits. */
const REPORT = 'data:text/javascript,import {createRequire} from "node:module";import {writeSync} from "node:fs";' +
  'const cache=createRequire(process.execPath).cache;' +
  `process.on("exit",()=>{const names=${JSON.stringify(LIBRARIES)}.filter((n)=>Object.keys(cache).some((k)=>k.includes("/node_modules/"+n+"/")));` +
  'writeSync(3,JSON.stringify(names))})'

const loadedBy = (args: string[]): { code: number | null; loaded: string[]; stderr: string } => {
  const r = spawnSync(process.execPath, [`--import=${REPORT}`, BIN, ...args], {
    cwd: ROOT,
    env: { ...process.env, TZ: 'UTC', LANG: 'C' },
    stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
  })
  const report = (r.output[3] as Buffer | null)?.toString() ?? '[]'
  return { code: r.status, loaded: JSON.parse(report) as string[], stderr: r.stderr.toString() }
}

const LOG = fixture('nginx/access.log')

t.test('a page from a log with offsets loads handlebars and nothing else', async (t) => {
  const r = loadedBy(['build', LOG])
  t.equal(r.code, 0, r.stderr)
  t.strictSame(r.loaded, ['handlebars'])
})

t.test('data output needs no templates; ISO timestamps need luxon', async (t) => {
  t.strictSame(loadedBy(['build', LOG, '--emit', 'csv']).loaded, ['luxon'])
})

t.test('each library comes in with the option that needs it', async (t) => {
  t.strictSame(loadedBy(['build', LOG, '--tz', 'Europe/Berlin']).loaded, ['handlebars', 'luxon'])
  t.strictSame(loadedBy(['build', LOG, '--ip', '10.0.0.0/8']).loaded, ['handlebars', 'ipaddr.js'])
  t.strictSame(loadedBy(['build', LOG, '--crawlers', 'exclude']).loaded, ['handlebars', 'isbot'])
  t.strictSame(loadedBy(['--version']).loaded, [])
})
