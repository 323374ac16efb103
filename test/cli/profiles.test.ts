/**
 * Every token leads to its profile: in a single page to a section below the
 * table, with `--out-dir` to a page of a small static site that is published
 * as a whole.
 */

import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, posix } from 'node:path'
import t, { type Test } from 'tap'
import { HOST_TAG } from '../../src/write/temp-files.js'
import { detailFields, detailSections, tableRows, tokenLinks, unescapeHtml } from '../helpers/page.js'
import { fixture, ROOT, runCli } from '../helpers/run-cli.js'

const NGINX = 'fixtures/nginx/access.log'

/** Every file under `dir`, relative, sorted. */
const tree = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => statSync(join(dir, name)).isFile()).sort()

const MARKER = '.profiler-search-site'

/**
 * A small combined/common log with every kind of value a detail shows:
 * a remote user and an escaped quote, IPv6 with an absolute-form target and
 * 0 bytes, a `common` line without bytes, hostile text, and a line that is
 * not listed (POST).
 */
const HANDMADE = [
  '203.0.113.7 - anna [22/Nov/2026:10:00:01 +0100] "GET /moebel/ HTTP/1.1" 200 5120 "https://www.google.de/" "Mozilla/5.0 (X11; Linux x86_64) \\x22quoted\\x22"',
  '2001:db8::7 - - [22/Nov/2026:10:00:02 +0100] "GET http://shop.example/moebel/12/sofa-bergen-3-sitzer HTTP/1.1" 200 0 "-" "curl/8.5.0"',
  '198.51.100.9 - - [22/Nov/2026:10:00:03 +0100] "GET /robots.txt HTTP/1.0" 200 -',
  '198.51.100.9 - - [22/Nov/2026:10:00:03 +0100] "POST /moebel/ HTTP/1.1" 200 17 "-" "curl/8.5.0"',
  '192.0.2.66 - - [22/Nov/2026:10:00:04 +0100] "GET /sitemap_index.xml HTTP/1.1" 200 42 "javascript:alert(1)" "<script>alert(1)</script>\\x1B[31m\\xE2\\x80\\xAE"',
].join('\n') + '\n'

const handmadeDir = (t: Test): string => t.testdir({ 'access.log': HANDMADE })

t.test('single page: each token links to its section; exact sections of a handmade log', async (t) => {
  const cwd = handmadeDir(t)
  const r = await runCli(['build', 'access.log'], { cwd })
  t.equal(r.code, 0)
  t.equal(r.stderr, '')
  t.strictSame(tokenLinks(r.stdout), ['#profile-6b02af14a89f4', '#profile-6b02af13b5baf', '#profile-6b02af127aab4', '#profile-6b02af111bd5d'])
  t.strictSame(tableRows(r.stdout).map((cells) => cells[5]), ['6b02af14a89f4', '6b02af13b5baf', '6b02af127aab4', '6b02af111bd5d'])
  t.strictSame(detailSections(r.stdout), [
    {
      id: 'profile-6b02af14a89f4',
      heading: '/sitemap_index.xml',
      summary: [['Method', 'GET'], ['HTTP Status', '200'], ['IP', '192.0.2.66'], ['Profiled on', '22.11.2026 10:00:04'], ['Token', '6b02af14a89f4']],
      log: [
        ['Request line', 'GET /sitemap_index.xml HTTP/1.1'],
        ['Referer', 'javascript:alert(1)'],
        ['User agent', '<script>alert(1)</script>\u241b[31m<U+202E>'],
        ['Bytes sent', '42'],
        ['Raw line', '192.0.2.66 - - [22/Nov/2026:10:00:04 +0100] "GET /sitemap_index.xml HTTP/1.1" 200 42 "javascript:alert(1)" "<script>alert(1)</script>\\x1B[31m\\xE2\\x80\\xAE"'],
        ['Source', 'access.log:5'],
      ],
      back: '#search-results',
    },
    {
      id: 'profile-6b02af13b5baf',
      heading: '/robots.txt',
      summary: [['Method', 'GET'], ['HTTP Status', '200'], ['IP', '198.51.100.9'], ['Profiled on', '22.11.2026 10:00:03'], ['Token', '6b02af13b5baf']],
      log: [
        ['Request line', 'GET /robots.txt HTTP/1.0'],
        ['Raw line', '198.51.100.9 - - [22/Nov/2026:10:00:03 +0100] "GET /robots.txt HTTP/1.0" 200 -'],
        ['Source', 'access.log:3'],
      ],
      back: '#search-results',
    },
    {
      id: 'profile-6b02af127aab4',
      heading: '/moebel/12/sofa-bergen-3-sitzer',
      summary: [['Method', 'GET'], ['HTTP Status', '200'], ['IP', '2001:db8::7'], ['Profiled on', '22.11.2026 10:00:02'], ['Token', '6b02af127aab4']],
      log: [
        ['Request line', 'GET http://shop.example/moebel/12/sofa-bergen-3-sitzer HTTP/1.1'],
        ['User agent', 'curl/8.5.0'],
        ['Bytes sent', '0'],
        ['Raw line', '2001:db8::7 - - [22/Nov/2026:10:00:02 +0100] "GET http://shop.example/moebel/12/sofa-bergen-3-sitzer HTTP/1.1" 200 0 "-" "curl/8.5.0"'],
        ['Source', 'access.log:2'],
      ],
      back: '#search-results',
    },
    {
      id: 'profile-6b02af111bd5d',
      heading: '/moebel/',
      summary: [['Method', 'GET'], ['HTTP Status', '200'], ['IP', '203.0.113.7'], ['Profiled on', '22.11.2026 10:00:01'], ['Token', '6b02af111bd5d']],
      log: [
        ['Request line', 'GET /moebel/ HTTP/1.1'],
        ['Remote user', 'anna'],
        ['Referer', 'https://www.google.de/'],
        ['User agent', 'Mozilla/5.0 (X11; Linux x86_64) "quoted"'],
        ['Bytes sent', '5120'],
        ['Raw line', '203.0.113.7 - anna [22/Nov/2026:10:00:01 +0100] "GET /moebel/ HTTP/1.1" 200 5120 "https://www.google.de/" "Mozilla/5.0 (X11; Linux x86_64) \\x22quoted\\x22"'],
        ['Source', 'access.log:1'],
      ],
      back: '#search-results',
    },
  ])
  t.match(r.stdout, '<dt>User agent</dt>\n<dd>&lt;script&gt;alert(1)&lt;/script&gt;\u241b[31m&lt;U+202E&gt;</dd>', 'hostile text is escaped')
  t.notMatch(r.stdout, /<script|href="javascript/i)
})

t.test('--tz changes "Profiled on" like the Time column', async (t) => {
  const cwd = handmadeDir(t)
  const r = await runCli(['build', '--tz', 'America/New_York', 'access.log'], { cwd })
  t.equal(r.code, 0)
  t.strictSame(detailSections(r.stdout).map((s) => s.summary[3]), [
    ['Profiled on', '22.11.2026 4:00:04'], ['Profiled on', '22.11.2026 4:00:03'], ['Profiled on', '22.11.2026 4:00:02'], ['Profiled on', '22.11.2026 4:00:01'],
  ])
})

/** The combined-format fields of a raw nginx line, as our reader of the fixture sees them (no escapes in the lines used). */
const COMBINED = /^(\S+) - (\S+) \[([^\]]+)\] "([^"]*)" (\d{3}) (\d+|-) "([^"]*)" "([^"]*)"$/

t.test('single page: the nginx fixture, every token, and exact sections for the three newest rows', async (t) => {
  const r = await runCli(['build', NGINX])
  t.equal(r.code, 0)
  const rows = tableRows(r.stdout)
  const sections = detailSections(r.stdout)
  t.equal(rows.length, 10)
  t.strictSame(tokenLinks(r.stdout), rows.map((cells) => `#profile-${cells[5]}`), 'every token links to #profile-<token>')
  t.strictSame(sections.map((s) => s.id), rows.map((cells) => `profile-${cells[5]}`), 'one section per row, in row order')
  t.strictSame(sections.map((s) => s.back), rows.map(() => '#search-results'))

  const lines = readFileSync(fixture('nginx/access.log'), 'utf8').trimEnd().split('\n')
  for (const cells of rows.slice(0, 3)) {
    const [status, ip, method, url, time, token] = cells as [string, string, string, string, string, string]
    const [day, month, year, clock] = time.split(/[. ]/) as [string, string, string, string]
    const logged = `[${day}/${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(month) - 1]}/${year}:${clock.padStart(8, '0')} `
    const matching = lines.flatMap((line, i) => (line.startsWith(`${ip} `) && line.includes(logged) && line.includes(`"${method} ${url} `) ? [i] : []))
    t.equal(matching.length, 1, `one fixture line for ${url}`)
    const index = matching[0] as number
    const line = lines[index] as string
    const m = COMBINED.exec(line)
    if (!m) throw new Error(`not a plain combined line: ${line}`)
    const [, , , , request, , bytes, referer, agent] = m as unknown as string[]
    const section = sections.find((s) => s.id === `profile-${token}`)
    t.strictSame(section, {
      id: `profile-${token}`,
      heading: url,
      summary: [['Method', method], ['HTTP Status', status], ['IP', ip], ['Profiled on', time], ['Token', token]],
      log: [
        ['Request line', request],
        ...(referer === '-' ? [] : [['Referer', referer]]),
        ...(agent === '-' ? [] : [['User agent', agent]]),
        ...(bytes === '-' ? [] : [['Bytes sent', bytes]]),
        ['Raw line', line],
        ['Source', `${NGINX}:${index + 1}`],
      ],
      back: '#search-results',
    }, `section of ${token}`)
  }
})

/** Resolves a relative link of a site page to a path inside the site. */
const resolveLink = (page: string, href: string): string => posix.normalize(posix.join(posix.dirname(page), href))

/** The href and src targets of a page, unescaped, without in-page anchors. */
const links = (html: string): string[] =>
  [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => unescapeHtml(m[1] ?? '')).filter((href) => !href.startsWith('#'))

t.test('--out-dir: the site, its exact files, and every link resolves', async (t) => {
  const dir = t.testdir({})
  const single = await runCli(['build', NGINX])
  const r = await runCli(['build', NGINX, '--out-dir', `${dir}/site`])
  t.equal(r.code, 0)
  t.equal(r.stderr, '')
  t.equal(r.stdout, '', 'nothing on stdout')
  t.strictSame(readdirSync(dir), ['site'], 'no temporary folder left next to it')

  const index = readFileSync(`${dir}/site/index.html`, 'utf8')
  const tokens = tableRows(index).map((cells) => cells[5] as string)
  t.strictSame(tableRows(index), tableRows(single.stdout), 'the same rows and tokens as the single page')
  t.strictSame(tree(`${dir}/site`), [MARKER, 'index.html', 'profile-search.css', ...tokens.map((token) => `profiles/${token}.html`).sort()])
  t.strictSame(tokenLinks(index), tokens.map((token) => `profiles/${token}.html`))
  t.equal(readFileSync(`${dir}/site/profile-search.css`, 'utf8'), readFileSync(join(ROOT, 'templates/page.css'), 'utf8').trimEnd() + '\n')
  t.notMatch(index, /<section|<style/)

  const pages = ['index.html', ...tokens.map((token) => `profiles/${token}.html`)]
  for (const page of pages) {
    const html = readFileSync(join(dir, 'site', page), 'utf8')
    t.match(html, `content="default-src 'none'; style-src 'self'; base-uri 'none'; form-action 'none'"`)
    t.notMatch(html, /<script|<style/)
    for (const href of links(html)) t.ok(existsSync(join(dir, 'site', resolveLink(page, href))), `${page} → ${href}`)
  }

  const [first] = tableRows(index) as [string[]]
  const profile = readFileSync(`${dir}/site/profiles/${first[5]}.html`, 'utf8')
  t.strictSame(links(profile), ['../profile-search.css', '../index.html'])
  t.match(profile, `<title>Profile ${first[5]}</title>`)
  t.match(profile, `<h2 class="break-long-words">${first[3]}</h2>`)
  const singleSection = detailSections(single.stdout)[0]
  t.strictSame(detailFields(profile), [...(singleSection?.summary ?? []), ...(singleSection?.log ?? [])],
    'the profile page shows what the single page\'s section shows')
})

t.test('--out-dir: a second run with fewer rows removes the stale profile pages', async (t) => {
  const dir = t.testdir({})
  const site = `${dir}/site`
  t.equal((await runCli(['build', NGINX, '--out-dir', site])).code, 0)
  const before = tree(`${site}/profiles`)
  t.equal(before.length, 10)
  const r = await runCli(['build', NGINX, '--limit', '3', '--out-dir', site])
  t.equal(r.code, 0)
  t.equal(r.stderr, '')
  const tokens = tableRows(readFileSync(`${site}/index.html`, 'utf8')).map((cells) => `${cells[5]}.html`)
  t.equal(tokens.length, 3)
  t.strictSame(tree(`${site}/profiles`), [...tokens].sort())
  t.strictSame(tokens, before.slice(-3).reverse(), 'the three newest stay (tokens sort by time)')
  t.strictSame(readdirSync(dir), ['site'], 'no backup or temporary folder left')
})

t.test('--out-dir refuses a folder it did not make, and leaves it alone', async (t) => {
  const dir = t.testdir({ www: { 'index.php': '<?php echo 1;' } })
  const r = await runCli(['build', NGINX, '--out-dir', `${dir}/www`])
  t.equal(r.code, 2)
  t.equal(r.stderr, `profiler-search: refusing to replace --out-dir ${dir}/www: the folder holds files profiler-search did not write (give a new or empty folder; a site made by --out-dir carries ${MARKER})\n`)
  t.equal(r.stdout, '')
  t.strictSame(tree(`${dir}/www`), ['index.php'])
  t.strictSame(readdirSync(dir), ['www'])
})

t.test('--out-dir uses an empty folder, and names a file in the way', async (t) => {
  const dir = t.testdir({ empty: {}, file: 'x' })
  t.equal((await runCli(['build', NGINX, '--out-dir', `${dir}/empty`])).code, 0)
  t.ok(existsSync(`${dir}/empty/index.html`))
  const r = await runCli(['build', NGINX, '--out-dir', `${dir}/file`])
  t.equal(r.code, 2)
  t.equal(r.stderr, `profiler-search: cannot write --out-dir ${dir}/file: it is a file (give a folder: it is created if missing)\n`)
  const missing = await runCli(['build', NGINX, '--out-dir', `${dir}/no/such/site`])
  t.equal(missing.code, 2)
  t.equal(missing.stderr, `profiler-search: cannot write --out-dir ${dir}/no/such/site: its folder does not exist (choose another --out-dir)\n`)
})

t.test('--out-dir: a failed run leaves the previous site as it was', async (t) => {
  const dir = t.testdir({})
  const site = `${dir}/site`
  t.equal((await runCli(['build', NGINX, '--out-dir', site])).code, 0)
  const before = tree(site).map((name) => [name, readFileSync(join(site, name), 'utf8')])
  const missing = await runCli(['build', NGINX, `${dir}/missing.log`, '--out-dir', site])
  t.equal(missing.code, 2)
  t.equal(missing.stderr, `profiler-search: cannot read ${dir}/missing.log: no such file (check the path; use - to read stdin)\n`)
  const notLog = await runCli(['build', fixture('handmade/not-a-log.txt'), '--out-dir', site])
  t.equal(notLog.code, 1)
  t.strictSame(tree(site).map((name) => [name, readFileSync(join(site, name), 'utf8')]), before)
  t.strictSame(readdirSync(dir), ['site'])
})

t.test('--out-dir is checked before any input is read', async (t) => {
  const dir = t.testdir({ www: { 'index.php': 'x' } })
  // stdin is a log that would be read for a while: the refusal comes first.
  const r = await runCli(['build', '-', '--out-dir', `${dir}/www`], { input: HANDMADE })
  t.equal(r.code, 2)
  t.match(r.stderr, /^profiler-search: refusing to replace --out-dir /)
})

t.test('--out-dir option errors', async (t) => {
  const dir = t.testdir({})
  for (const args of [['-o', `${dir}/out.html`, '--out-dir', `${dir}/site`], ['--out-dir', `${dir}/site`, '--output', `${dir}/out.html`]]) {
    const both = await runCli(['build', NGINX, ...args])
    t.equal(both.code, 2)
    t.equal(both.stderr, "profiler-search: option '--out-dir <dir>' cannot be used with option '-o, --output <file>' (see profiler-search build --help)\n")
  }
  const emit = await runCli(['build', NGINX, '--emit', 'json', '--out-dir', `${dir}/site`])
  t.equal(emit.code, 2)
  t.equal(emit.stderr, "profiler-search: option '--out-dir <dir>' cannot be used with '--emit json' (the site is HTML; write json with -o FILE or to stdout)\n")
  const empty = await runCli(['build', NGINX, '--out-dir', ''])
  t.equal(empty.code, 2)
  t.equal(empty.stderr, "profiler-search: option '--out-dir <dir>' argument '' is invalid. give a folder path, e.g. --out-dir /var/www/profiler (it is created if missing) (see profiler-search build --help)\n")
  const html = await runCli(['build', NGINX, '--emit', 'html', '--out-dir', `${dir}/site`])
  t.equal(html.code, 0, '--emit html is the site\'s format')
  t.strictSame(readdirSync(dir), ['site'], 'nothing written by the refused runs')
})

t.test('--out-dir that is a symbolic link is refused; nothing is written through it', async (t) => {
  const dir = t.testdir({ releases: { site: {} }, current: t.fixture('symlink', 'releases/site') })
  const r = await runCli(['build', NGINX, '--out-dir', `${dir}/current`])
  t.equal(r.code, 2)
  t.equal(r.stderr, `profiler-search: cannot write --out-dir ${dir}/current: it is a symbolic link (give the folder it points to; a link is never followed)\n`)
  t.strictSame(readdirSync(`${dir}/releases/site`), [], 'the folder it points to is untouched')
  t.strictSame(readdirSync(dir).sort(), ['current', 'releases'])
  t.ok(lstatSync(`${dir}/current`).isSymbolicLink(), 'the link is left as it was')
})

// Leftovers of a run killed with SIGKILL are named after their writer's PID.
t.test('--out-dir removes a temporary folder left by a killed run', async (t) => {
  const dir = t.testdir({})
  t.equal((await runCli(['build', NGINX, '--out-dir', `${dir}/site`])).code, 0)
  const stale = join(dir, `.site.${HOST_TAG}.999999999.abcdefabcdef.site-new`)
  mkdirSync(join(stale, 'profiles'), { recursive: true })
  writeFileSync(join(stale, 'index.html'), 'half')
  t.equal((await runCli(['build', NGINX, '--out-dir', `${dir}/site`])).code, 0)
  t.strictSame(readdirSync(dir), ['site'])
  t.match(readFileSync(`${dir}/site/index.html`, 'utf8'), /<\/html>\n$/)
})

t.test('--out-dir: two runs at the same time leave one complete site', async (t) => {
  const dir = t.testdir({})
  const site = `${dir}/site`
  const [a, b] = await Promise.all([
    runCli(['build', NGINX, '--limit', '2', '--out-dir', site]),
    runCli(['build', NGINX, '--limit', '4', '--out-dir', site]),
  ])
  for (const r of [a, b]) {
    t.ok(r.code === 0 || (r.code === 2 && r.stderr === `profiler-search: cannot write --out-dir ${site}: another run published there at the same time (choose another --out-dir)\n`), r.stderr)
  }
  t.strictSame(readdirSync(dir), ['site'])
  const tokens = tableRows(readFileSync(`${site}/index.html`, 'utf8')).map((cells) => `${cells[5]}.html`)
  t.ok(tokens.length === 2 || tokens.length === 4)
  t.strictSame(tree(`${site}/profiles`), [...tokens].sort(), 'the profile pages of the run whose index is there')
})
