/**
 * The logs a real nginx and a real Apache wrote for one request plan
 * (fixtures/plan.tsv): the page lists exactly the plan's `row` requests,
 * newest first by timestamp. The expected rows come from the plan and the
 * raw log text, not from the tool.
 */

import { readFileSync } from 'node:fs'
import t from 'tap'
import { countLine, rowSummaries, tableRows } from '../helpers/page.js'
import { APACHE_ORDER, expectedRows, NGINX_ORDER, PLAN_ROW_COUNT } from '../helpers/request-plan.js'
import { fixture, runCli } from '../helpers/run-cli.js'

t.equal(PLAN_ROW_COUNT, 30, 'the plan has 30 row requests')

const logs = [
  { file: 'nginx/access.log', order: NGINX_ORDER },
  { file: 'nginx/common.log', order: NGINX_ORDER },
  { file: 'apache/access.log', order: APACHE_ORDER },
  { file: 'apache/common.log', order: APACHE_ORDER },
]

for (const { file, order } of logs) {
  t.test(`${file}: every plan row, newest first`, async (t) => {
    const expected = expectedRows(readFileSync(fixture(file), 'utf8'), order)
    const all = await runCli(['build', '--limit', '100', fixture(file)])
    t.equal(all.code, 0)
    t.equal(all.stderr, '', 'every line of a real server log is a log line')
    t.equal(countLine(all.stdout), '30 results found')
    t.strictSame(rowSummaries(all.stdout), expected)
    const ten = await runCli(['build', fixture(file)])
    t.equal(countLine(ten.stdout), '10 results found')
    t.strictSame(rowSummaries(ten.stdout), expected.slice(0, 10), 'default limit: the newest 10')
  })
}

t.test('Apache: the slow request, logged out of order, is placed by its time', async (t) => {
  const r = await runCli(['build', '--limit', '100', fixture('apache/access.log')])
  const rows = rowSummaries(r.stdout)
  const slow = rows.findIndex((row) => row.includes('/moebel/sofas/4711/sofa-langsam?c=12'))
  const next = rows.findIndex((row) => row.includes('/kueche/'))
  t.ok(slow > next, 'r45 (started 7:45:18) is listed after r46 (7:45:19), though written later')
  t.strictSame(rows[slow], '200 127.0.0.26 GET /moebel/sofas/4711/sofa-langsam?c=12 22.11.2026 7:45:18')
})

t.test('a logrotate set (.2.gz, .1, current) gives the same page as the whole log', async (t) => {
  const whole = await runCli(['build', fixture('nginx/access.log')])
  const rotated = await runCli(['build', ...['access.log.2.gz', 'access.log.1', 'access.log'].map((f) => fixture(`nginx/rotated/${f}`))])
  t.equal(rotated.code, 0)
  // the pages differ only where a row's details name its file:line
  t.strictSame(tableRows(rotated.stdout), tableRows(whole.stdout), 'the same rows, tokens included')
  const newestFirst = await runCli(['build', ...['access.log', 'access.log.1', 'access.log.2.gz'].map((f) => fixture(`nginx/rotated/${f}`))])
  t.strictSame(rowSummaries(newestFirst.stdout), rowSummaries(whole.stdout), 'input order does not change the rows')
})

t.test('nginx and Apache list the same requests for the same plan', async (t) => {
  const strip = (rows: string[]): string[] => rows.map((row) => row.split(' ').slice(0, 4).join(' ')).sort()
  const nginx = await runCli(['build', '--limit', '100', fixture('nginx/access.log')])
  const apache = await runCli(['build', '--limit', '100', fixture('apache/access.log')])
  t.strictSame(strip(rowSummaries(apache.stdout)), strip(rowSummaries(nginx.stdout)))
})
