/**
 * `watch clickhouse://…`: the first page is build's, and rows shipped later
 * (by another host too, stamped a little earlier than the newest read) come
 * onto the page; each row once.
 */

import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import t from 'tap'
import { clickHouseMissing, clickHouseServer } from '../helpers/clickhouse-server.js'
import { createSchema, logLines, rowsWithoutSource, waitFor } from '../helpers/clickhouse-tables.js'
import { runCli, startCli } from '../helpers/run-cli.js'

const missing = clickHouseMissing()

t.test('watch follows a table', { skip: missing ?? false }, async (t) => {
  const server = await clickHouseServer()
  await createSchema(server, 'logs_watch')
  const dir = t.testdir({ 'web1.log': logLines('w', 0, 40), 'web2.log': '' })
  const table = server.url('logs_watch.access_lines')
  const ship = async (file: string, host: string): Promise<void> => {
    const r = await runCli(['ship', '--once', `${dir}/${file}`, '--to', table, '--host', host])
    t.strictSame([r.code, r.stderr], [0, ''], `ship ${host}`)
  }
  await ship('web1.log', 'web1')
  const page = `${dir}/page.ndjson`
  const watching = startCli(['watch', table, '-o', page, '--emit', 'ndjson', '-n', '5', '--interval', '0.1'])
  const pageRows = (): string[] => (existsSync(page) ? readFileSync(page, 'utf8') : '').split('\n').filter(Boolean)
  const urls = (): string[] => pageRows().map((line) => (JSON.parse(line) as { url: string }).url)
  await waitFor('the first page', async () => pageRows().length === 5)
  t.strictSame(urls(), [40, 39, 38, 37, 36].map((n) => `/moebel/${n}/w-line`))
  // web2's lines, stamped up to 2 s before web1's newest, and web1's next ones
  writeFileSync(`${dir}/web2.log`, logLines('v', 38, 41))
  await ship('web2.log', 'web2')
  writeFileSync(`${dir}/web1.log`, logLines('w', 0, 42))
  await ship('web1.log', 'web1')
  const expected = await runCli(['build', table, '--emit', 'ndjson', '-n', '5'])
  await waitFor('the rows shipped since', async () => JSON.stringify(rowsWithoutSource(pageRows().join('\n'))) === JSON.stringify(rowsWithoutSource(expected.stdout)))
  // as build lists them: between equal times the host later in the order (web2) is newer
  t.strictSame(urls(), ['/moebel/42/w-line', '/moebel/41/v-line', '/moebel/41/w-line', '/moebel/40/v-line', '/moebel/40/w-line'])
  watching.child.kill('SIGTERM')
  const result = await watching.result
  t.strictSame([result.code, result.stderr], [0, ''])
})
