/**
 * The page says when it was generated and the time of the newest line read,
 * so a stale page does not look like a quiet shop: SOURCE_DATE_EPOCH sets the
 * generated time (reproducible pages), --if-changed compares the listing,
 * not the stamp.
 */

import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import t from 'tap'
import { runCli } from '../helpers/run-cli.js'
import { combinedLine } from '../helpers/log-line.js'

const line = (ip: string, second: number, status = 200): string =>
  `${combinedLine({ ip, time: `22/Nov/2026:13:45:${second} +0100`, url: '/moebel/', status, bytes: 512, userAgent: 'curl/8.0' })}\n`
/** The newest line is a 404: not listed, but read. */
const LOG = line('192.0.2.1', 40) + line('192.0.2.2', 41) + line('192.0.2.3', 59, 404)
const stampOf = (html: string): string | undefined => /<p class="page-stamp">(.*)<\/p>/.exec(html)?.[1]

t.test('the stamp: generated (SOURCE_DATE_EPOCH), and the newest line read, listed or not', async (t) => {
  const dir = t.testdir({ 'access.log': LOG })
  const r = await runCli(['build', `${dir}/access.log`])
  t.equal(r.code, 0, r.stderr)
  // the tests' SOURCE_DATE_EPOCH, 1795351800, in the newest line's offset
  t.equal(stampOf(r.stdout), 'Generated 22.11.2026 13:50:00; newest line read: 22.11.2026 13:45:59')
  t.match(r.stdout, /<h2>2 results found<\/h2>\n<p class="page-stamp">/, 'under the count')
  const tokyo = await runCli(['build', '--tz', 'Asia/Tokyo', `${dir}/access.log`], { env: { SOURCE_DATE_EPOCH: '1795351801' } })
  t.equal(stampOf(tokyo.stdout), 'Generated 22.11.2026 21:50:01; newest line read: 22.11.2026 21:45:59', 'both in --tz')
  const none = await runCli(['build', '-'], { input: '' })
  t.equal(stampOf(none.stdout), 'Generated 22.11.2026 12:50:00; no line read', 'nothing read: UTC')
  const json = await runCli(['build', '--emit', 'json', `${dir}/access.log`])
  t.notMatch(json.stdout, /Generated|class="page-stamp"|13:50:00/, '--emit data has no stamp')
})

t.test('without SOURCE_DATE_EPOCH: the time of the run', async (t) => {
  const dir = t.testdir({ 'access.log': LOG })
  const before = Math.floor(Date.now() / 1000) * 1000
  const r = await runCli(['build', '--tz', 'UTC', `${dir}/access.log`], { env: { SOURCE_DATE_EPOCH: undefined } })
  const after = Date.now()
  const shown = /^Generated (\d\d)\.(\d\d)\.(\d{4}) (\d{1,2}):(\d\d):(\d\d);/.exec(stampOf(r.stdout) ?? '')
  t.ok(shown, stampOf(r.stdout) ?? 'no stamp')
  const [, day, month, year, hour, minute, second] = (shown ?? []).map(Number)
  const generated = Date.UTC(year ?? 0, (month ?? 1) - 1, day, hour, minute, second)
  t.ok(generated >= before && generated <= after, `${new Date(generated).toISOString()} is the time of the run`)
})

t.test('a malformed SOURCE_DATE_EPOCH: exit 2 before anything is written', async (t) => {
  const dir = t.testdir({ 'access.log': LOG })
  for (const value of ['x', '-1', '1.5', '17953518000000']) {
    const r = await runCli(['build', `${dir}/access.log`, '-o', `${dir}/out.html`], { env: { SOURCE_DATE_EPOCH: value } })
    t.equal(r.code, 2, value)
    t.equal(r.stderr, `profiler-search: SOURCE_DATE_EPOCH ${JSON.stringify(value)} is not a whole number of seconds since 1970 (unset it, or give the time the page is to say it was generated, such as $(date +%s))\n`)
  }
  t.equal((await runCli(['build', `${dir}/access.log`], { env: { SOURCE_DATE_EPOCH: '' } })).code, 0, 'empty is unset')
})

t.test('--if-changed compares the listing, not the stamp', async (t) => {
  const dir = t.testdir({ 'access.log': LOG })
  const out = `${dir}/index.html`
  const build = (epoch: string) => runCli(['build', '--if-changed', '--verbose', `${dir}/access.log`, '-o', out], { env: { SOURCE_DATE_EPOCH: epoch } })
  t.equal((await build('1795351800')).code, 0)
  const first = readFileSync(out, 'utf8')
  utimesSync(out, 1_000_000, 1_000_000)
  const again = await build('1795355400')
  t.match(again.stderr, `${out} is unchanged, left as it was (--if-changed)`)
  t.equal(readFileSync(out, 'utf8'), first, 'the listing is the same: the page, its stamp too, stays')
  t.equal(statSync(out).mtimeMs, 1_000_000_000, 'and its mtime')
  t.equal(stampOf(first), 'Generated 22.11.2026 13:50:00; newest line read: 22.11.2026 13:45:59', 'the stamp of the run that last changed it')
  const merged = (epoch: string) => runCli(['merge', '--if-changed', '-o', `${dir}/merged.html`, `${dir}/rows.ndjson`], { env: { SOURCE_DATE_EPOCH: epoch } })
  t.equal((await runCli(['build', '--emit', 'ndjson', `${dir}/access.log`, '-o', `${dir}/rows.ndjson`])).code, 0)
  t.equal((await merged('1795351800')).code, 0)
  t.equal(stampOf(readFileSync(`${dir}/merged.html`, 'utf8')), 'Generated 22.11.2026 13:50:00; newest row read: 22.11.2026 13:45:41', 'merge: the newest row')
  utimesSync(`${dir}/merged.html`, 1_000_000, 1_000_000)
  t.equal((await merged('1795355400')).code, 0)
  t.equal(statSync(`${dir}/merged.html`).mtimeMs, 1_000_000_000, 'merge --if-changed too')

  writeFileSync(`${dir}/access.log`, `${LOG}${line('192.0.2.4', 59)}`)
  const changed = await build('1795355400')
  t.notMatch(changed.stderr, 'unchanged')
  t.equal(stampOf(readFileSync(out, 'utf8')), 'Generated 22.11.2026 14:50:00; newest line read: 22.11.2026 13:45:59', 'a changed listing: written, stamped now')
})
