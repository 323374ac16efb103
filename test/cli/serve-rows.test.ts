/**
 * `serve` lists the rows `build` lists: for each search (the default page
 * from memory, filtered searches that read the logs from their end or whole,
 * tokens, time ranges), the served page's rows, tokens included, equal those
 * of `build` with the same criteria on the same inputs: the bundled fixtures,
 * a rotated set with a .gz, and a generated log large enough to be read from
 * its end.
 */

import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import t from 'tap'
import { writeLargeLog } from '../helpers/large-log.js'
import { tableRows } from '../helpers/page.js'
import { fixture, runCli } from '../helpers/run-cli.js'
import { startTestServer } from '../helpers/serve.js'

const dir = mkdtempSync(join(tmpdir(), 'serve-rows-'))
t.teardown(() => rmSync(dir, { recursive: true, force: true }))
// 30,000 generated lines: about 6.8 MB, read from its end (4 MiB and more)
const big = join(dir, 'access.log')
writeLargeLog(big, 30_000, 5)

/** The build flag of each query parameter. */
const FLAGS: Record<string, string> = {
  ip: '--ip', method: '--method', status_code: '--status', url: '--url', token: '--token', start: '--from', end: '--until', limit: '--limit',
}

/** build's arguments for a query: an empty method or status is `any`. */
const buildArgs = (query: Record<string, string>): string[] => Object.entries(query).flatMap(([name, value]) =>
  [FLAGS[name] as string, value === '' && (name === 'method' || name === 'status_code') ? 'any' : value])

const served = async (server: { get: (path: string) => Promise<{ status: number; body: string }> }, query: Record<string, string>) => {
  const r = await server.get(`/?${new URLSearchParams(query).toString()}`)
  return { status: r.status, rows: tableRows(r.body) }
}

const CASES: Record<string, string>[] = [
  {},
  { limit: '50' },
  { limit: '1000' },
  { method: '', status_code: '' },
  { method: '', status_code: '4xx', limit: '100' },
  { status_code: '' , url: '!/robots.txt', limit: '100' },
  { ip: '127.0.0.1', method: '' },
  { ip: '10.0.0.0/8', status_code: '', method: '', limit: '1000' },
  { url: '/moebel/', limit: '50' },
  { method: 'POST', status_code: '' },
  { start: '2026-11-22T12:45', end: '2026-11-22T13:45', limit: '100' },
  { start: '2026-11-01', end: '2026-11-03T12:00', limit: '100' },
]

const SETS: Array<{ name: string; inputs: string[]; args: string[] }> = [
  { name: 'nginx fixture', inputs: [fixture('nginx/access.log')], args: [] },
  { name: 'apache fixture, --tz, --any-url', inputs: [fixture('apache/access.log')], args: ['--tz', 'Europe/Berlin', '--any-url'] },
  { name: 'a rotated set with a .gz', inputs: ['access.log.2.gz', 'access.log.1', 'access.log'].map((name) => fixture(`nginx/rotated/${name}`)), args: ['--crawlers', 'exclude'] },
  { name: 'a generated log read from its end', inputs: [big], args: [] },
]

for (const set of SETS) {
  t.test(`${set.name}: every search lists build's rows`, async (t) => {
    const server = await startTestServer(t, set.inputs, set.args)
    const build = async (query: Record<string, string>): Promise<string[][]> => {
      const r = await runCli(['build', ...set.inputs, ...set.args, ...buildArgs(query)])
      t.equal(r.code, 0, r.stderr)
      return tableRows(r.stdout)
    }
    for (const query of CASES) {
      const [page, expected] = await Promise.all([served(server, query), build(query)])
      t.equal(page.status, 200)
      t.strictSame(page.rows, expected, `${JSON.stringify(query)}: ${expected.length} rows`)
    }
    // tokens: of the default page (answered from memory, and at the oldest row kept, read from the logs) and of a filtered search
    const defaultRows = (await served(server, { limit: '1000' })).rows
    const anyRows = (await served(server, { method: '', status_code: '', limit: '100' })).rows
    t.ok(defaultRows.length > 3 && anyRows.length > 3, 'rows to take tokens from')
    for (const [query, rows] of [[{}, defaultRows], [{ method: '', status_code: '' }, anyRows]] as const) {
      for (const row of [rows[0], rows[1], rows[Math.floor(rows.length / 2)], rows[rows.length - 1]]) {
        const token = (row as string[])[5] as string
        const withToken = { ...query, token }
        const [page, expected] = await Promise.all([served(server, withToken), build(withToken)])
        t.strictSame(page.rows, expected, `${JSON.stringify(withToken)}`)
        t.strictSame(page.rows.map((cells) => cells[5]), [token], 'the token\'s row')
      }
    }
  })
}

t.test('--anonymize-ip: the ip parameter searches the addresses as the page shows them', async (t) => {
  const nginx = fixture('nginx/access.log')
  const server = await startTestServer(t, [nginx], ['--anonymize-ip'])
  const whole = await served(server, { ip: '127.0.0.8', method: '', status_code: '' })
  t.strictSame(whole, { status: 200, rows: [] }, 'a whole address tells no zeroed row apart')
  const shown = await served(server, { ip: '127.0.0.0', method: '', status_code: '', limit: '100' })
  const built = await runCli(['build', nginx, '--ip', '127.0.0.', '--method', 'any', '--status', 'any', '--limit', '100', '--anonymize-ip'])
  t.equal(built.code, 0)
  t.strictSame(shown.rows, tableRows(built.stdout), 'the rows of every address that is shown as 127.0.0.0')
  t.ok(shown.rows.length > 4 && shown.rows.every((cells) => cells[1] === '127.0.0.0'), `${shown.rows.length} rows, each shown as 127.0.0.0`)
})
