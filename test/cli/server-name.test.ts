/**
 * `build --server-name NAME`: every server logs to /var/log/nginx/access.log,
 * so a merged page tells them apart by the name each build gave: in each
 * row's data (NDJSON, JSON, CSV) and detail, kept through merge, and in a
 * Server column when a page's rows are of several; `--server` selects by it.
 */

import { readFileSync, writeFileSync } from 'node:fs'
import t from 'tap'
import { detailSections, tableRows } from '../helpers/page.js'
import { runCli } from '../helpers/run-cli.js'

const line = (ip: string, second: number): string =>
  `${ip} - - [22/Nov/2026:13:45:${second} +0100] "GET /moebel/ HTTP/1.1" 200 512 "-" "curl/8.0"\n`
const field = (section: { log: Array<[string, string]> }, label: string): string | undefined => section.log.find(([name]) => name === label)?.[1]

t.test('the server in each row\'s data and detail; none by default', async (t) => {
  const dir = t.testdir({ 'access.log': line('192.0.2.1', 40) + line('192.0.2.2', 41) })
  const ndjson = await runCli(['build', '--server-name', 'web1', '--emit', 'ndjson', `${dir}/access.log`])
  t.equal(ndjson.code, 0, ndjson.stderr)
  const rows = ndjson.stdout.split('\n').filter(Boolean)
  t.equal(rows.length, 2)
  t.ok(rows.every((row) => row.endsWith(',"byteOffset":null,"server":"web1"}')), 'the last key of each row')
  const json = JSON.parse((await runCli(['build', '--server-name', 'web1', '--emit', 'json', `${dir}/access.log`])).stdout) as { rows: { server?: string }[] }
  t.strictSame(json.rows.map((row) => row.server), ['web1', 'web1'])
  const csv = (await runCli(['build', '--server-name', 'web "1", Frankfurt', '--emit', 'csv', `${dir}/access.log`])).stdout.split('\r\n')
  t.ok(csv[0]?.endsWith(',line,byteOffset,server'), 'a server column after the others')
  t.ok(csv[1]?.endsWith(',,"web ""1"", Frankfurt"'), csv[1] ?? 'no row')
  const page = (await runCli(['build', '--server-name', 'web1', `${dir}/access.log`])).stdout
  t.strictSame(detailSections(page).map((section) => field(section, 'Server')), ['web1', 'web1'], 'each detail names the server')
  const plain = await runCli(['build', '--emit', 'ndjson', `${dir}/access.log`])
  t.notMatch(plain.stdout, '"server"', 'no server named: no key')
  t.notMatch((await runCli(['build', '--emit', 'csv', `${dir}/access.log`])).stdout, ',server', 'nor column')
  const bad = await runCli(['build', '--server-name', '', `${dir}/access.log`])
  t.equal(bad.code, 2)
  t.equal(bad.stderr, "profiler-search: option '--server-name <name>' argument '' is invalid. give a name for this server, such as web1 or web1.shop.example (at most 253 characters, no control characters) (see profiler-search build --help)\n")
})

t.test('merge: the details of a merged page tell the servers apart; the server is kept in every format', async (t) => {
  const dir = t.testdir({ web1: { 'access.log': line('192.0.2.1', 40) }, web2: { 'access.log': line('192.0.2.2', 41) }, old: { 'access.log': line('192.0.2.3', 42) } })
  for (const server of ['web1', 'web2']) {
    const r = await runCli(['build', '--server-name', server, '--emit', 'ndjson', `${dir}/${server}/access.log`, '-o', `${dir}/${server}.ndjson`])
    t.equal(r.code, 0, r.stderr)
  }
  // rows written without a name (or by an older version) merge beside them
  t.equal((await runCli(['build', '--emit', 'ndjson', `${dir}/old/access.log`, '-o', `${dir}/old.ndjson`])).code, 0)
  const inputs = ['web1', 'web2', 'old'].map((name) => `${dir}/${name}.ndjson`)
  const page = await runCli(['merge', ...inputs])
  t.equal(page.code, 0, page.stderr)
  t.strictSame(detailSections(page.stdout).map((section) => [field(section, 'Source'), field(section, 'Server')]),
    [['access.log:1', undefined], ['access.log:1', 'web2'], ['access.log:1', 'web1']], 'the same log file, told apart by server')
  const ndjson = await runCli(['merge', '--emit', 'ndjson', `${dir}/web1.ndjson`])
  t.equal(ndjson.stdout, readFileSync(`${dir}/web1.ndjson`, 'utf8'), 'merging one file gives it back byte for byte')
  const csv = (await runCli(['merge', '--emit', 'csv', ...inputs])).stdout.split('\r\n')
  t.ok(csv[0]?.endsWith(',server'))
  t.strictSame(csv.slice(1, 4).map((row) => row.slice(row.lastIndexOf(',') + 1)), ['', 'web2', 'web1'], 'a row without a server: an empty cell')
  writeFileSync(`${dir}/empty-name.ndjson`, readFileSync(`${dir}/web1.ndjson`, 'utf8').replace('"server":"web1"', '"server":""'))
  const skipped = await runCli(['merge', `${dir}/empty-name.ndjson`, `${dir}/web2.ndjson`])
  t.equal(skipped.code, 1, 'an empty server name is not a row: the file holds none')
  t.match(skipped.stderr, 'empty-name.ndjson')
})

t.test('--server: only the rows of the servers named (repeatable), by the name the rows carry; the sidebar says so', async (t) => {
  const dir = t.testdir({ 'access.log': line('192.0.2.1', 40) + line('192.0.2.2', 41) })
  const ips = async (args: string[]): Promise<string[]> => {
    const r = await runCli(['build', '--emit', 'ndjson', ...args, `${dir}/access.log`])
    t.equal(r.code, 0, r.stderr)
    return r.stdout.split('\n').filter(Boolean).map((row) => (JSON.parse(row) as { ip: string }).ip)
  }
  t.strictSame(await ips(['--server-name', 'web1', '--server', 'web1']), ['192.0.2.2', '192.0.2.1'])
  t.strictSame(await ips(['--server-name', 'web1', '--server', 'web2', '--server', 'web1']), ['192.0.2.2', '192.0.2.1'], 'any of them')
  t.strictSame(await ips(['--server-name', 'web1', '--server', 'web2']), [], 'another server\'s: none')
  t.strictSame(await ips(['--server', 'web1']), [], 'rows of no named server are of none')
  const page = await runCli(['build', '--server-name', 'web1', '--server', 'web1', '--server', 'web 2', `${dir}/access.log`])
  t.match(page.stdout, '<dt>Server</dt>\n<dd>web1, web 2</dd>\n')
  t.match(page.stdout, "<span>--server web1</span> <span>--server &#x27;web 2&#x27;</span>")
  const bad = await runCli(['build', '--server', '', `${dir}/access.log`])
  t.strictSame([bad.code, bad.stderr], [2, "profiler-search: option '--server <name>' argument '' is invalid. give the name a server's rows carry " +
    '(build --server-name), such as web1 (at most 253 characters, no control characters) (see profiler-search build --help)\n'])
})

t.test('the page shows a Server column when its rows are of more than one server, and not otherwise', async (t) => {
  const dir = t.testdir({ web1: { 'access.log': line('192.0.2.1', 40) }, web2: { 'access.log': line('192.0.2.2', 41) + line('192.0.2.3', 42) } })
  for (const server of ['web1', 'web2']) {
    t.equal((await runCli(['build', '--server-name', server, '--emit', 'ndjson', `${dir}/${server}/access.log`, '-o', `${dir}/${server}.ndjson`])).code, 0)
  }
  const header = (html: string): string => /<thead>\n<tr>\n([\s\S]*?)<\/tr>/.exec(html)?.[1]?.replace(/<th[^>]*>([^<]*)<\/th>\n/g, '$1 ').trim() ?? ''
  const merged = (await runCli(['merge', `${dir}/web1.ndjson`, `${dir}/web2.ndjson`])).stdout
  t.equal(header(merged), 'Status IP Server Method URL Time Token')
  t.strictSame(tableRows(merged).map((cells) => `${cells[1]} ${cells[2]}`), ['192.0.2.3 web2', '192.0.2.2 web2', '192.0.2.1 web1'])
  t.match(merged, '<td data-label="IP"><span class="nowrap">192.0.2.3</span></td>\n<td data-label="Server"><span class="nowrap">web2</span></td>\n<td data-label="Method">')
  t.equal(header((await runCli(['merge', `${dir}/web2.ndjson`])).stdout), 'Status IP Method URL Time Token', 'one server: no column')
  t.equal(header((await runCli(['build', '--server-name', 'web1', `${dir}/web1/access.log`])).stdout), 'Status IP Method URL Time Token')
  t.equal(header((await runCli(['build', `${dir}/web1/access.log`])).stdout), 'Status IP Method URL Time Token', 'none named: no column')
  t.equal((await runCli(['build', '--server-name', 'web1', '--emit', 'ndjson', `${dir}/web1/access.log`, '-o', `${dir}/web1.ndjson`])).code, 0)
  t.equal((await runCli(['build', '--emit', 'ndjson', `${dir}/web1/access.log`, '-o', `${dir}/unnamed.ndjson`])).code, 0)
  const mixed = (await runCli(['merge', `${dir}/unnamed.ndjson`, `${dir}/web2.ndjson`])).stdout
  t.strictSame(tableRows(mixed).map((cells) => cells[2]), ['web2', 'web2', ''], 'a row of no named server beside named ones: an empty cell')
})
