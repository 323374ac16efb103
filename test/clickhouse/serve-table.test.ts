/**
 * `serve clickhouse://…` (issue 21: "serve its inputs too"): the default page
 * and a search list build's rows of the same table (a search by the form's
 * server field too), and rows shipped while it serves come onto the default page.
 */

import { writeFileSync } from 'node:fs'
import t from 'tap'
import { clickHouseMissing, clickHouseServer } from '../helpers/clickhouse-server.js'
import { createSchema, logLines } from '../helpers/clickhouse-tables.js'
import { waitFor } from '../helpers/wait-for.js'
import { tableRows } from '../helpers/page.js'
import { runCli } from '../helpers/run-cli.js'
import { startTestServer } from '../helpers/serve.js'

const missing = clickHouseMissing()

/** The URLs of build's rows (`--emit ndjson`) for `args`. */
async function buildUrls(args: string[]): Promise<string[]> {
  const r = await runCli(['build', ...args, '--emit', 'ndjson'])
  if (r.code !== 0) throw new Error(r.stderr)
  return r.stdout.split('\n').filter(Boolean).map((line) => (JSON.parse(line) as { url: string }).url)
}

t.test('serve reads a table: build\'s rows for the default page and a search; rows shipped later come onto the page', { skip: missing ?? false }, async (t) => {
  const server = await clickHouseServer()
  await createSchema(server, 'logs_serve')
  const dir = t.testdir({ 'web1.log': logLines('w', 0, 300) })
  const table = server.url('logs_serve.access_lines')
  const ship = async (): Promise<void> => {
    const r = await runCli(['ship', '--once', `${dir}/web1.log`, '--to', table, '--host', 'web1'])
    t.strictSame([r.code, r.stderr], [0, ''], 'shipped')
  }
  await ship()
  const serving = await startTestServer(t, [table])
  const urls = async (path: string): Promise<string[]> => {
    const response = await serving.get(path)
    t.equal(response.status, 200, path)
    return tableRows(response.body).map((cells) => cells[3] ?? '')
  }
  t.strictSame(await urls('/?limit=10'), await buildUrls([table, '-n', '10']), 'the default page')
  t.strictSame((await urls('/?limit=10'))[0], '/moebel/300/w-line')
  const search = await urls('/?ip=10.0.7.&limit=50')
  t.strictSame(search, await buildUrls([table, '--ip', '10.0.7.', '-n', '50']), 'a search that reads the table')
  t.ok(search.length > 0, `${search.length} rows`)
  // a second host: the form's server field reads its rows alone
  writeFileSync(`${dir}/web2.log`, logLines('v', 0, 30))
  const shipped = await runCli(['ship', '--once', `${dir}/web2.log`, '--to', table, '--host', 'web2'])
  t.strictSame([shipped.code, shipped.stderr], [0, ''], 'web2 shipped')
  const ofWeb2 = await urls('/?server=web2&limit=50')
  t.strictSame(ofWeb2, await buildUrls([table, '--server', 'web2', '-n', '50']), 'a search by server')
  t.strictSame(ofWeb2, Array.from({ length: 30 }, (_, i) => `/moebel/${30 - i}/v-line`), 'every row of web2, none of web1')
  writeFileSync(`${dir}/web1.log`, logLines('w', 0, 310))
  await ship()
  await waitFor('the rows shipped since', async () => (await urls('/?limit=10'))[0] === '/moebel/310/w-line')
  t.strictSame(await urls('/?limit=10'), await buildUrls([table, '-n', '10']))
  t.strictSame(serving.warnings, [])
})
