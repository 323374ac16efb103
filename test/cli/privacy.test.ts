/**
 * What a published page gives away: --anonymize-ip zeroes the host part of
 * every address it shows (rows, details, raw lines, --emit data) while the
 * filters read the real ones; the Source of a detail names no absolute
 * server path unless --full-paths asks; --hide-raw leaves the raw line and
 * the Source out. For build and merge alike.
 */

import { readFileSync } from 'node:fs'
import t from 'tap'
import { detailSections, tableRows } from '../helpers/page.js'
import { runCli } from '../helpers/run-cli.js'

const line = (ip: string, second: number, forwardedFor = '-'): string =>
  `${ip} - - [22/Nov/2026:13:45:${second} +0100] "GET /moebel/ HTTP/1.1" 200 512 "-" "curl/8.0" "${forwardedFor}"\n`
const LOG = line('203.0.113.7', 40, '198.51.100.23') + line('2001:db8:10:5::1', 41) + line('203.0.113.70', 42)
const FORMAT = ['--log-format', '$remote_addr - $remote_user [$time_local] "$request" $status $body_bytes_sent "$http_referer" "$http_user_agent" "$http_x_forwarded_for"']

const field = (section: { log: Array<[string, string]> }, label: string): string | undefined => section.log.find(([name]) => name === label)?.[1]

t.test('--anonymize-ip: the rows, details, raw lines and data show zeroed addresses; --ip matches the real ones', async (t) => {
  const dir = t.testdir({ 'access.log': LOG })
  const plain = await runCli(['build', ...FORMAT, `${dir}/access.log`])
  const r = await runCli(['build', ...FORMAT, '--anonymize-ip', `${dir}/access.log`])
  t.equal(r.code, 0, r.stderr)
  t.strictSame(tableRows(r.stdout).map((row) => row[1]), ['203.0.113.0', '2001:db8:10::', '203.0.113.0'], 'the IP column')
  t.strictSame(tableRows(r.stdout).map((row) => row[5]), tableRows(plain.stdout).map((row) => row[5]), 'the same tokens')
  const oldest = detailSections(r.stdout)[2]
  t.ok(oldest !== undefined)
  if (!oldest) return
  t.equal(field(oldest, 'X-Forwarded-For'), '198.51.100.0')
  t.equal(field(oldest, 'Raw line'), line('203.0.113.0', 40, '198.51.100.0').trimEnd())
  t.notMatch(r.stdout, /203\.0\.113\.7|2001:db8:10:5::1|198\.51\.100\.23/, 'no real address anywhere on the page')

  const only = await runCli(['build', ...FORMAT, '--anonymize-ip', '--ip', '203.0.113.7', '--emit', 'ndjson', `${dir}/access.log`])
  const rows = only.stdout.split('\n').filter(Boolean).map((text) => JSON.parse(text) as { ip: string; loggedIp: string; raw: string })
  t.strictSame(rows.map((row) => [row.ip, row.loggedIp]), [['203.0.113.0', '203.0.113.0'], ['203.0.113.0', '203.0.113.0']],
    '--ip 203.0.113.7 still finds 203.0.113.7 and 203.0.113.70 (as a piece of the address), shown anonymized')
  t.notMatch(only.stdout, /203\.0\.113\.7/, 'nor in --emit data')
  const range = await runCli(['build', ...FORMAT, '--anonymize-ip', '--ip', '203.0.113.7/32', '--emit', 'csv', `${dir}/access.log`])
  t.equal(range.stdout.split('\r\n').filter(Boolean).length, 2, 'a range matches the real address: one row and the header')
})

t.test('the Source: an absolute path by its file name, a relative one as given; --full-paths; --hide-raw', async (t) => {
  const dir = t.testdir({ data: { 'access.log': LOG } })
  const sources = async (args: string[], cwd?: string): Promise<Array<string | undefined>> => {
    const r = await runCli(['build', ...FORMAT, ...args], cwd === undefined ? {} : { cwd })
    t.equal(r.code, 0, r.stderr)
    return detailSections(r.stdout).map((section) => field(section, 'Source'))
  }
  t.strictSame(await sources([`${dir}/data/access.log`]), ['access.log:3', 'access.log:2', 'access.log:1'], 'no server path by default')
  t.strictSame(await sources(['data/access.log'], dir), ['data/access.log:3', 'data/access.log:2', 'data/access.log:1'])
  t.strictSame(await sources(['--full-paths', `${dir}/data/access.log`]), [3, 2, 1].map((n) => `${dir}/data/access.log:${n}`))
  const hidden = await runCli(['build', ...FORMAT, '--hide-raw', '--full-paths', `${dir}/data/access.log`])
  t.strictSame(detailSections(hidden.stdout).map((section) => [field(section, 'Raw line'), field(section, 'Source'), field(section, 'User agent')]),
    [[undefined, undefined, 'curl/8.0'], [undefined, undefined, 'curl/8.0'], [undefined, undefined, 'curl/8.0']], '--hide-raw: neither, the rest stays')
  t.notMatch(hidden.stdout, dir, 'no path on the page')
  const site = await runCli(['build', ...FORMAT, '--hide-raw', `${dir}/data/access.log`, '--out-dir', `${dir}/site`])
  t.equal(site.code, 0, site.stderr)
  const index = readFileSync(`${dir}/site/index.html`, 'utf8')
  const token = /href="profiles\/([0-9a-f]{13})\.html"/.exec(index)?.[1]
  t.notMatch(readFileSync(`${dir}/site/profiles/${token}.html`, 'utf8'), /Raw line|Source/, 'nor on the site\'s profile pages')
})

t.test('merge: --anonymize-ip, --hide-raw and the Source rule for rows written elsewhere', async (t) => {
  const dir = t.testdir({ 'access.log': LOG })
  const built = await runCli(['build', ...FORMAT, '--emit', 'ndjson', `${dir}/access.log`, '-o', `${dir}/rows.ndjson`])
  t.equal(built.code, 0, built.stderr)
  const merged = await runCli(['merge', `${dir}/rows.ndjson`])
  t.strictSame(detailSections(merged.stdout).map((section) => field(section, 'Source')), ['access.log:3', 'access.log:2', 'access.log:1'])
  const anonymized = await runCli(['merge', '--anonymize-ip', '--hide-raw', `${dir}/rows.ndjson`])
  t.strictSame(tableRows(anonymized.stdout).map((row) => row[1]), ['203.0.113.0', '2001:db8:10::', '203.0.113.0'])
  t.notMatch(anonymized.stdout, /203\.0\.113\.7|2001:db8:10:5::1|198\.51\.100\.23|Raw line|Source/)
})
