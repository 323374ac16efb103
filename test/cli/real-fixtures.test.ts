/**
 * The logs a real nginx and a real Apache wrote for one request plan
 * (fixtures/plan.tsv): the page lists exactly the plan's `row` requests,
 * newest first by timestamp. The expected rows come from the plan and the
 * raw log text, not from the tool.
 */

import { readFileSync } from 'node:fs'
import t from 'tap'
import { countLine, rowSummaries } from '../helpers/page.js'
import { fixture, runCli } from '../helpers/run-cli.js'

interface PlanEntry {
  id: string
  source: string
  target: string
  row: boolean
}

const plan: PlanEntry[] = readFileSync(fixture('plan.tsv'), 'utf8').trimEnd().split('\n').slice(1).map((line) => {
  const [id, , source, , target, , , , expect] = line.split('\t') as string[]
  return { id: id as string, source: source as string, target: target as string, row: expect === 'row' }
})

/** Apache wrote r45 (slow) after r46–r49: its lines 45–49 hold r46, r47, r48, r49, r45. */
const APACHE_ORDER = plan.map((_, i) => i)
APACHE_ORDER.splice(44, 5, 45, 46, 47, 48, 44)

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** The expected rows: plan rows, newest first by logged time, ties later line first. */
const expectedRows = (logText: string, order: number[]): string[] => {
  const lines = logText.trimEnd().split('\n')
  const rows = lines.flatMap((line, index) => {
    const entry = plan[order[index] as number] as PlanEntry
    if (!entry.row) return []
    const m = /\[(\d\d)\/(\w{3})\/(\d{4}):(\d\d):(\d\d):(\d\d) ([+-])(\d\d)(\d\d)\]/.exec(line)
    if (!m) throw new Error(`no time in ${line}`)
    const [, day, mon, year, hh, mm, ss, sign, oh, om] = m as unknown as string[]
    const offset = (sign === '+' ? 1 : -1) * (Number(oh) * 60 + Number(om))
    const epoch = Date.UTC(Number(year), MONTHS.indexOf(mon as string), Number(day), Number(hh), Number(mm), Number(ss)) - offset * 60_000
    const monthNo = String(MONTHS.indexOf(mon as string) + 1).padStart(2, '0')
    const url = entry.target.replace(/^https?:\/\/[^/]+/, '')
    return [{ epoch, index, text: `200 ${entry.source} GET ${url} ${day}.${monthNo}.${year} ${Number(hh)}:${mm}:${ss}` }]
  })
  rows.sort((a, b) => b.epoch - a.epoch || b.index - a.index)
  return rows.map((row) => row.text)
}

const ROW_COUNT = plan.filter((entry) => entry.row).length

t.equal(ROW_COUNT, 30, 'the plan has 30 row requests')

const logs = [
  { file: 'nginx/access.log', order: APACHE_ORDER.map((_, i) => i) },
  { file: 'nginx/common.log', order: APACHE_ORDER.map((_, i) => i) },
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
  t.ok(slow > next, 'r45 (started 7:23:41) is listed after r46 (7:23:42), though written later')
  t.strictSame(rows[slow], '200 127.0.0.26 GET /moebel/sofas/4711/sofa-langsam?c=12 22.11.2026 7:23:41')
})

t.test('a logrotate set (.2.gz, .1, current) gives the same page as the whole log', async (t) => {
  const whole = await runCli(['build', fixture('nginx/access.log')])
  const rotated = await runCli(['build', ...['access.log.2.gz', 'access.log.1', 'access.log'].map((f) => fixture(`nginx/rotated/${f}`))])
  t.equal(rotated.code, 0)
  t.equal(rotated.stdout, whole.stdout, 'byte-identical, tokens included')
  const newestFirst = await runCli(['build', ...['access.log', 'access.log.1', 'access.log.2.gz'].map((f) => fixture(`nginx/rotated/${f}`))])
  t.strictSame(rowSummaries(newestFirst.stdout), rowSummaries(whole.stdout), 'input order does not change the rows')
})

t.test('nginx and Apache list the same requests for the same plan', async (t) => {
  const strip = (rows: string[]): string[] => rows.map((row) => row.split(' ').slice(0, 4).join(' ')).sort()
  const nginx = await runCli(['build', '--limit', '100', fixture('nginx/access.log')])
  const apache = await runCli(['build', '--limit', '100', fixture('apache/access.log')])
  t.strictSame(strip(rowSummaries(apache.stdout)), strip(rowSummaries(nginx.stdout)))
})
