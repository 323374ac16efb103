import { readdirSync, utimesSync } from 'node:fs'
import t from 'tap'
import { HOST_TAG, parseTempName, removeStaleTemps, STALE_AFTER_MS, tempPathFor } from '../../../src/write/temp-files.js'

t.test('a temporary name parses back to its writer, only for its own target', async (t) => {
  const path = tempPathFor('/srv/www/index.html')
  t.match(path, new RegExp(`^/srv/www/\\.index\\.html\\.${HOST_TAG}\\.${process.pid}\\.[0-9a-f]{12}\\.tmp$`))
  const name = path.slice('/srv/www/'.length)
  t.strictSame(parseTempName('/srv/www/index.html', name), { host: HOST_TAG, pid: process.pid, kind: 'tmp' })
  t.equal(parseTempName('/srv/www/index.htm', name), null, 'another target')
  t.equal(parseTempName('/srv/www/index.html', `${name}.bak`), null)
  t.equal(parseTempName('/srv/www/index.html', '.index.html.web1.0.0123456789ab.tmp'), null, 'pid 0 is not a writer')
  t.equal(parseTempName('/srv/www/index.html', '.index.html.web1.12.0123456789AB.tmp'), null, 'upper-case hex is not ours')
  t.equal(parseTempName('/srv/www/a+b(1).html', '.a+b(1).html.web1.12.0123456789ab.tmp')?.pid, 12, 'regex characters in the name')
  t.equal(tempPathFor('/srv/www/x').length < 255, true)
  for (const long of [`/srv/${'n'.repeat(250)}`, `/srv/${'ü'.repeat(127)}`, `/srv/${'€'.repeat(85)}`]) {
    const name = tempPathFor(long).slice('/srv/'.length)
    t.ok(Buffer.byteLength(name) <= 255, `a ${Buffer.byteLength(long) - 5}-byte target name gives a valid file name`)
    t.notOk(name.includes('\ufffd'), 'cut at a character boundary')
    t.equal(parseTempName(long, name)?.pid, process.pid)
  }
})

t.test('the site folders of --out-dir use the same scheme, cut in bytes too', async (t) => {
  for (const kind of ['site-new', 'site-old'] as const) {
    const long = `/srv/${'€'.repeat(85)}`
    const name = tempPathFor(long, kind).slice('/srv/'.length)
    t.ok(Buffer.byteLength(name) <= 255, `${kind}: a valid file name`)
    t.notOk(name.includes('\ufffd'), `${kind}: cut at a character boundary`)
    t.strictSame(parseTempName(long, name), { host: HOST_TAG, pid: process.pid, kind })
  }
  t.equal(parseTempName('/srv/site', '.site.web1.12.0123456789ab.site-tmp'), null, 'only our kinds')
})

t.test('stale: same host and a dead PID, or older than a day; never an active file', async (t) => {
  const other = 'another-host'
  const dir = t.testdir({
    [`.p.html.${HOST_TAG}.101.000000000001.tmp`]: 'dead writer',
    [`.p.html.${HOST_TAG}.102.000000000002.tmp`]: 'live writer',
    [`.p.html.${HOST_TAG}.${process.pid}.000000000003.tmp`]: 'our PID, but not an active file: a reused PID',
    [`.p.html.${HOST_TAG}.${process.pid}.000000000004.tmp`]: 'active in this process',
    [`.p.html.${other}.103.000000000005.tmp`]: 'another host, fresh',
    [`.p.html.${other}.104.000000000006.tmp`]: 'another host, two days old',
    [`.p.html.${HOST_TAG}.102.000000000007.tmp`]: 'live writer, two days old',
    'p.html': 'the page',
  })
  const now = Date.now()
  const old = new Date(now - 2 * STALE_AFTER_MS)
  utimesSync(`${dir}/.p.html.${other}.104.000000000006.tmp`, old, old)
  utimesSync(`${dir}/.p.html.${HOST_TAG}.102.000000000007.tmp`, old, old)
  const removed = removeStaleTemps(`${dir}/p.html`, {
    active: new Set([`.p.html.${HOST_TAG}.${process.pid}.000000000004.tmp`]),
    now,
    alive: (pid) => pid === 102 || pid === 103 || pid === 104,
    euid: process.geteuid?.() ?? -1,
  })
  t.strictSame(removed.sort(), [
    `.p.html.${HOST_TAG}.101.000000000001.tmp`,
    `.p.html.${HOST_TAG}.102.000000000007.tmp`,
    `.p.html.${HOST_TAG}.${process.pid}.000000000003.tmp`,
    `.p.html.${other}.104.000000000006.tmp`,
  ].sort())
  t.strictSame(readdirSync(dir).sort(), [
    `.p.html.${HOST_TAG}.102.000000000002.tmp`,
    `.p.html.${HOST_TAG}.${process.pid}.000000000004.tmp`,
    `.p.html.${other}.103.000000000005.tmp`,
    'p.html',
  ].sort())
})

t.test('a missing folder removes nothing and does not throw', async (t) => {
  t.strictSame(removeStaleTemps('/nonexistent/folder/p.html', { active: new Set(), now: Date.now(), alive: () => false, euid: 0 }), [])
})
