/**
 * The page says when it was generated and the time of the newest line read,
 * so a stale page does not look like a quiet shop: SOURCE_DATE_EPOCH sets the
 * generated time (reproducible pages), --if-changed compares the listing,
 * not the stamp.
 */

import { readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import t, { type Test } from 'tap'
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
  t.equal(stampOf(r.stdout), 'Generated 22.11.2026 13:50:00 +01:00; newest line read: 22.11.2026 13:45:59 +01:00')
  t.match(r.stdout, /<h2>2 results found<\/h2>\n<p class="page-stamp">/, 'under the count')
  const tokyo = await runCli(['build', '--tz', 'Asia/Tokyo', `${dir}/access.log`], { env: { SOURCE_DATE_EPOCH: '1795351801' } })
  t.equal(stampOf(tokyo.stdout), 'Generated 22.11.2026 21:50:01 +09:00; newest line read: 22.11.2026 21:45:59 +09:00', 'both in --tz, naming its offset')
  const none = await runCli(['build', '-'], { input: '' })
  t.equal(stampOf(none.stdout), 'Generated 22.11.2026 12:50:00 +00:00; no line read', 'nothing read: UTC')
  const json = await runCli(['build', '--emit', 'json', `${dir}/access.log`])
  t.notMatch(json.stdout, /Generated|class="page-stamp"|13:50:00/, '--emit data has no stamp')
})

t.test('without SOURCE_DATE_EPOCH: the time of the run', async (t) => {
  const dir = t.testdir({ 'access.log': LOG })
  const before = Math.floor(Date.now() / 1000) * 1000
  const r = await runCli(['build', '--tz', 'UTC', `${dir}/access.log`], { env: { SOURCE_DATE_EPOCH: undefined } })
  const after = Date.now()
  const shown = /^Generated (\d\d)\.(\d\d)\.(\d{4}) (\d{1,2}):(\d\d):(\d\d) \+00:00;/.exec(stampOf(r.stdout) ?? '')
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

/** A time `minutes` before now, in whole seconds (what utimes keeps exactly). */
const minutesAgo = (minutes: number): number => Math.floor(Date.now() / 1000) - minutes * 60
const RENEWAL = ' (written again after 10 minutes if unchanged)'

/** A page built once with --if-changed (at 13:50:00), its mtime set `minutes` ago; `build` runs again at another SOURCE_DATE_EPOCH. */
const builtBefore = async (t: Test, minutes: number) => {
  const dir = t.testdir({ 'access.log': LOG })
  const out = `${dir}/index.html`
  const build = (epoch: string) => runCli(['build', '--if-changed', '--verbose', `${dir}/access.log`, '-o', out], { env: { SOURCE_DATE_EPOCH: epoch } })
  t.equal((await build('1795351800')).code, 0)
  const mtime = minutesAgo(minutes)
  utimesSync(out, mtime, mtime)
  return { dir, out, build, first: readFileSync(out, 'utf8'), mtime }
}

t.test('--if-changed compares the listing, not the stamp', async (t) => {
  const { dir, out, build, first, mtime: recently } = await builtBefore(t, 5)
  const again = await build('1795355400')
  t.match(again.stderr, `${out} is unchanged, left as it was (--if-changed)`)
  t.equal(readFileSync(out, 'utf8'), first, 'the listing is the same: the page, its stamp too, stays')
  t.equal(statSync(out).mtimeMs, recently * 1000, 'and its mtime')
  t.equal(stampOf(first), `Generated 22.11.2026 13:50:00 +01:00${RENEWAL}; newest line read: 22.11.2026 13:45:59 +01:00`, 'the stamp of the run that last changed it')
  const merged = (epoch: string) => runCli(['merge', '--if-changed', '-o', `${dir}/merged.html`, `${dir}/rows.ndjson`], { env: { SOURCE_DATE_EPOCH: epoch } })
  t.equal((await runCli(['build', '--emit', 'ndjson', `${dir}/access.log`, '-o', `${dir}/rows.ndjson`])).code, 0)
  t.equal((await merged('1795351800')).code, 0)
  t.equal(stampOf(readFileSync(`${dir}/merged.html`, 'utf8')), `Generated 22.11.2026 13:50:00 +01:00${RENEWAL}; newest row read: 22.11.2026 13:45:41 +01:00`, 'merge: the newest row')
  utimesSync(`${dir}/merged.html`, recently, recently)
  t.equal((await merged('1795355400')).code, 0)
  t.equal(statSync(`${dir}/merged.html`).mtimeMs, recently * 1000, 'merge --if-changed too')

  writeFileSync(`${dir}/access.log`, `${LOG}${line('192.0.2.4', 59)}`)
  const changed = await build('1795355400')
  t.notMatch(changed.stderr, 'unchanged')
  t.equal(stampOf(readFileSync(out, 'utf8')), `Generated 22.11.2026 14:50:00 +01:00${RENEWAL}; newest line read: 22.11.2026 13:45:59 +01:00`, 'a changed listing: written, stamped now')
})

t.test('--if-changed: a page left alone 10 minutes is written again, so a stopped cron job does not look like a quiet shop', async (t) => {
  const { out, build, first, mtime: old } = await builtBefore(t, 11)
  const same = await build('1795351800')
  t.match(same.stderr, 'is unchanged, left as it was (--if-changed)', 'the same SOURCE_DATE_EPOCH: the same bytes, left alone however old')
  t.equal(statSync(out).mtimeMs, old * 1000)
  const later = await build('1795352460')
  t.notMatch(later.stderr, 'unchanged')
  t.ok(statSync(out).mtimeMs > old * 1000, 'written again')
  t.equal(stampOf(readFileSync(out, 'utf8')), `Generated 22.11.2026 14:01:00 +01:00${RENEWAL}; newest line read: 22.11.2026 13:45:59 +01:00`, 'stamped by this run')
  t.equal(readFileSync(out, 'utf8').replace(/<p class="page-stamp">.*<\/p>/, ''), first.replace(/<p class="page-stamp">.*<\/p>/, ''), 'the rest as it was')
})
