/**
 * What serve answers, over HTTP in this process: the gates in order (Host,
 * method, body, credentials), the pages by path, a bad parameter beside its
 * field, the logs failing, a bug; the security headers on every answer, and
 * one access-log line per request.
 */

import { renameSync, rmSync, writeFileSync } from 'node:fs'
import t, { type Test } from 'tap'
import { FailedLogins } from '../../../../src/jobs/serve/failed-logins.js'
import { Htpasswd } from '../../../../src/jobs/serve/htpasswd.js'
import { HttpServer } from '../../../../src/jobs/serve/http-server.js'
import { usageError, type UserError } from '../../../../src/errors.js'
import { openInputs } from '../../../../src/input/open-inputs.js'
import { asInputError } from '../../../../src/input/read-error.js'
import { answer, shownFailure, type Routes } from '../../../../src/jobs/serve/routes.js'
import { BUSY, type Searcher } from '../../../../src/jobs/serve/search.js'
import { SECURITY_HEADERS } from '../../../../src/jobs/serve/security-headers.js'
import { pageStamp } from '../../../../src/profile/page-stamp.js'
import { detailFields, tableRows, tokenLinks, unescapeHtml } from '../../../helpers/page.js'
import { fixture, runCli } from '../../../helpers/run-cli.js'
import { request, serveOptions, startTestServer, type Response } from '../../../helpers/serve.js'
import { testJobIO } from '../../../helpers/job-io.js'

const NGINX = fixture('nginx/access.log')
// written by `htpasswd -nbB alice s3cret`
const ALICE = 'alice:$2y$05$WbGIptCpY13T6U4q/56bN.qB4W0aLNtvg6ituaU6q4yfFI4NVelqa'

const hasSecurityHeaders = (t: Test, r: Response, what: string): void => {
  for (const [name, value] of Object.entries(SECURITY_HEADERS)) t.equal(r.headers[name.toLowerCase()], value, `${what}: ${name}`)
}

/** The text of the element with this id. */
const textOf = (html: string, id: string): string | undefined => {
  const match = new RegExp(`<p class="field-problem" id="${id}">([^<]*)</p>`).exec(html)
  return match ? unescapeHtml(match[1] as string) : undefined
}

t.test('the default page: build\'s page, with the form enabled and sent here', async (t) => {
  const server = await startTestServer(t, [NGINX])
  const r = await server.get('/')
  t.equal(r.status, 200)
  t.equal(r.headers['content-type'], 'text/html; charset=utf-8')
  hasSecurityHeaders(t, r, '/')
  t.strictSame(tableRows(r.body), tableRows((await runCli(['build', NGINX])).stdout))
  t.match(r.body, '<meta http-equiv="Content-Security-Policy" content="default-src \'none\'; style-src \'self\'; base-uri \'none\'; form-action \'self\'">')
  t.match(r.body, '<link rel="stylesheet" href="/profile-search.css">')
  t.match(r.body, '<form id="search-form" action="/" method="get">')
  t.notMatch(r.body, /disabled|<script/i)
  t.match(r.body, '<a class="btn btn-sm" href="/?limit&#x3D;10">Last 10</a>')
  const newest = tableRows(r.body)[0]?.[5] as string
  t.match(r.body, `<a class="btn btn-sm" href="/profiles/${newest}.html">Latest</a>`)
  t.strictSame(tokenLinks(r.body).slice(0, 1), [`/profiles/${newest}.html`])
  t.match(server.accessLog(), [/^127\.0\.0\.1 - - \[\d\d\/\w{3}\/\d{4}:\d\d:\d\d:\d\d [+-]\d{4}\] "GET \/ HTTP\/1\.1" 200 \d+ "-" "-"$/])
})

t.test('a search keeps its values; its token links carry it, and a token\'s page leads back to it', async (t) => {
  const server = await startTestServer(t, [NGINX])
  const r = await server.get('/?method=&status_code=4xx&url=%2F&limit=50')
  t.equal(r.status, 200)
  t.match(r.body, '<option value="" selected>Any</option>')
  t.match(r.body, '<input type="text" id="search-status_code" name="status_code" value="4xx"')
  t.match(r.body, '<option value="50" selected>50</option>')
  const links = tokenLinks(r.body)
  t.ok(links.length > 0)
  const query = '?method=&status_code=4xx&url=%2F&limit=50'
  t.ok(links.every((link) => link.endsWith(`.html${query}`)), 'each token link carries the search')
  const page = await server.get(links[0] as string)
  t.equal(page.status, 200)
  hasSecurityHeaders(t, page, 'a token\'s page')
  t.match(page.body, `<p class="back"><a href="/${query.replace(/=/g, '&#x3D;').replace(/&(?!#)/g, '&amp;')}">Back to the results</a></p>`)
  const token = /\/profiles\/([0-9a-f]{13})\.html/.exec(links[0] as string)?.[1] as string
  t.strictSame(detailFields(page.body).find(([label]) => label === 'Token'), ['Token', token])
  t.match(page.body, '<link rel="stylesheet" href="../profile-search.css">', 'the stylesheet as the site has it: /profile-search.css from here')
})

t.test('a token\'s page: 404 when no row of its search has it; a bad search is 400', async (t) => {
  const server = await startTestServer(t, [NGINX])
  const missing = await server.get('/profiles/00000001abcde.html')
  t.equal(missing.status, 404)
  t.match(missing.body, '<p class="message">No row of this search has the token 00000001abcde.</p>')
  const bad = await server.get('/profiles/00000001abcde.html?limit=0')
  t.equal(bad.status, 400)
  t.match(bad.body, 'The search this token was found in cannot be read: limit: give a number of results from 1 to 1000.')
  t.equal((await server.get('/profiles/6B02E3F426E8D.html')).status, 404, 'tokens as the pages name them: lower case')
})

t.test('a bad parameter: 400, the page with the message beside its field; the server goes on', async (t) => {
  const server = await startTestServer(t, [NGINX])
  const r = await server.get('/?start=yesterday&end=2026-11-22&limit=5000')
  t.equal(r.status, 400)
  hasSecurityHeaders(t, r, '400')
  t.match(r.body, '<h2>No search was run</h2>')
  t.match(r.body, /<p class="search-stopped" role="status">Correct the field marked in the search form\. From: give an ISO date .*\. Results: give a number of results from 1 to 1000\.<\/p>/)
  t.strictSame(tableRows(r.body), [])
  t.match(r.body, '<input type="text" id="search-start" name="start" value="yesterday" placeholder="2026-11-22 or …T10:00" aria-invalid="true" aria-describedby="search-start-problem">')
  t.match(textOf(r.body, 'search-start-problem'), /^give an ISO date such as 2026-11-22/)
  t.equal(textOf(r.body, 'search-limit-problem'), 'give a number of results from 1 to 1000')
  t.equal(textOf(r.body, 'search-end-problem'), undefined)
  t.notMatch(r.body, /at .*\.ts:\d+|Error:/, 'no stack trace')
  t.equal((await server.get('/')).status, 200, 'the server answers on')
})

t.test('the stylesheet: the site\'s and the form\'s rules', async (t) => {
  const server = await startTestServer(t, [NGINX])
  const r = await server.get('/profile-search.css')
  t.equal(r.status, 200)
  t.equal(r.headers['content-type'], 'text/css; charset=utf-8')
  hasSecurityHeaders(t, r, 'the stylesheet')
  t.match(r.body, /^\*, \*::before, \*::after \{/)
  t.match(r.body, '#search-form input, #search-form select {')
  const head = await server.get('/profile-search.css', { method: 'HEAD' })
  t.equal(head.status, 200)
  t.equal(head.body, '', 'HEAD: the headers only')
  hasSecurityHeaders(t, head, 'HEAD')
  t.match(server.accessLog().at(-1), /"HEAD \/profile-search\.css HTTP\/1\.1" 200 0 /, 'no body bytes sent')
})

t.test('everything else: 404; methods other than GET and HEAD: 405; a body: 400', async (t) => {
  const server = await startTestServer(t, [NGINX])
  for (const path of ['/index.html', '/profiles/', '/profiles/6b02e3f426e8d', '/profiles/../profile-search.css.bak', '/favicon.ico', '//']) {
    const r = await server.get(path)
    t.equal(r.status, 404, path)
    hasSecurityHeaders(t, r, path)
  }
  for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'TRACE']) {
    const r = await server.get('/', { method })
    t.equal(r.status, 405, method)
    t.equal(r.headers.allow, 'GET, HEAD')
    hasSecurityHeaders(t, r, method)
  }
  const body = await server.get('/', { headers: { 'Content-Type': 'text/plain' }, body: 'hello' })
  t.equal(body.status, 400)
  t.equal(body.headers.connection, 'close')
  t.match(body.body, 'A request here has no body.')
})

t.test('a Host that is not this server\'s: 421 (DNS rebinding); --allow-host names one more', async (t) => {
  const server = await startTestServer(t, [NGINX], ['--allow-host', 'profiler.example.com'])
  const port = new URL(server.base).port
  for (const host of ['evil.example', `evil.example:${port}`, '127.0.0.2', `[::1]:${port}`, 'localhost.evil.example']) {
    const r = await server.get('/', { headers: { Host: host } })
    t.equal(r.status, 421, host)
    hasSecurityHeaders(t, r, host)
    t.notMatch(r.body, '<table', 'no rows')
  }
  t.equal((await server.get('/', { headers: { Host: null } })).status, 421, 'no Host at all')
  for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, 'LOCALHOST', 'profiler.example.com', 'profiler.example.com:443']) {
    t.equal((await server.get('/', { headers: { Host: host } })).status, 200, host)
  }
  t.equal((await server.get(`http://evil.example:${port}/`)).status, 421, 'an absolute target names the host too')
  t.equal((await server.get(`http://localhost:${port}/profile-search.css`)).status, 200)
})

t.test('--htpasswd: 401 without valid credentials, the page with them', async (t) => {
  const dir = t.testdir({ users: `${ALICE}\n` })
  const server = await startTestServer(t, [NGINX], ['--htpasswd', `${dir}/users`])
  const none = await server.get('/')
  t.equal(none.status, 401)
  t.equal(none.headers['www-authenticate'], 'Basic realm="Profile Search", charset="UTF-8"')
  hasSecurityHeaders(t, none, '401')
  t.notMatch(none.body, '<table')
  const auth = (user: string, password: string) => ({ Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` })
  t.equal((await server.get('/', { headers: auth('alice', 'wrong') })).status, 401)
  t.equal((await server.get('/profile-search.css', { headers: auth('mallory', 's3cret') })).status, 401, 'every path')
  const ok = await server.get('/', { headers: auth('alice', 's3cret') })
  t.equal(ok.status, 200)
  t.match(server.accessLog().at(-1), /^127\.0\.0\.1 - alice \[/, 'the user in the access log')
  t.equal((await server.get('/', { headers: { ...auth('alice', 's3cret'), Host: 'evil.example' } })).status, 421, 'the Host is checked first')
})

t.test('the default page is answered from memory: with the log gone it still lists its rows, a search is 503', async (t) => {
  const dir = t.testdir({ 'access.log': (await import('node:fs')).readFileSync(NGINX) })
  const server = await startTestServer(t, [`${dir}/access.log`])
  const before = await server.get('/?limit=50')
  rmSync(`${dir}/access.log`)
  const after = await server.get('/?limit=50')
  t.equal(after.status, 200)
  t.strictSame(tableRows(after.body), tableRows(before.body))
  const search = await server.get('/?ip=127.')
  t.equal(search.status, 503)
  hasSecurityHeaders(t, search, '503')
  t.match(search.body, '<p class="message">The logs cannot be read now: cannot read access.log: no such file (check the path; use - to read stdin).</p>',
    'the log by its file name, as the other pages name it')
  t.notMatch(search.body, dir)
  t.equal(server.warnings.at(-1), `a search failed: cannot read ${dir}/access.log: no such file (check the path; use - to read stdin)`, 'stderr has the path')
})

t.test('a log replaced by a file that is no log: the 503 names it by its file name, without its lines (--full-paths: the path)', async (t) => {
  const dir = t.testdir({ 'access.log': (await import('node:fs')).readFileSync(NGINX) })
  const notALog = 'PHP Warning: secret in /var/www/shop/Db.php\n<b>second</b>\n'
  const servers = [await startTestServer(t, [`${dir}/access.log`]), await startTestServer(t, [`${dir}/access.log`], ['--full-paths'])]
  writeFileSync(`${dir}/next.log`, notALog)
  renameSync(`${dir}/next.log`, `${dir}/access.log`)
  const [short, full] = await Promise.all(servers.map((server) => server.get('/?ip=127.')))
  const php = 'it looks like PHP error output or an error log: read its notices with --notices FILE, and give the access log as input'
  const said = `none of its 2 lines is an nginx or Apache access log line in combined or common format (${php}).</p>`
  t.equal(short?.status, 503)
  t.match(short?.body, `<p class="message">The logs cannot be read now: access.log: ${said}`)
  t.notMatch(short?.body, /secret|second|Db\.php/, 'no line of the file')
  t.notMatch(short?.body, dir)
  t.match(full?.body, `<p class="message">The logs cannot be read now: ${dir}/access.log: ${said}`)
  t.notMatch(full?.body, /secret|second|Db\.php/, 'no line of the file with --full-paths either')
  t.equal(servers[0]?.warnings.at(-1), `a search failed: ${dir}/access.log: none of its 2 lines is an nginx or Apache access log line in combined or common format `
    + `(first: "PHP Warning: secret in /var/www/shop/Db.php") (${php})`, 'stderr has it all')
})

t.test('shownFailure: the input by its file name wherever the message and hint name it; a message of no input as it is', async (t) => {
  const gz = asInputError(Object.assign(new Error('unexpected end of file'), { code: 'Z_BUF_ERROR' }), '/var/log/nginx/access.log.2.gz', true) as UserError
  t.equal(shownFailure(gz, false), 'cannot read access.log.2.gz: the gzip data is truncated or corrupt (unexpected end of file) (check the file with gzip -t)')
  t.equal(shownFailure(gz, true), 'cannot read /var/log/nginx/access.log.2.gz: the gzip data is truncated or corrupt (unexpected end of file) (check the file with gzip -t)')
  const dir = t.testdir({ logs: {} })
  const folder = await openInputs([`${dir}/logs/`], () => process.stdin, '/').catch((e: UserError) => e)
  t.equal(shownFailure(folder as UserError, false), 'cannot read logs/: it is a folder (name the log files in it, e.g. logs/access.log)', 'a folder named with a slash')
  t.equal(shownFailure(usageError('the ClickHouse server at ch1:8123 did not answer'), false), 'the ClickHouse server at ch1:8123 did not answer')
})

t.test('failed logins: 429 with Retry-After once an address failed N times; another address, and credentials proven before, still get in', async (t) => {
  let now = 1_000_000
  const users = await Htpasswd.load('users', t.testdir({ users: `${ALICE}\n` }))
  const routes: Routes = {
    searcher: { find: () => Promise.resolve({ rows: [], cut: null }) } as unknown as Searcher, options: serveOptions([NGINX]), htpasswd: users,
    logins: new FailedLogins({ failures: 3, windowMs: 60_000, clients: 100 }, () => now), hosts: new Set(['127.0.0.1']), searches: new Set(),
    stamp: () => pageStamp(0, null, null, 'line'), io: testJobIO('/').io,
  }
  const server = await HttpServer.listen({ host: '127.0.0.1', port: 0 }, (exchange) => answer(routes, exchange), () => undefined)
  t.teardown(() => server.close())
  const base = `http://127.0.0.1:${server.address.port}`
  const get = async (from: string, user?: string, password?: string): Promise<Response> =>
    request(base, '/', { localAddress: from, headers: user === undefined ? {} : { Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` } })
  const statuses = async (from: string, user: string | undefined, password: string | undefined, n: number): Promise<number[]> => {
    const seen: number[] = []
    for (let i = 0; i < n; i++) seen.push((await get(from, user, password)).status)
    return seen
  }
  t.strictSame(await statuses('127.0.0.2', undefined, undefined, 5), [401, 401, 401, 401, 401], 'no credentials: 401, and not counted')
  for (let i = 0; i < 3; i++) {
    t.equal((await get('127.0.0.2', i === 1 ? 'mallory' : 'alice', 'wrong')).status, 401, 'a wrong password, or an unknown user')
    now += 10_000
  }
  const locked = await get('127.0.0.2', 'mallory', 'guess')
  t.equal(locked.status, 429)
  t.equal(locked.headers['retry-after'], '30', 'until the first failure leaves the window')
  t.match(locked.body, '<p class="message">Too many failed logins from this address: try again in 30 seconds.</p>')
  t.notOk(locked.headers['www-authenticate'])
  t.equal(locked.headers.connection, 'close', 'a client that goes on connects again')
  t.equal((await get('127.0.0.2', 'alice', 's3cret')).status, 429, 'right credentials not proven before: not checked while it is closed')
  t.equal((await get('127.0.0.1', 'alice', 's3cret')).status, 200, 'another address: let in during the lockout')
  t.equal((await get('127.0.0.2', 'alice', 's3cret')).status, 200, 'credentials proven before: let in without a check')
  t.equal((await get('127.0.0.2', 'alice', 'wrong')).status, 429)
  now += 30_000
  t.strictSame(await statuses('127.0.0.2', 'alice', 'wrong', 2), [401, 429], 'the first failure left the window: one more try, then closed again')
})

t.test('failed logins: checks under way count, so a flood of one address costs at most N checks', async (t) => {
  const checks: (() => void)[] = []
  const users = await Htpasswd.load('users', t.testdir({ users: `${ALICE}\n` }), () => new Promise((resolve) => checks.push(() => resolve(false))))
  const routes: Routes = {
    searcher: { find: () => Promise.reject(new Error('not searched')) } as unknown as Searcher, options: serveOptions([NGINX]), htpasswd: users,
    logins: new FailedLogins({ failures: 3, windowMs: 60_000, clients: 100 }), hosts: new Set(['127.0.0.1']), searches: new Set(),
    stamp: () => pageStamp(0, null, null, 'line'), io: testJobIO('/').io,
  }
  const server = await HttpServer.listen({ host: '127.0.0.1', port: 0 }, (exchange) => answer(routes, exchange), () => undefined)
  t.teardown(() => server.close())
  const statuses: number[] = []
  const flood = Array.from({ length: 8 }, () => request(`http://127.0.0.1:${server.address.port}`, '/',
    { localAddress: '127.0.0.3', headers: { Authorization: `Basic ${Buffer.from('alice:guess').toString('base64')}` } })
    .then((r) => void statuses.push(r.status)))
  // each of the eight is either being checked or answered
  while (checks.length + statuses.length < 8) await new Promise((resolve) => setTimeout(resolve, 10))
  t.equal(checks.length, 3, 'three checks under way')
  t.strictSame(statuses, [429, 429, 429, 429, 429], 'the other five answered at once')
  for (const release of checks) release()
  await Promise.all(flood)
  t.strictSame(statuses.slice(5), [401, 401, 401])
})

t.test('every search taken: 503 with Retry-After; a bug: 500, its stack on stderr only', async (t) => {
  const options = serveOptions([NGINX])
  const run = testJobIO('/')
  let searcher: Partial<Searcher> = { find: () => Promise.resolve(BUSY) }
  const routes: Routes = {
    searcher: searcher as Searcher, options, htpasswd: null, logins: new FailedLogins(), hosts: new Set(['127.0.0.1', 'localhost']), searches: new Set(), stamp: () => pageStamp(0, null, null, 'line'),
    io: run.io,
  }
  const server = await HttpServer.listen({ host: '127.0.0.1', port: 0 }, (exchange) => answer({ ...routes, searcher: searcher as Searcher }, exchange), () => undefined)
  t.teardown(() => server.close())
  const base = `http://127.0.0.1:${server.address.port}`
  const busy = await request(base, '/?ip=1')
  t.equal(busy.status, 503)
  t.equal(busy.headers['retry-after'], '5')
  t.match(busy.body, 'Every search (--max-searches 2) is taken: try again in a few seconds.')
  searcher = { find: () => Promise.reject(new TypeError('a planted bug')) }
  const bug = await request(base, '/?ip=1')
  t.equal(bug.status, 500)
  hasSecurityHeaders(t, bug, '500')
  t.notMatch(bug.body, 'planted')
  t.match(run.warnings.at(-1), /^internal error, please report it:\nTypeError: a planted bug\n {4}at /)
})
