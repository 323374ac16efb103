/**
 * Pages larger than a run should hold in memory: rows whose URL is 8,000 `=`
 * characters, each written `&#x3D;` on the page, four times a row (the
 * table, and the detail's heading, request line and raw line). The page is
 * about 24 times the log, and is written piece by piece, so peak RSS stays
 * near what the rows take, whatever the page's size. (Made as one string,
 * 300 such rows took about 260 MB, and some 2,800 more than a string holds:
 * exit 70.)
 */

import { readdirSync, readFileSync, statSync } from 'node:fs'
import t, { type Test } from 'tap'
import { isCompletePage } from '../helpers/large-log.js'
import { countLine } from '../helpers/page.js'
import { spawnCli, type CliResult } from '../helpers/run-cli.js'
import { clfTime, combinedLine, timeAt } from '../helpers/log-line.js'

const ROWS = 300
const URL = `/p?${'='.repeat(8000)}`
const MB = 1024 * 1024
/** Node itself takes about 50 MB, the rows and what rendering leaves to collect 40 to 70 more; the page is 55 MB. */
const MAX_RSS_MB = 170
const HANG_MS = 60_000

const log = (): string => Array.from({ length: ROWS }, (_, i) => {
  return `${combinedLine({ time: clfTime(timeAt(2 * 3600 + i)), url: URL })}\n`
}).join('')

const assertBounded = (t: Test, r: CliResult, what: string): void => {
  t.equal(r.timedOut, false, `${what}: finished within ${HANG_MS / 1000} s`)
  const mb = Math.round((r.maxRssKiB ?? Infinity) / 1024)
  t.ok(mb < MAX_RSS_MB, `${what}: peak RSS ${mb} MB < ${MAX_RSS_MB} MB`)
}

/** The URL as the page writes it. */
const SHOWN_URL = `/p?${'&#x3D;'.repeat(8000)}`
const times = (text: string, part: string): number => text.split(part).length - 1

/** Every row shows the whole URL, and so does the heading of every detail section (`details` of them). */
const assertRows = (t: Test, html: string, details: number): void => {
  t.equal(countLine(html), `${ROWS} results found`)
  t.equal(times(html, `<td class="break-long-words" data-label="URL">${SHOWN_URL}</td>`), ROWS, 'every row shows the whole URL')
  t.equal(times(html, `<h3 class="break-long-words">${SHOWN_URL}</h3>`), details, 'so does every detail section')
}

t.test('a 55 MB page from a 2.4 MB log: whole, in bounded memory; --if-changed compares it in pieces', async (t) => {
  const dir = t.testdir({ 'access.log': log() })
  const args = ['build', '--any-url', '--limit', String(ROWS), '--tz', 'UTC', `${dir}/access.log`, '-o', `${dir}/page.html`]
  const r = await spawnCli(args, { measureRss: true, timeoutMs: HANG_MS })
  t.equal(r.code, 0)
  t.equal(r.stderr, '')
  const size = statSync(`${dir}/page.html`).size
  t.ok(size > 50 * MB, `the page is ${Math.round(size / MB)} MB`)
  const html = readFileSync(`${dir}/page.html`, 'utf8')
  t.ok(isCompletePage(html), 'the whole document, with as many rows as its count line says')
  assertRows(t, html, ROWS)
  assertBounded(t, r, 'page')

  const mtime = statSync(`${dir}/page.html`).mtimeMs
  const again = await spawnCli([...args, '--if-changed', '--verbose'], { measureRss: true, timeoutMs: HANG_MS })
  t.equal(again.code, 0)
  t.match(again.stderr, new RegExp(`\\nprofiler-search: ${dir}/page.html is unchanged, left as it was \\(--if-changed\\)\\n$`))
  t.equal(statSync(`${dir}/page.html`).mtimeMs, mtime, 'the page is left alone')
  assertBounded(t, again, '--if-changed')
})

t.test('--out-dir: the listing written in pieces, the profile pages one at a time', async (t) => {
  const dir = t.testdir({ 'access.log': log() })
  const r = await spawnCli(['build', '--any-url', '--limit', String(ROWS), '--tz', 'UTC', `${dir}/access.log`, '--out-dir', `${dir}/site`],
    { measureRss: true, timeoutMs: HANG_MS })
  t.equal(r.code, 0)
  t.equal(r.stderr, '')
  const index = readFileSync(`${dir}/site/index.html`, 'utf8')
  t.ok(isCompletePage(index))
  assertRows(t, index, 0)
  const profiles = readdirSync(`${dir}/site/profiles`)
  t.equal(profiles.length, ROWS)
  t.ok(profiles.every((name) => readFileSync(`${dir}/site/profiles/${name}`, 'utf8').endsWith('</main>\n</body>\n</html>\n')), 'every profile page whole')
  assertBounded(t, r, '--out-dir')
})

