/**
 * `build --server-name NAME`: every server logs to /var/log/nginx/access.log,
 * so a merged page tells them apart by the name each build gave: in each
 * row's data (NDJSON, JSON, CSV) and detail, kept through merge.
 */

import { readFileSync, writeFileSync } from 'node:fs'
import t from 'tap'
import { detailSections } from '../helpers/page.js'
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
