/**
 * `watch clickhouse://…`: the first page is build's, and rows shipped later
 * (by another host too, stamped a little earlier than the newest read) come
 * onto the page; each row once.
 */

import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import t from 'tap'
import { clickHouseMissing, clickHouseServer } from '../helpers/clickhouse-server.js'
import { createSchema, logLine, rowsWithoutSource } from '../helpers/clickhouse-tables.js'
import { waitFor } from '../helpers/wait-for.js'
import { runCli, startCli } from '../helpers/run-cli.js'

const missing = clickHouseMissing()

t.test('watch follows a table', { skip: missing ?? false }, async (t) => {
  const server = await clickHouseServer()
  await createSchema(server, 'logs_watch')
  // web1 logs at even seconds, web2 at odd ones: no two rows share a time, so the page does not depend on which poll read what
  const lines = (host: string, seconds: number[]): string => seconds.map((i) => `${logLine(host, i)}\n`).join('')
  const dir = t.testdir({ 'web1.log': lines('w', [0, 2, 4, 30, 32, 34, 36, 38]), 'web2.log': '' })
  const table = server.url('logs_watch.access_lines')
  const ship = async (file: string, host: string): Promise<void> => {
    const r = await runCli(['ship', '--once', `${dir}/${file}`, '--to', table, '--host', host])
    t.strictSame([r.code, r.stderr], [0, ''], `ship ${host}`)
  }
  await ship('web1.log', 'web1')
  const page = `${dir}/page.ndjson`
  const watching = startCli(['watch', table, '-o', page, '--emit', 'ndjson', '-n', '5', '--interval', '0.1'])
  t.teardown(() => void watching.child.kill('SIGKILL'))
  const pageRows = (): string[] => (existsSync(page) ? readFileSync(page, 'utf8') : '').split('\n').filter(Boolean)
  const urls = (): string[] => pageRows().map((line) => (JSON.parse(line) as { url: string }).url)
  await waitFor('the first page', async () => pageRows().length === 5)
  t.strictSame(urls(), [38, 36, 34, 32, 30].map((i) => `/moebel/${i + 1}/w-line`))
  // web2's lines, two stamped before web1's newest (they arrive late), then web1's next ones
  writeFileSync(`${dir}/web2.log`, lines('v', [35, 37, 39]))
  await ship('web2.log', 'web2')
  writeFileSync(`${dir}/web1.log`, lines('w', [0, 2, 4, 30, 32, 34, 36, 38, 40, 42]))
  await ship('web1.log', 'web1')
  const expected = await runCli(['build', table, '--emit', 'ndjson', '-n', '5'])
  await waitFor('the rows shipped since', async () => JSON.stringify(rowsWithoutSource(pageRows().join('\n'))) === JSON.stringify(rowsWithoutSource(expected.stdout)))
  t.strictSame(urls(), ['/moebel/43/w-line', '/moebel/41/w-line', '/moebel/40/v-line', '/moebel/39/w-line', '/moebel/38/v-line'])
  t.strictSame(pageRows().map((line) => (JSON.parse(line) as { server: string }).server), ['web1', 'web1', 'web2', 'web1', 'web2'], 'rows followed name their host')
  watching.child.kill('SIGTERM')
  const result = await watching.result
  t.strictSame([result.code, result.stderr], [0, ''])
})
